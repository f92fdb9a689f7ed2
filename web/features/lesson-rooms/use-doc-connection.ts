import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { docRoomName } from '../../../schema/contracts/room-names';
import { afterFirstPaint } from '../../lib/after-first-paint';
import { fetchTicket } from '../../lib/realtime/tickets';
import { hasEarlyDoc } from './device-docs';
import { DocConnection, type DocState, docServerUrl } from './doc-connection';

const idle: DocState = { status: 'connecting', loaded: false, pending: 0, readOnly: false, sizeWarning: null, closedReason: null };
const noop = () => () => {};

/** A connection whose socket waits for `start` and then for the first paint, so one made while rendering stays quiet. */
function openDoc(name: string) {
  let start = () => {};
  const started = new Promise<void>((resolve) => {
    start = resolve;
  });
  const connection = new DocConnection({
    name,
    serverUrl: docServerUrl(),
    fetchTicket: () => fetchTicket(docRoomName(name)),
    connectWhen: started.then(afterFirstPaint),
  });
  return { name, connection, start };
}

/**
 * Opens one shared document for as long as the component shows it. When its device copy is already being read (a
 * reload into the room, device-docs.ts) the connection is made on the first render, so the room's first commit has
 * its board and notes instead of a spinner and a second commit.
 */
export function useDocConnection(name: string | null) {
  const [early] = useState(() => (name && hasEarlyDoc(name) ? openDoc(name) : null));
  const adopt = useRef(early);
  const [connection, setConnection] = useState<DocConnection | null>(early?.connection ?? null);
  useEffect(() => {
    if (!name) return;
    // The one made while rendering is adopted once; a second run of this effect (another name, Strict Mode) opens anew.
    const opened = adopt.current?.name === name ? adopt.current : openDoc(name);
    adopt.current = null;
    opened.start();
    setConnection(opened.connection);
    return () => {
      opened.connection.destroy();
      setConnection(null);
    };
  }, [name]);
  const state = useSyncExternalStore(connection?.subscribe ?? noop, connection?.getState ?? (() => idle));
  return { connection, state };
}
