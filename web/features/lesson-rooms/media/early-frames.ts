import * as decoding from 'lib0/decoding';
import type { WebsocketProvider } from 'y-websocket';
import { AV_MESSAGE_SIGNAL } from '../../../../schema/contracts/realtime';

const early = new WeakMap<WebsocketProvider, string[]>();

/**
 * Kept from the moment a board socket is made: the room tells each socket who is in the call as it opens, before
 * the call's code (loaded lazily) is there to hear it. A newer roster replaces everything before it.
 */
export function keepEarlyAvFrames(provider: WebsocketProvider) {
  const frames: string[] = [];
  early.set(provider, frames);
  provider.messageHandlers[AV_MESSAGE_SIGNAL] = (_encoder, decoder) => {
    const text = decoding.readVarString(decoder);
    try {
      if ((JSON.parse(text) as { type?: unknown }).type === 'roster') frames.length = 0;
    } catch {
      return;
    }
    frames.push(text);
  };
}

/** The frames kept so far, handed to the call's channel once (it takes over the socket's signalling). */
export function takeEarlyAvFrames(provider: WebsocketProvider) {
  const frames = early.get(provider) ?? [];
  early.delete(provider);
  return frames;
}
