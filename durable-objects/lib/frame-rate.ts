/**
 * A token bucket per socket: `burst` frames at once, refilled at `perSecond`. A frame over the limit is dropped (the
 * room sends one error frame, when the first is dropped); a socket that has `closeAfter` frames dropped before its
 * bucket is full again (it never calmed down) is closed with FLOOD_CLOSE. Kept in memory: a room woken from hibernation starts every bucket full, which
 * is no help to a flood (a flooding socket keeps its room awake).
 */
export interface FrameRatePolicy {
  perSecond: number;
  burst: number;
  closeAfter: number;
}

/** The waiting room and the inbox take commands a person triggers: a few a second at most. */
export const COMMAND_FRAMES: FrameRatePolicy = { perSecond: 10, burst: 40, closeAfter: 200 };
/**
 * Chat the same, except that a device back online resends its whole outbox at once (each message is stored before it
 * is acknowledged, so nothing is lost): the burst is what one long offline spell may queue.
 */
export const CHAT_FRAMES: FrameRatePolicy = { perSecond: 20, burst: 1000, closeAfter: 1000 };
/**
 * A whiteboard stroke or a cursor sends a frame per pointer move; drawing fast is well under this. A dropped document
 * update would leave the peers apart until a reconnect, so a document socket over the limit is closed at once: its
 * client reconnects and the sync brings both sides level.
 */
export const DOCUMENT_FRAMES: FrameRatePolicy = { perSecond: 150, burst: 600, closeAfter: 1 };

/** 1008 is "policy violation"; the reason is read by people in the browser's console and in the room's logs. */
export const FLOOD_CLOSE = { code: 1008, reason: 'Too many messages: this connection sent faster than allowed' } as const;
export const SLOW_DOWN = 'Too many messages: slow down; the last ones were not delivered';

export type FrameVerdict = 'ok' | 'dropFirst' | 'drop' | 'close';

interface Bucket {
  tokens: number;
  at: number;
  dropped: number;
}

export class FrameRateLimit {
  readonly #buckets = new WeakMap<WebSocket, Bucket>();

  constructor(
    private readonly policy: FrameRatePolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one frame of `ws`: let it through, drop it (the first since it calmed, or a later one), or close it. */
  take(ws: WebSocket): FrameVerdict {
    const now = this.now();
    const bucket = this.#buckets.get(ws) ?? { tokens: this.policy.burst, at: now, dropped: 0 };
    bucket.tokens = Math.min(this.policy.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.policy.perSecond);
    bucket.at = now;
    this.#buckets.set(ws, bucket);
    // A full bucket means the socket calmed down: what it did before is forgiven.
    if (bucket.tokens >= this.policy.burst) bucket.dropped = 0;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 'ok';
    }
    bucket.dropped += 1;
    if (bucket.dropped >= this.policy.closeAfter) return 'close';
    return bucket.dropped === 1 ? 'dropFirst' : 'drop';
  }
}

/**
 * Whether the room should handle this frame of `ws`. If not, the first dropped frame of a run gets `slowDown` (the
 * room's own error frame) and a socket still flooding is closed.
 */
export function withinFrameRate(limit: FrameRateLimit, ws: WebSocket, slowDown?: () => void): boolean {
  const verdict = limit.take(ws);
  if (verdict === 'ok') return true;
  if (verdict === 'close') closeFlooding(ws);
  else if (verdict === 'dropFirst') slowDown?.();
  return false;
}

/** Closes a flooding socket with FLOOD_CLOSE; one already closing needs nothing more. */
export function closeFlooding(ws: WebSocket) {
  try {
    ws.close(FLOOD_CLOSE.code, FLOOD_CLOSE.reason);
  } catch {
    // Already closed by the peer.
  }
}
