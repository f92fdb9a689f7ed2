import * as Y from 'yjs';
import type { HistoryEntry } from '../../../../schema/contracts/doc-history';

/** The Yjs type the notes editor keeps its content in (Tiptap's collaboration `field`). */
export const NOTES_FIELD = 'notes';

export interface NotesMatch {
  /** when the last of its characters was typed, epoch ms on the server's clock */
  at: number;
  before: string;
  match: string;
  after: string;
}

/** Each update's new items, by client: [first clock, length, time], in the order they were made. */
type Introduced = Map<number, [clock: number, length: number, at: number][]>;

function introducedBy(entries: HistoryEntry[]): Introduced {
  const introduced: Introduced = new Map();
  for (const entry of entries) {
    for (const struct of Y.decodeUpdate(entry.data).structs) {
      // Skips are gaps in an update, not content.
      if (struct instanceof Y.Skip) continue;
      const list = introduced.get(struct.id.client) ?? [];
      list.push([struct.id.clock, struct.length, entry.at]);
      introduced.set(struct.id.client, list);
    }
  }
  for (const list of introduced.values()) list.sort((a, b) => a[0] - b[0]);
  return introduced;
}

function timeOf(introduced: Introduced, client: number, clock: number) {
  const list = introduced.get(client) ?? [];
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const [first, length, at] = list[mid]!;
    if (clock < first) high = mid - 1;
    else if (clock >= first + length) low = mid + 1;
    else return at;
  }
  return 0;
}

/** Internal Yjs structure walked for its ids: what y-prosemirror stores is elements (blocks) holding text. */
interface ItemLike {
  id: { client: number; clock: number };
  deleted: boolean;
  right: ItemLike | null;
  content: { str?: string; type?: { _start: ItemLike | null } };
}

/**
 * The notes' text as it stands at the end, each character with the time it was typed. Blocks are kept apart by a
 * line break, so a search never matches across two paragraphs.
 */
function textWithTimes(doc: Y.Doc, introduced: Introduced) {
  let text = '';
  const times: number[] = [];
  const walk = (start: ItemLike | null) => {
    for (let item = start; item; item = item.right) {
      if (item.deleted) continue;
      const { str, type } = item.content;
      if (typeof str === 'string') {
        text += str;
        for (let i = 0; i < str.length; i++) times.push(timeOf(introduced, item.id.client, item.id.clock + i));
      } else if (type) {
        if (type instanceof Y.XmlElement && text && !text.endsWith('\n')) {
          text += '\n';
          times.push(0);
        }
        walk(type._start);
      }
    }
  };
  walk((doc.getXmlFragment(NOTES_FIELD) as unknown as { _start: ItemLike | null })._start);
  return { text, times };
}

const CONTEXT = 30;

/**
 * A search over the notes' history: which text is in the notes, and when each piece of it was written. Built once
 * from the archived log; each search is then a scan of the final text.
 */
export function notesSearch(entries: HistoryEntry[]) {
  const doc = new Y.Doc();
  Y.transact(doc, () => {
    for (const entry of entries) Y.applyUpdate(doc, entry.data);
  });
  const { text, times } = textWithTimes(doc, introducedBy(entries));
  const lower = text.toLowerCase();
  return {
    text,
    search(query: string): NotesMatch[] {
      const needle = query.trim().toLowerCase();
      if (!needle) return [];
      const matches: NotesMatch[] = [];
      for (let index = lower.indexOf(needle); index !== -1; index = lower.indexOf(needle, index + needle.length)) {
        const end = index + needle.length;
        const lineStart = text.lastIndexOf('\n', index - 1) + 1;
        const lineEnd = text.indexOf('\n', end);
        matches.push({
          at: Math.max(...times.slice(index, end)),
          before: text.slice(Math.max(lineStart, index - CONTEXT), index),
          match: text.slice(index, end),
          after: text.slice(end, Math.min(lineEnd === -1 ? text.length : lineEnd, end + CONTEXT)),
        });
      }
      return matches.sort((a, b) => a.at - b.at);
    },
  };
}
