import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { useCallback, useEffect, useState } from 'react';
import {
  CONTROLS_MAP,
  type ControlRequest,
  controlNotice,
  DOC_MESSAGE_CONTROL,
  type LessonControls,
  readLessonControls,
} from '../../../../schema/contracts/lesson-controls';
import { useToast } from '../../../ui/toast/use-toast';
import type { DocConnection } from '../doc-connection';

/**
 * The tutor's controls of one board: read from the board document's `controls` map (which only the lesson's Durable
 * Object writes), changed by asking the object with a control frame on the board's socket. Its refusals show as a
 * toast; its clock, sent on connect, lets everyone's timer count from the same instant.
 */
export function useLessonControls(connection: DocConnection) {
  const toast = useToast();
  const map = connection.doc.getMap<unknown>(CONTROLS_MAP);
  const [controls, setControls] = useState<LessonControls>(() => readLessonControls(map.toJSON()));
  /** The object's clock minus this device's, from the last connect. */
  const [clockOffset, setClockOffset] = useState(0);

  useEffect(() => {
    const update = () => setControls(readLessonControls(map.toJSON()));
    update();
    map.observe(update);
    return () => map.unobserve(update);
  }, [map]);

  useEffect(() => {
    const handlers = connection.provider.messageHandlers;
    handlers[DOC_MESSAGE_CONTROL] = (_encoder, decoder) => {
      const parsed = controlNotice.safeParse(safeJson(decoding.readVarString(decoder)));
      if (!parsed.success) return;
      if (parsed.data.type === 'clock') setClockOffset(parsed.data.now - Date.now());
      else toast.error(parsed.data.message);
    };
    return () => {
      delete handlers[DOC_MESSAGE_CONTROL];
    };
  }, [connection, toast]);

  const send = useCallback(
    (request: ControlRequest) => {
      const ws = connection.provider.ws;
      if (!connection.provider.wsconnected || !ws || ws.readyState !== WebSocket.OPEN) {
        toast.error('You are offline. The lesson controls work again once you are back online.');
        return false;
      }
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, DOC_MESSAGE_CONTROL);
      encoding.writeVarString(encoder, JSON.stringify(request));
      ws.send(encoding.toUint8Array(encoder));
      return true;
    },
    [connection, toast],
  );

  const serverNow = useCallback(() => Date.now() + clockOffset, [clockOffset]);
  return { controls, send, serverNow };
}

export type LessonControlsHandle = ReturnType<typeof useLessonControls>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
