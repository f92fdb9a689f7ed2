import type * as Y from 'yjs';

/**
 * Everything this person changes from now until the returned function is called becomes one undo step: a slider
 * dragged through fifty values is taken back in one Ctrl+Z, not fifty. The board's manager makes a step of each
 * change (its capture time is 0), so for the gesture it merges every change into the step the first one opened.
 */
export function beginUndoStep(manager: Y.UndoManager | null) {
  if (!manager) return () => undefined;
  const timeout = manager.captureTimeout;
  manager.stopCapturing();
  manager.captureTimeout = Number.POSITIVE_INFINITY;
  return () => {
    manager.captureTimeout = timeout;
    manager.stopCapturing();
  };
}
