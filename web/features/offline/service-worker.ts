import { getDefaultStore } from 'jotai';
import { PUSH_WORKER_SCOPE, PUSH_WORKER_URL, unregisterOldWorkers } from '../../lib/push-worker';
import { updateWaitingAtom } from './update-state';
import { CLAIM_MESSAGE, KEEP_MESSAGE, type KeepMessage } from './worker/offline-worker';

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

/** After a first install fails, how long to wait before each new try. */
export const INSTALL_RETRY_DELAYS_MS = [5_000, 20_000, 60_000];

/**
 * A first install that fails (one of the app's files did not arrive while precaching, on a poor connection or a busy
 * server) leaves no worker and no registration: the browser would not try again until the next full page load, and a
 * person who stays on the page has no offline app. So it registers again, a few times, further apart each time.
 */
function retryFailedInstall(registration: ServiceWorkerRegistration, again: () => Promise<ServiceWorkerRegistration>, attempt = 0) {
  const watch = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      const delay = INSTALL_RETRY_DELAYS_MS[attempt];
      if (worker.state !== 'redundant' || registration.active || delay === undefined) return;
      setTimeout(() => {
        again().then(
          (next) => retryFailedInstall(next, again, attempt + 1),
          () => undefined,
        );
      }, delay);
    });
  watch(registration.installing);
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
  const register = () => container.register(PUSH_WORKER_URL, { scope: PUSH_WORKER_SCOPE });
  void Promise.resolve(cleaned)
    .then(register)
    .then((registration) => {
      retryFailedInstall(registration, register);
      watchForUpdate(registration);
    })
    .catch(console.warn);
  void container.ready.then((registration) => {
    if (!container.controller) registration.active?.postMessage(CLAIM_MESSAGE);
    keepLoadedFiles(registration);
  });
}
