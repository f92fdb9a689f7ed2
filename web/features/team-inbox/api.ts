import type { TeamInboxPage, TeamInboxQuery, TeamThread, TeamThreadUpdate } from '../../../schema/contracts/team-inbox';
import { api } from '../../lib/api';

export const teamInboxCalls = {
  list: (query: TeamInboxQuery) => api<TeamInboxPage>('/admin/team-inbox', { query: query as Record<string, string | number> }),
  update: (id: string, input: TeamThreadUpdate) => api<TeamThread>(`/admin/team-inbox/${encodeURIComponent(id)}`, { method: 'PUT', json: input }),
};
