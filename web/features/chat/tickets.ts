import type { RtTicketResponse } from '../../../schema/contracts/realtime';
import { api } from '../../lib/api';

/** A fresh single-use ticket for `room`, as a ready WebSocket address for `path` (below /api). */
export async function socketUrl(room: string, path: string, query: Record<string, string> = {}) {
  const { ticket } = await api<RtTicketResponse>('/rt/tickets', { json: { room } });
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api${path}?${new URLSearchParams({ ...query, ticket })}`;
}
