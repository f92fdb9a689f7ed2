import type { WaitingRoomKind, WaitingRoomParticipant } from '../../schema/contracts/realtime';

/** What a waiting-room socket carries in its attachment (kept small: attachments have a size cap). */
export interface WaitingSocketState {
  userId: string;
  name: string;
  kind: WaitingRoomKind;
  /** ms since the epoch when this socket registered; null while it only watches */
  registeredAt: number | null;
}

/**
 * One participant per user, however many tabs they have registered from; a user joined when their
 * earliest still-registered socket did. Sorted by arrival.
 */
export function participantsOf(states: Iterable<WaitingSocketState>): WaitingRoomParticipant[] {
  const earliest = new Map<string, WaitingSocketState & { registeredAt: number }>();
  for (const state of states) {
    if (state.registeredAt === null) continue;
    const seen = earliest.get(state.userId);
    if (!seen || state.registeredAt < seen.registeredAt) earliest.set(state.userId, { ...state, registeredAt: state.registeredAt });
  }
  return [...earliest.values()]
    .sort((a, b) => a.registeredAt - b.registeredAt)
    .map((s) => ({ userId: s.userId, name: s.name, kind: s.kind, joinedAt: new Date(s.registeredAt).toISOString() }));
}
