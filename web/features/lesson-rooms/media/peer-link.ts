import type { LinkStatus } from './media-words';

/**
 * The state of one peer connection in words the panel shows, from the browser's ICE and connection states. A
 * connection that drops says "Reconnecting…" at once; the side that made the offer restarts ICE if it has not come
 * back within RESTART_AFTER_MS, or at once when it failed.
 */
export const RESTART_AFTER_MS = 4000;

export type LinkEvent = { kind: 'state'; connection: RTCPeerConnectionState } | { kind: 'restart' };

export function nextLinkStatus(current: LinkStatus, event: LinkEvent): LinkStatus {
  if (event.kind === 'restart') return 'reconnecting';
  switch (event.connection) {
    case 'new':
    case 'connecting':
      return current === 'connected' || current === 'reconnecting' || current === 'failed' ? 'reconnecting' : 'connecting';
    case 'connected':
      return 'connected';
    case 'disconnected':
      return 'reconnecting';
    case 'failed':
      return 'failed';
    case 'closed':
      return current;
  }
}

/** Whether this side should restart ICE now: only the offerer does, when failed or disconnected for too long. */
export function shouldRestart(offerer: boolean, connection: RTCPeerConnectionState, disconnectedFor: number) {
  if (!offerer) return false;
  return connection === 'failed' || (connection === 'disconnected' && disconnectedFor >= RESTART_AFTER_MS);
}
