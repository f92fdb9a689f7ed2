import type { RtTicketResponse } from '../../../schema/contracts/realtime';
import { api } from '../api';

/** A fresh single-use ticket that opens one socket to `room` within a minute. */
export const fetchTicket = async (room: string) => (await api<RtTicketResponse>('/rt/tickets', { json: { room } })).ticket;

/** A WebSocket address for `path` (below /api) from the page's own host, with the ticket in its query. */
export function ticketedUrl(path: string, ticket: string, query: Record<string, string> = {}) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api${path}?${new URLSearchParams({ ...query, ticket })}`;
}

/** A fresh single-use ticket for `room`, as a ready WebSocket address for `path` (below /api). */
export const socketUrl = async (room: string, path: string, query: Record<string, string> = {}) => ticketedUrl(path, await fetchTicket(room), query);
