import * as Y from 'yjs';
import { CONTROLS_MAP, type LessonControls, readLessonControls } from '../../schema/contracts/lesson-controls';

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

/** What one student update is checked against, set only while `Y.applyUpdate` runs it. */
interface StudentUpdate {
  origin: object;
  controls: LessonControls;
  refusal: string | null;
}

/**
 * Applies students' updates to one loaded board, taking back any that breaks the controls: it changes the controls,
 * anything while the board is read-only, a locked page, or a locked element. Taking back (an undo of exactly that
 * transaction, by the object) instead of refusing keeps the student's own edits in the document's causal order: Yjs
 * updates of one client build on each other, so a refused one would strand every later edit of that tab on the server.
 *
 * One per loaded document, since every student stroke passes through it: the controls are parsed again only after
 * the `controls` map changed, and one undo manager serves every update, told by the fields of `current` which one
 * it is looking at.
 */
export class ControlsGuard {
  private readonly map: Y.Map<unknown>;
  private controls: LessonControls | null = null;
  private current: StudentUpdate | null = null;
  private readonly undo: Y.UndoManager;
  private readonly forget = () => {
    this.controls = null;
  };

  constructor(private readonly doc: Y.Doc) {
    this.map = doc.getMap(CONTROLS_MAP);
    this.map.observeDeep(this.forget);
    // Only a transaction that breaks the controls is captured: a captured one keeps its deleted content from Yjs'
    // garbage collection, which an allowed erase must not.
    this.undo = new Y.UndoManager(doc, {
      trackedOrigins: new Set(),
      captureTimeout: 0,
      captureTransaction: (transaction) => {
        const current = this.current;
        if (!current || transaction.origin !== current.origin) return false;
        current.refusal ??= refusalFor(transaction, current.controls);
        return current.refusal !== null;
      },
    });
  }

  private readControls(): LessonControls {
    this.controls ??= readLessonControls(this.map.toJSON());
    return this.controls;
  }

  /** Applies a student's update as sent by `origin`; returns why it was taken back, or null when it stands. */
  apply(update: Uint8Array, origin: object): string | null {
    const current: StudentUpdate = { origin, controls: this.readControls(), refusal: null };
    this.current = current;
    this.undo.addTrackedOrigin(origin);
    try {
      Y.applyUpdate(this.doc, update, origin);
      if (current.refusal) {
        this.undo.undo();
        // This manager lives as long as the document, so it must not pin what it took back: its stacks end every update empty.
        this.undo.clear();
      }
    } finally {
      this.undo.removeTrackedOrigin(origin);
      this.current = null;
    }
    return current.refusal;
  }

  destroy() {
    this.map.unobserveDeep(this.forget);
    this.undo.destroy();
  }
}
