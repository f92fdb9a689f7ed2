/** The longest a deferred start waits for the page to be idle, so a busy page still gets it. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Settles once the next frame is painted and the main thread has a moment: work that does not show on the page's
 * first frame (the lesson documents' sockets with their ticket requests, the page's meta tags) waits for it
 * instead of delaying it.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    });
  });
}
