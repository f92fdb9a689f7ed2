import * as Y from 'yjs';
import { CONTROLS_MAP, type LessonControls } from '../../schema/contracts/lesson-controls';

export const CONTROLS_ARE_THE_TUTORS = "Only the lesson's tutor can change the lesson's controls.";
export const BOARD_READ_ONLY = 'Your tutor has made the board read-only for now, so your change was undone.';
export const PAGE_LOCKED = 'This page is locked by your tutor, so your change was undone.';
export const ELEMENT_LOCKED = 'That item is locked by your tutor: it cannot be moved, changed or erased, so your change was undone.';

type SharedType = Parameters<typeof Y.findRootTypeKey>[0];

/** The root-level name a type lives under (a page's `page:{id}`, `pageOrder`, `controls`, …). */
function rootName(type: SharedType): string | null {
  let root = type;
  while (root._item && root._item.parent instanceof Y.AbstractType) root = root._item.parent;
  try {
    return Y.findRootTypeKey(root);
  } catch {
    return null;
  }
}

const lockedId = (value: unknown, locked: ReadonlySet<string>) =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' && locked.has((value as { id: string }).id);

/** Why a student's transaction breaks the controls in force, or null when it may stand. */
function refusalFor(transaction: Y.Transaction, controls: LessonControls): string | null {
  const roots = new Set<string>();
  for (const type of transaction.changed.keys()) {
    const name = rootName(type);
    if (name !== null) roots.add(name);
  }
  if (roots.has(CONTROLS_MAP)) return CONTROLS_ARE_THE_TUTORS;
  if (controls.readOnly && roots.size > 0) return BOARD_READ_ONLY;
  if (controls.lockedPages.some((page) => roots.has(`page:${page}`))) return PAGE_LOCKED;
  if (controls.lockedElements.length === 0) return null;
  // A move or a change replaces an element (delete plus insert) and an erase deletes it: every one deletes the old value.
  const locked = new Set(controls.lockedElements);
  let touchesLocked = false;
  Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
    if (!touchesLocked && struct instanceof Y.Item) touchesLocked = struct.content.getContent().some((value) => lockedId(value, locked));
  });
  return touchesLocked ? ELEMENT_LOCKED : null;
}

/**
 * Applies a student's update, then takes it back if it breaks the controls: it changes the controls, anything while
 * the board is read-only, a locked page, or a locked element. Taking back (an undo of exactly that transaction, by the
 * object) instead of refusing keeps the student's own edits in the document's causal order: Yjs updates of one client
 * build on each other, so a refused one would strand every later edit of that tab on the server.
 */
export function applyStudentUpdate(doc: Y.Doc, update: Uint8Array, origin: object, controls: LessonControls): string | null {
  let refusal: string | null = null;
  // Only a transaction that breaks the controls is captured: a captured one keeps its deleted content from Yjs'
  // garbage collection, which an allowed erase must not.
  const undo = new Y.UndoManager(doc, {
    trackedOrigins: new Set([origin]),
    captureTimeout: 0,
    captureTransaction: (transaction) => {
      if (transaction.origin !== origin) return false;
      refusal ??= refusalFor(transaction, controls);
      return refusal !== null;
    },
  });
  try {
    Y.applyUpdate(doc, update, origin);
    if (refusal) undo.undo();
  } finally {
    undo.destroy();
  }
  return refusal;
}
