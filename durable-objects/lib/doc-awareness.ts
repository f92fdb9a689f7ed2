import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

/**
 * The room relays awareness (presence, cursors) without y-protocols' Awareness class, whose interval timer would
 * keep the object from hibernating. It only reads the wire format: count, then per client id, clock and the
 * state as a JSON string (`null` when the client left).
 */
export interface AwarenessEntry {
  clientId: number;
  clock: number;
  state: string;
}

export function readAwarenessUpdate(update: Uint8Array): AwarenessEntry[] {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  const entries: AwarenessEntry[] = [];
  for (let i = 0; i < count; i++) {
    entries.push({ clientId: decoding.readVarUint(decoder), clock: decoding.readVarUint(decoder), state: decoding.readVarString(decoder) });
  }
  return entries;
}

export function writeAwarenessUpdate(entries: AwarenessEntry[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, entries.length);
  for (const entry of entries) {
    encoding.writeVarUint(encoder, entry.clientId);
    encoding.writeVarUint(encoder, entry.clock);
    encoding.writeVarString(encoder, entry.state);
  }
  return encoding.toUint8Array(encoder);
}

/**
 * Marks clients as gone. Receivers accept a null state at the same clock they hold, so the clock a socket last
 * announced (kept in its attachment) is enough even after the room woke without memory.
 */
export const awarenessRemoval = (clocks: Record<string, number>) =>
  writeAwarenessUpdate(Object.entries(clocks).map(([clientId, clock]) => ({ clientId: Number(clientId), clock, state: 'null' })));
