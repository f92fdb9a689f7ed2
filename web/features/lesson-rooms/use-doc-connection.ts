import { useEffect, useState, useSyncExternalStore } from 'react';
import { docRoomName } from '../../../schema/contracts/realtime';
import { afterFirstPaint } from '../../lib/after-first-paint';
import { fetchTicket } from '../../lib/realtime/tickets';
import { DocConnection, type DocState, docServerUrl } from './doc-connection';

const idle: DocState = { status: 'connecting', loaded: false, pending: 0, readOnly: false, sizeWarning: null, closedReason: null };
const noop = () => () => {};

/** Opens one shared document for as long as the component shows it. */
export function useDocConnection(name: string | null) {
  const [connection, setConnection] = useState<DocConnection | null>(null);
  useEffect(() => {
    if (!name) return;
    const opened = new DocConnection({
      name,
      serverUrl: docServerUrl(),
      fetchTicket: () => fetchTicket(docRoomName(name)),
      connectWhen: afterFirstPaint(),
    });
    setConnection(opened);
    return () => {
      opened.destroy();
      setConnection(null);
    };
  }, [name]);
  const state = useSyncExternalStore(connection?.subscribe ?? noop, connection?.getState ?? (() => idle));
  return { connection, state };
}
