/**
 * Audio and video in the lesson room: the WebRTC signalling that rides on the board's document socket, and the
 * media configuration a member is given. Frames are binary message type 101 (after y-websocket's 0–3 and our
 * notices' 100) carrying a JSON string, so the stock client and the room's other traffic are untouched.
 */
import { z } from 'zod';

export { AV_MESSAGE_SIGNAL } from './realtime';

/** Peer-to-peer mesh: each sender uploads once per other person, so video stops here. */
export const MESH_MAX_VIDEO_SENDERS = 4;

/** SDP and candidates are text the browser wrote; these bounds only keep a frame to the socket's size. */
const sdp = z.string().min(1).max(12_000);
const peerId = z.string().regex(/^[a-f0-9]{16}$/, 'must be a peer id the room gave');

export const mediaState = z.object({
  mic: z.boolean(),
  camera: z.boolean(),
  screen: z.boolean(),
});
export type MediaState = z.infer<typeof mediaState>;
export const mediaOff: MediaState = { mic: false, camera: false, screen: false };

const iceCandidate = z.object({
  candidate: z.string().max(1_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

/** Where an SFU member's tracks are, so the others can pull them (Cloudflare Realtime session and track names). */
export const sfuTracks = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  tracks: z.array(z.object({ kind: z.enum(['audio', 'camera', 'screen']), trackName: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) })).max(3),
});
export type SfuTracks = z.infer<typeof sfuTracks>;

/** What a browser sends. `to` names one peer: the room relays it to that socket only, never to anyone else. */
export const avClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('offer'), to: peerId, sdp }),
  z.object({ type: z.literal('answer'), to: peerId, sdp }),
  z.object({ type: z.literal('ice'), to: peerId, candidate: iceCandidate }),
  /** Joins the call on first send; after that, a change of microphone, camera or screen. */
  z.object({ type: z.literal('media'), media: mediaState, sfu: sfuTracks.optional() }),
  z.object({ type: z.literal('leave') }),
]);
export type AvClientFrame = z.infer<typeof avClientFrame>;

export const avPeer = z.object({
  peerId,
  userId: z.string(),
  name: z.string(),
  /** An admin who only watches: receives everyone, sends nothing. */
  watching: z.boolean(),
  media: mediaState,
  sfu: sfuTracks.optional(),
});
export type AvPeer = z.infer<typeof avPeer>;

/** What the room sends. Relayed frames carry `from`, which the room sets from the sending socket. */
export const avServerFrame = z.discriminatedUnion('type', [
  /**
   * On connect, before joining: this socket's peer id and who is in the call now, so joining can offer to them at
   * once. `peer` and `peerLeft` frames keep it current.
   */
  z.object({ type: z.literal('roster'), peerId, peers: z.array(avPeer) }),
  /** The answer to joining: this socket's peer id and who was in the call before it. */
  z.object({ type: z.literal('welcome'), peerId, watching: z.boolean(), peers: z.array(avPeer) }),
  /** Someone joined the call or changed their microphone, camera or screen. */
  z.object({ type: z.literal('peer'), peer: avPeer }),
  z.object({ type: z.literal('peerLeft'), peerId }),
  z.object({ type: z.literal('offer'), from: peerId, sdp }),
  z.object({ type: z.literal('answer'), from: peerId, sdp }),
  z.object({ type: z.literal('ice'), from: peerId, candidate: iceCandidate }),
  /** A frame the room refused, in words. */
  z.object({ type: z.literal('refused'), message: z.string() }),
]);
export type AvServerFrame = z.infer<typeof avServerFrame>;

/** `GET /lesson-rooms/{sectionId}/av`: how this room carries media, and the ICE servers to use. */
export const avConfig = z.object({
  mode: z.enum(['mesh', 'sfu']),
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
});
export type AvConfig = z.infer<typeof avConfig>;

/** The SFU calls a member's browser asks the Worker to make for it (the app secret never leaves the Worker). */
const sessionDescription = z.object({ type: z.enum(['offer', 'answer']), sdp });
/** The Worker's signature of a session it made for this member in this lesson: nobody acts on another's session. */
const seal = z.string().regex(/^[a-f0-9]{64}$/, 'must be the seal the new session came with');
export const sfuRequest = z.discriminatedUnion('op', [
  z.object({ op: z.literal('newSession') }),
  z.object({
    op: z.literal('publish'),
    sessionId: sfuTracks.shape.sessionId,
    seal,
    offer: sessionDescription,
    tracks: z
      .array(z.object({ mid: z.string().max(8), trackName: sfuTracks.shape.sessionId }))
      .min(1)
      .max(3),
  }),
  z.object({
    op: z.literal('pull'),
    sessionId: sfuTracks.shape.sessionId,
    seal,
    remote: sfuTracks,
  }),
  z.object({ op: z.literal('renegotiate'), sessionId: sfuTracks.shape.sessionId, seal, answer: sessionDescription }),
]);
export type SfuRequest = z.infer<typeof sfuRequest>;

export interface SfuAnswer {
  sessionId?: string;
  /** With a new session: pass it back with every call on that session. */
  seal?: string;
  sessionDescription?: { type: 'offer' | 'answer'; sdp: string };
  requiresImmediateRenegotiation?: boolean;
  tracks?: { mid?: string; trackName?: string; sessionId?: string }[];
}
