import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

/**
 * The archived update log of a document: what a replay scrubs through. Shared by the document rooms (which write
 * it), the history route and the replay in the browser (which read it). One R2 object per compaction holds the
 * removed rows in order: a magic string and version, then per row seq, time (ms), user id and the update bytes,
 * each length-prefixed (lib0 varints), so a reader can stream it without knowing the row count.
 */
export interface HistoryEntry {
  seq: number;
  at: number;
  user: string;
  data: Uint8Array;
}

const MAGIC = 'studyhall-doc-history';
const VERSION = 1;

export function encodeHistory(entries: HistoryEntry[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, MAGIC);
  encoding.writeVarUint(encoder, VERSION);
  for (const entry of entries) {
    encoding.writeVarUint(encoder, entry.seq);
    encoding.writeVarUint(encoder, entry.at);
    encoding.writeVarString(encoder, entry.user);
    encoding.writeVarUint8Array(encoder, entry.data);
  }
  return encoding.toUint8Array(encoder);
}

export function decodeHistory(bytes: Uint8Array): HistoryEntry[] {
  const decoder = decoding.createDecoder(bytes);
  if (decoding.readVarString(decoder) !== MAGIC || decoding.readVarUint(decoder) !== VERSION) {
    throw new Error('Not a document history archive of a known version');
  }
  const entries: HistoryEntry[] = [];
  while (decoding.hasContent(decoder)) {
    entries.push({
      seq: decoding.readVarUint(decoder),
      at: decoding.readVarUint(decoder),
      user: decoding.readVarString(decoder),
      data: decoding.readVarUint8Array(decoder),
    });
  }
  return entries;
}
