import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { lessonDocName } from '../../../schema/contracts/room-names';

/** A shared document and its IndexedDB copy, read before its room rendered. */
export interface EarlyDoc {
  doc: Y.Doc;
  local: IndexeddbPersistence;
}

const early = new Map<string, EarlyDoc>();

/**
 * Starts reading a lesson's board and notes from IndexedDB while the room's code and the shell are still loading (a
 * reload that lands in the room). Reading them is the last step before the first frame shows them, so it should not
 * wait until the room has rendered.
 */
export function readLessonDocsEarly(sectionId: string) {
  for (const part of ['board', 'notes'] as const) {
    const name = lessonDocName(sectionId, part);
    if (early.has(name)) continue;
    const doc = new Y.Doc();
    early.set(name, { doc, local: new IndexeddbPersistence(name, doc) });
  }
}

/** Whether a document is being read early under this name and not yet handed over. */
export function hasEarlyDoc(name: string) {
  return early.has(name);
}

/** The document read early under this name, handed over once; null when none was. */
export function takeEarlyDoc(name: string): EarlyDoc | null {
  const taken = early.get(name) ?? null;
  early.delete(name);
  return taken;
}
