import type { AvPeer, MediaState } from '../../../../schema/contracts/av-signal';
import type { LinkStatus } from './media-words';

/** What this device sends: each track, or null when off. */
export interface LocalTracks {
  audio: MediaStreamTrack | null;
  camera: MediaStreamTrack | null;
  screen: MediaStreamTrack | null;
}

export interface RemotePeer extends AvPeer {
  status: LinkStatus;
  /** microphone and camera */
  stream: MediaStream;
  screen: MediaStream;
}

export interface AdapterSnapshot {
  /** This socket's peer id once the room welcomed it into the call. */
  selfId: string | null;
  /** The board's socket is open and the call is joined. */
  online: boolean;
  peers: RemotePeer[];
  /** The last frame the room refused, in its words. */
  refusal: string | null;
}

/**
 * One interface for how media travels: a peer-to-peer mesh (local mode) or Cloudflare Realtime's SFU. The panel
 * only sets what this device sends and reads who is there, so it never knows which one it talks to.
 */
export interface MediaAdapter {
  readonly mode: 'mesh' | 'sfu';
  setLocal(tracks: LocalTracks, media: MediaState): void;
  getSnapshot(): AdapterSnapshot;
  subscribe(listener: () => void): () => void;
  close(): void;
}
