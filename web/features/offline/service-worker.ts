import { getDefaultStore } from 'jotai';
import { PUSH_WORKER_SCOPE, PUSH_WORKER_URL, unregisterOldWorkers } from '../../lib/push-worker';
import { updateWaitingAtom } from './update-state';
import { KEEP_MESSAGE, type KeepMessage } from './worker/offline-worker';

function watchForUpdate(registration: ServiceWorkerRegistration, store = getDefaultStore()) {
  const offer = (worker: ServiceWorker | null) => {
    // The first install of all is no update: nothing was controlling the page.
    if (worker && navigator.serviceWorker.controller) store.set(updateWaitingAtom, worker);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
}

/**
 * Tells the active worker about every file this page loads: those loaded before it was in control at once, and each
 * later one as it arrives, so no chunk falls between install and control and an offline reload finds them all.
 */
function keepLoadedFiles(registration: ServiceWorkerRegistration) {
  const post = (entries: PerformanceEntryList) => {
    const message: KeepMessage = { type: KEEP_MESSAGE, urls: entries.map((entry) => entry.name) };
    if (message.urls.length) registration.active?.postMessage(message);
  };
  post(performance.getEntriesByType('resource'));
  new PerformanceObserver((list) => post(list.getEntries())).observe({ type: 'resource' });
}

/**
 * The app's one service worker (the offline shell and push, web/public/push-sw.js as built). Only a built app
 * registers it: the dev server has no precache list.
 */
export function registerServiceWorker(container: ServiceWorkerContainer | undefined = navigator.serviceWorker) {
  // Spec 1's clean-up of other builds' workers runs here, once the page has loaded, not in the start-up's critical
  // path, and before this build registers: a clean-up that reads the registrations while ours is being made would
  // see it without a worker yet and take it for an old one.
  const cleaned = unregisterOldWorkers(container)?.catch(console.warn);
  if (!import.meta.env.PROD || !container) return;
  void Promise.resolve(cleaned)
    .then(() => container.register(PUSH_WORKER_URL, { scope: PUSH_WORKER_SCOPE }))
    .then(watchForUpdate)
    .catch(console.warn);
  void container.ready.then(keepLoadedFiles);
}
