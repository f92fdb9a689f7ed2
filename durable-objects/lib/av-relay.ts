import * as encoding from 'lib0/encoding';
import type { Db } from '../../platform/env';
import type { AttendanceRef } from '../../platform/ledger/attendance';
import { addMediaSeconds } from '../../platform/ledger/media-time';
import { AV_MESSAGE_SIGNAL, type AvPeer, type AvServerFrame, avClientFrame, type MediaState, type SfuTracks } from '../../schema/contracts/av-signal';
import { attachmentOf, openSockets, parseFrame } from './sockets';

/**
 * WebRTC signalling on a lesson board's socket. Each socket is one peer with an id the room gives it, so two tabs of
 * one person are two peers. Offers, answers and candidates go to the one socket they name; who is in the call and
 * what they share goes to everyone. Everything lives in the sockets' attachments, so it survives hibernation.
 */
export interface AvSocketState {
  peerId: string;
  name: string;
  /** Read-only seat (an admin who only watches): receives everyone, may not share a microphone, camera or screen. */
  watching: boolean;
  /** Set once the socket joined the call: its first media frame, answered with a welcome (the page may open the call late). */
  media?: MediaState;
  sfu?: SfuTracks;
  /**
   * When this socket started the person's running camera or microphone time. One socket per person holds it, so two
   * tabs with the camera on count the time once; a socket that stops hands it to another of theirs still on.
   */
  cameraSince?: number;
  micSince?: number;
}

interface WithAv {
  userId: string;
  av?: AvSocketState;
  attendance?: AttendanceRef;
}

export const WATCHING_REFUSAL = 'You are watching this lesson: your microphone, camera and screen are not shared.';

export const newPeerId = () => [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');

export function avFrame(frame: AvServerFrame) {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, AV_MESSAGE_SIGNAL);
  encoding.writeVarString(encoder, JSON.stringify(frame));
  return encoding.toUint8Array(encoder);
}

function sendAv(ws: WebSocket, frame: AvServerFrame) {
  try {
    ws.send(avFrame(frame));
  } catch {
    // Gone mid-send; its close handler tells the others.
  }
}

const peerOf = (state: WithAv & { av: AvSocketState & { media: MediaState } }): AvPeer => ({
  peerId: state.av.peerId,
  userId: state.userId,
  name: state.av.name,
  watching: state.av.watching,
  media: state.av.media,
  ...(state.av.sfu ? { sfu: state.av.sfu } : {}),
});

const inCall = (state: WithAv | null): state is WithAv & { av: AvSocketState & { media: MediaState } } => Boolean(state?.av?.media);

const callOf = (ctx: DurableObjectState, ws: WebSocket) =>
  openSockets<WithAv>(ctx, ws)
    .map((o) => o.state)
    .filter(inCall)
    .map(peerOf);

/** The answer to joining the call: this socket's peer id and who else is in the call. */
function welcomeAv(ctx: DurableObjectState, ws: WebSocket, state: WithAv & { av: AvSocketState }) {
  sendAv(ws, { type: 'welcome', peerId: state.av.peerId, watching: state.av.watching, peers: callOf(ctx, ws) });
}

/**
 * Who is in the call, told to a board socket as it opens: joining can then offer to them in the same breath as the
 * join, instead of waiting for the welcome or for them to hear of it and offer.
 */
export function rosterAv(ctx: DurableObjectState, ws: WebSocket, state: WithAv) {
  if (state.av) sendAv(ws, { type: 'roster', peerId: state.av.peerId, peers: callOf(ctx, ws) });
}

