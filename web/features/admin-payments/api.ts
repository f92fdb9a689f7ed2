import type { DropdownUser } from '../../../schema/contracts/admin-users';
import type { ListResponse } from '../../../schema/contracts/common';
import type { PaymentRecordAnswer } from '../../../schema/contracts/payment-records';
import { type ApiOptions, api } from '../../lib/api';

type Query = ApiOptions['query'];

/** The two admin money lists share their routes' shape; `path` is `payment-history` or `transaction-logs`. */
export type RecordsPath = 'payment-history' | 'transaction-logs';

export const adminPaymentCalls = {
  list: <T>(path: RecordsPath, query: Query) => api<ListResponse<T>>(`/admin/${path}`, { query }),
  addNote: <T>(path: RecordsPath, id: string, note: string) =>
    api<PaymentRecordAnswer<T>>(`/admin/${path}/admin-notes/${encodeURIComponent(id)}`, { json: { note } }),
  deleteNote: <T>(path: RecordsPath, id: string, noteId: string) =>
    api<PaymentRecordAnswer<T>>(`/admin/${path}/admin-notes/${encodeURIComponent(id)}`, { method: 'DELETE', query: { id, noteId } }),
  /** People to filter by; an admin whose role may not list users gets none, and the list still works unfiltered. */
  people: (userTypes: string, signal: AbortSignal) =>
    api<DropdownUser[]>('/admin/users/dropdown-list', { query: { userTypes, limit: 100 }, signal }).catch(() => [] as DropdownUser[]),
};
