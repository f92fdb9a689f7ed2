import { atom } from 'jotai';
import { isLessonRoom, TAKE_OVER_MESSAGE } from './worker/offline-worker';

/** A new build's worker has installed and waits for this one's tabs to go (or for the person to reload). */
export const updateWaitingAtom = atom<ServiceWorker | null>(null);

/**
 * Asks the waiting worker to take over, then reloads once it has. The worker itself refuses while any tab has a
 * lesson room open, so a person in a lesson elsewhere keeps the code they are using.
 */
export function takeOver(worker: ServiceWorker) {
  if (isLessonRoom(location.href)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  worker.postMessage(TAKE_OVER_MESSAGE);
}