/** Handles one signalling frame (the JSON after the message type). A frame that does not parse is refused in words. */
export async function onAvFrame(ctx: DurableObjectState, db: Db, ws: WebSocket, state: WithAv, text: string) {
  const av = state.av;
  if (!av) return sendAv(ws, { type: 'refused', message: 'Audio and video are part of the lesson board only.' });
  const parsed = parseFrame(avClientFrame, text);
  if (!parsed.ok) return sendAv(ws, { type: 'refused', message: parsed.message });
  const frame = parsed.frame;
  if (frame.type === 'media') {
    const on = frame.media.mic || frame.media.camera || frame.media.screen;
    if (av.watching && on) return sendAv(ws, { type: 'refused', message: WATCHING_REFUSAL });
    const next: WithAv = { ...state, av: { ...av, media: frame.media, sfu: frame.sfu } };
    await settleMediaTime(ctx, db, ws, state, next, Date.now());
    if (!av.media) welcomeAv(ctx, ws, next as WithAv & { av: AvSocketState });
    const peer = peerOf(next as Parameters<typeof peerOf>[0]);
    for (const other of openSockets<WithAv>(ctx, ws)) if (other.state.av) sendAv(other.ws, { type: 'peer', peer });
    return;
  }
  if (frame.type === 'leave') return leaveAv(ctx, db, ws, state);
  if (!av.media) return sendAv(ws, { type: 'refused', message: 'Join the call before signalling to someone.' });
  const target = frame.to === av.peerId ? undefined : openSockets<WithAv>(ctx, ws).find((o) => o.state.av?.peerId === frame.to && inCall(o.state));
  // Whoever it was for has left: the sender drops its connection to them instead of waiting.
  if (!target) return sendAv(ws, { type: 'peerLeft', peerId: frame.to });
  const { to: _to, ...rest } = frame;
  sendAv(target.ws, { ...rest, from: av.peerId });
}

/** The socket left the call (a leave frame, or it closed): its time is counted and the others are told. */
export async function leaveAv(ctx: DurableObjectState, db: Db, ws: WebSocket, state: WithAv) {
  if (!inCall(state)) return;
  const { media: _media, sfu: _sfu, ...rest } = state.av;
  await settleMediaTime(ctx, db, ws, state, { ...state, av: rest }, Date.now());
  for (const other of openSockets<WithAv>(ctx, ws)) if (other.state.av) sendAv(other.ws, { type: 'peerLeft', peerId: state.av.peerId });
}

/**
 * Moves the socket from `before` to `after` and books the person's camera and microphone time: a person's time runs
 * while any of their sockets has it on, held by exactly one of them (`cameraSince`, `micSince`).
 */
async function settleMediaTime(ctx: DurableObjectState, db: Db, ws: WebSocket, before: WithAv, after: WithAv, now: number) {
  const next = { ...after, av: { ...after.av! } };
  const credit = { camera: 0, mic: 0 };
  const mine = () =>
    ctx
      .getWebSockets()
      .filter((other) => other !== ws && other.readyState === WebSocket.OPEN)
      .map((other) => ({ ws: other, state: attachmentOf<WithAv>(other) }))
      .filter((o): o is { ws: WebSocket; state: WithAv & { av: AvSocketState } } => o.state?.userId === before.userId && Boolean(o.state.av));
  for (const kind of ['camera', 'mic'] as const) {
    const since = kind === 'camera' ? 'cameraSince' : 'micSince';
    const wasOn = Boolean(before.av?.media?.[kind]);
    const isOn = Boolean(next.av.media?.[kind]);
    if (!wasOn && isOn && !mine().some((o) => o.state.av[since] !== undefined)) next.av[since] = now;
    if (wasOn && !isOn && next.av[since] !== undefined) {
      credit[kind] = Math.max(0, Math.floor((now - next.av[since]) / 1000));
      delete next.av[since];
      const heir = mine().find((o) => o.state.av.media?.[kind]);
      if (heir) heir.ws.serializeAttachment({ ...heir.state, av: { ...heir.state.av, [since]: now } });
    }
  }
  try {
    ws.serializeAttachment(next);
  } catch {
    // A socket that already closed keeps no state; its time is booked below all the same.
  }
  if (before.attendance && (credit.camera > 0 || credit.mic > 0)) {
    try {
      await addMediaSeconds(db, before.attendance, { cameraSeconds: credit.camera, micSeconds: credit.mic }, new Date(now));
    } catch (error) {
      // Engagement is a report, not the call: a failed write loses these seconds, never the connection.
      console.error('doc room: camera and microphone time not saved', error);
    }
  }
}
