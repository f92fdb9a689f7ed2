import type { ChatMessage } from '../../schema/contracts/chat';
import type { ChatClient, DocClient } from './clients';

/** One kind of item in one phase: what the clients wrote and were told, against what the server holds afterwards. */
export interface Count {
  sent: number;
  acknowledged: number;
  /** Items written that the server holds (acknowledged or not: a stored item whose acknowledgement was lost counts). */
  present: number;
  /** Acknowledged items the server does not hold. */
  lost: number;
  /** Items the server holds more than once. */
  duplicates: number;
  /** Items never acknowledged, though the clients kept at it with the link healed. */
  neverAcknowledged: number;
}

export interface PhaseResult {
  phase: string;
  notes: string[];
  messages: Count;
  updates: Count;
}

function tally(written: { id: string; acknowledged: boolean }[], held: Map<string, number>): Count {
  const count: Count = { sent: written.length, acknowledged: 0, present: 0, lost: 0, duplicates: 0, neverAcknowledged: 0 };
  for (const { id, acknowledged } of written) {
    const copies = held.get(id) ?? 0;
    if (acknowledged) count.acknowledged += 1;
    else count.neverAcknowledged += 1;
    if (copies > 0) count.present += 1;
    if (copies > 1) count.duplicates += 1;
    if (acknowledged && copies === 0) count.lost += 1;
  }
  return count;
}

/** Messages by client id (what makes a resend the same message) and by body, whichever shows more copies. */
export function countMessages(chats: ChatClient[], history: ChatMessage[]): Count {
  const held = new Map<string, number>();
  const bodies = new Map<string, number>();
  for (const message of history) {
    held.set(message.clientId, (held.get(message.clientId) ?? 0) + 1);
    bodies.set(message.message, (bodies.get(message.message) ?? 0) + 1);
  }
  const written = chats.flatMap((chat) =>
    [...chat.sent].map(([clientId, body]) => {
      held.set(clientId, Math.max(held.get(clientId) ?? 0, bodies.get(body) ?? 0));
      return { id: clientId, acknowledged: chat.acknowledged.has(clientId) };
    }),
  );
  return tally(written, held);
}

/** Each edit is one marker on a line of its own; the document as a fresh client loads it is split into lines. */
export function countDoc(docs: DocClient[], text: string): Count {
  const held = new Map<string, number>();
  for (const line of text.split('\n')) if (line) held.set(line, (held.get(line) ?? 0) + 1);
  const written = docs.flatMap((doc) => {
    const confirmed = doc.acknowledgedCount;
    return doc.edits.map((marker, i) => ({ id: marker, acknowledged: i < confirmed }));
  });
  return tally(written, held);
}

const add = (a: Count, b: Count): Count => ({
  sent: a.sent + b.sent,
  acknowledged: a.acknowledged + b.acknowledged,
  present: a.present + b.present,
  lost: a.lost + b.lost,
  duplicates: a.duplicates + b.duplicates,
  neverAcknowledged: a.neverAcknowledged + b.neverAcknowledged,
});

/** Prints the table; true when anything failed (lost, stored twice, or never acknowledged). */
export function printReport(results: PhaseResult[], say: (line: string) => void) {
  const columns = ['sent', 'acknowledged', 'present after', 'lost', 'duplicates', 'never acked'];
  const row = (phase: string, kind: string, c: Count) =>
    `  ${phase.padEnd(14)} ${kind.padEnd(9)} ${[c.sent, c.acknowledged, c.present, c.lost, c.duplicates, c.neverAcknowledged]
      .map((n, i) => String(n).padStart(columns[i]!.length))
      .join('  ')}`;
  say('\nchaos report (present after = read back after a final kill -9 and restart)');
  say(`  ${'phase'.padEnd(14)} ${'kind'.padEnd(9)} ${columns.join('  ')}`);
  const zero: Count = { sent: 0, acknowledged: 0, present: 0, lost: 0, duplicates: 0, neverAcknowledged: 0 };
  let messages = zero;
  let updates = zero;
  for (const r of results) {
    say(row(r.phase, 'messages', r.messages));
    say(row('', 'updates', r.updates));
    for (const note of r.notes) say(`  ${''.padEnd(14)} ${note}`);
    messages = add(messages, r.messages);
    updates = add(updates, r.updates);
  }
  say(row('total', 'messages', messages));
  say(row('', 'updates', updates));
  const bad = (c: Count) => c.lost + c.duplicates + c.neverAcknowledged > 0;
  const failed = bad(messages) || bad(updates);
  say(
    failed
      ? '\nFAILED: an acknowledged item is missing, an item is stored twice, or an item was never acknowledged (see the table).'
      : '\nOK: every acknowledged message and update is present exactly once.',
  );
  return failed;
}
