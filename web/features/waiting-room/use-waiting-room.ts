import { useCallback, useEffect, useRef, useState } from 'react';
import type { WaitingRoomParticipant } from '../../../schema/contracts/realtime';
import type { MeetingData } from '../../../schema/contracts/waiting-room';
import { api } from '../../lib/api';
import { errorMessageText } from '../../lib/errors';
import { type ConnectionStatus, WaitingRoomConnection } from './waiting-room-connection';

export type MeetingState = { status: 'loading' } | { status: 'rejected'; errorMessage: string } | { status: 'idle'; data: MeetingData };

/** Who is here, one entry per user, in arrival order. */
export function applyPresence(list: WaitingRoomParticipant[], change: { joined?: WaitingRoomParticipant; left?: WaitingRoomParticipant }) {
  if (change.left) return list.filter((p) => p.userId !== change.left!.userId);
  if (change.joined && !list.some((p) => p.userId === change.joined!.userId)) return [...list, change.joined];
  return list;
}

/**
 * The meeting data (a failure keeps the server's message, spec 1 section 8) and, for a lesson people can still
 * gather for, the live room: who is waiting, the connection state, and the start that moves everyone in.
 */
export function useWaitingRoom(waitingId: string, onStarted: (lessonRoomUrl: string) => void) {
  const [meeting, setMeeting] = useState<MeetingState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [participants, setParticipants] = useState<WaitingRoomParticipant[]>([]);
  const [connection, setConnection] = useState<ConnectionStatus>('connecting');
  const [closed, setClosed] = useState(false);
  const started = useRef(onStarted);
  started.current = onStarted;

  useEffect(() => {
    const controller = new AbortController();
    setMeeting({ status: 'loading' });
    api<MeetingData>(`/meeting-data/${encodeURIComponent(waitingId)}`, { signal: controller.signal })
      .then((data) => {
        if (data.isMeetingStarted && !data.isMeetingEnded) started.current(data.lessonRoomUrl);
        setMeeting({ status: 'idle', data });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setMeeting({ status: 'rejected', errorMessage: errorMessageText(error) });
      });
    return () => controller.abort();
  }, [waitingId, attempt]);

  const open = meeting.status === 'idle' && meeting.data.status === 'ACTIVE' && !meeting.data.isMeetingEnded && !closed;
  useEffect(() => {
    if (!open) return;
    const room = new WaitingRoomConnection(waitingId, {
      onStatus: setConnection,
      onParticipants: setParticipants,
      onRegistered: (joined) => setParticipants((list) => applyPresence(list, { joined })),
      onUnRegistered: (left) => setParticipants((list) => applyPresence(list, { left })),
      onStarted: (frame) => started.current(frame.lessonRoomUrl),
      onClosed: () => setClosed(true),
    });
    room.connect();
    return () => room.disconnect();
  }, [waitingId, open]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { meeting, participants, connection, closed, retry };
}
