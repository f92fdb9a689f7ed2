/** The longest a deferred start waits for the page to be idle, so a busy page still gets it. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Settles once the room's first frame is painted and the main thread has a moment: work that does not show on that
 * frame (opening the documents' sockets, with their ticket requests) waits for it instead of delaying it.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    });
  });
}
