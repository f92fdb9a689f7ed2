import { useEffect, useState } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import type { BoardElement } from './board/board-model';

/** Who someone is in a lesson's awareness; the board adds where they look and point. */
export interface PresenceUser {
  userId: string;
  name: string;
  color: string;
  /** tutors and admins lead: "follow the tutor" follows them */
  leads: boolean;
}

export interface BoardPresence {
  page: string;
  view: { x: number; y: number; zoom: number };
  cursor: { x: number; y: number } | null;
  laser: { x: number; y: number } | null;
  /** the stroke or shape being drawn, so the others watch it form instead of seeing it appear on pen-up */
  draft?: BoardElement | null;
}

export interface PresenceState {
  user?: PresenceUser;
  board?: BoardPresence;
  /** set by the tutor's "End lesson", so everyone's page ends the meeting at once */
  meetingEnded?: boolean;
  /** bumped by the tutor after saving the lesson's questions, so the others fetch them again */
  sessionRev?: number;
}

export interface Peer extends PresenceState {
  clientId: number;
  user: PresenceUser;
}

/** Colours that read on both the light and the dark board, and carry dark initials (contrast ≥ 4.5:1). */
const palette = ['#0ea5e9', '#f97316', '#a855f7', '#22c55e', '#ef4444', '#eab308', '#ec4899', '#14b8a6'];

export function colorFor(userId: string) {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return palette[Math.abs(hash) % palette.length]!;
}

/** Everyone else present, one entry per browser tab. */
export function usePeers(awareness: Awareness): Peer[] {
  const [peers, setPeers] = useState(() => readPeers(awareness));
  useEffect(() => {
    const update = () => setPeers(readPeers(awareness));
    update();
    awareness.on('change', update);
    return () => awareness.off('change', update);
  }, [awareness]);
  return peers;
}

function readPeers(awareness: Awareness) {
  const peers: Peer[] = [];
  awareness.getStates().forEach((state, clientId) => {
    const s = state as PresenceState;
    if (clientId !== awareness.clientID && s.user) peers.push({ ...s, clientId, user: s.user });
  });
  return peers;
}
