import type { ListResponse } from '../../../schema/contracts/common';
import type { Trial } from '../../../schema/contracts/trials';
import { type ApiOptions, api } from '../../lib/api';

/** Every call the trial administration screens make. */
export const adminTrialCalls = {
  list: (query: ApiOptions['query']) => api<ListResponse<Trial>>('/admin/trials', { query }),
  /** Books a trial, or changes one that has an id; the body is checked against the contract before it is sent. */
  save: (id: string | undefined, body: unknown) =>
    id ? api<Trial>(`/admin/trials/${id}`, { method: 'PUT', json: body }) : api<Trial>('/admin/trials', { method: 'POST', json: body }),
  remove: (id: string) => api(`/admin/trials/${id}`, { method: 'DELETE' }),
};
