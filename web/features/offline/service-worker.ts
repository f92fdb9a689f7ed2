import { atom, getDefaultStore } from 'jotai';
import { PUSH_WORKER_SCOPE, PUSH_WORKER_URL } from '../../lib/push-worker';
import { isLessonRoom, KEEP_MESSAGE, type KeepMessage, TAKE_OVER_MESSAGE } from './worker/offline-worker';

/** A new build's worker has installed and waits for this one's tabs to go (or for the person to reload). */
export const updateWaitingAtom = atom<ServiceWorker | null>(null);

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

/** Tells the worker which built files this page loaded before it was in control, so an offline reload finds them. */
function keepLoadedFiles(worker: ServiceWorker | null) {
  const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
  const message: KeepMessage = { type: KEEP_MESSAGE, urls };
  worker?.postMessage(message);
}

/**
 * The app's one service worker (the offline shell and push, web/public/push-sw.js as built). Only a built app
 * registers it: the dev server has no precache list.
 */
export function registerServiceWorker(container: ServiceWorkerContainer | undefined = navigator.serviceWorker) {
  if (!import.meta.env.PROD || !container) return;
  void container
    .register(PUSH_WORKER_URL, { scope: PUSH_WORKER_SCOPE })
    .then(watchForUpdate)
    .catch(console.warn);
  void container.ready.then((registration) => keepLoadedFiles(registration.active));
  container.addEventListener('controllerchange', () => keepLoadedFiles(container.controller));
}

/**
 * Asks the waiting worker to take over, then reloads once it has. The worker itself refuses while any tab has a
 * lesson room open, so a person in a lesson elsewhere keeps the code they are using.
 */
export function takeOver(worker: ServiceWorker) {
  if (isLessonRoom(location.href)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  worker.postMessage(TAKE_OVER_MESSAGE);
}
