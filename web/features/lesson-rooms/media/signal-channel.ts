import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { WebsocketProvider } from 'y-websocket';
import { AV_MESSAGE_SIGNAL, type AvClientFrame, type AvServerFrame, avServerFrame } from '../../../../schema/contracts/av-signal';
import { keepEarlyAvFrames, takeEarlyAvFrames } from './early-frames';

export interface SignalChannel {
  send(frame: AvClientFrame): boolean;
  subscribe(listener: (frame: AvServerFrame) => void): () => void;
  /** Whether the board's socket is open; the call waits for a welcome after each reconnect. */
  onStatus(listener: (connected: boolean) => void): () => void;
  close(): void;
}

/**
 * Signalling on the board's own socket (message type 101): no second connection, and the room already knows who
 * this socket is. Frames the room sends are checked with the same zod schema it checks ours with.
 */
export function boardSignalChannel(provider: WebsocketProvider): SignalChannel {
  const listeners = new Set<(frame: AvServerFrame) => void>();
  const statusListeners = new Set<(connected: boolean) => void>();
  const parse = (text: string) => {
    try {
      return avServerFrame.parse(JSON.parse(text));
    } catch {
      return null;
    }
  };
  // What the room said before this code loaded (who is in the call), heard by the first listener before anything new.
  const early = takeEarlyAvFrames(provider);
  provider.messageHandlers[AV_MESSAGE_SIGNAL] = (_encoder, decoder) => {
    const frame = parse(decoding.readVarString(decoder));
    if (frame) for (const listener of listeners) listener(frame);
  };
  const onStatus = ({ status }: { status: string }) => {
    for (const listener of statusListeners) listener(status === 'connected');
  };
  provider.on('status', onStatus);
  return {
    send(frame) {
      const ws = provider.ws;
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, AV_MESSAGE_SIGNAL);
      encoding.writeVarString(encoder, JSON.stringify(frame));
      ws.send(encoding.toUint8Array(encoder));
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      for (const text of early.splice(0)) {
        const frame = parse(text);
        if (frame) listener(frame);
      }
      return () => listeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close() {
      // The socket goes back to keeping what the room says, for a call opened again later.
      keepEarlyAvFrames(provider);
      provider.off('status', onStatus);
      listeners.clear();
      statusListeners.clear();
    },
  };
}
