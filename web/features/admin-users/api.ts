import type { AdminUserRecord, AdminUserRow, CreateAdminUser, UpdateAdminUser } from '../../../schema/contracts/admin-users';
import type { ListResponse } from '../../../schema/contracts/common';
import { type ApiOptions, api } from '../../lib/api';

/** Every call the user administration screens make. */
export const adminUserCalls = {
  list: (query: ApiOptions['query'], signal: AbortSignal) => api<ListResponse<AdminUserRow>>('/admin/users', { query, signal }),
  get: (userId: string, signal: AbortSignal) => api<AdminUserRecord>(`/admin/users/${encodeURIComponent(userId)}`, { signal }),
  create: (input: CreateAdminUser) => api<AdminUserRow>('/admin/users', { method: 'POST', json: input }),
  update: (id: string, input: UpdateAdminUser) => api<AdminUserRow>(`/admin/users/${id}`, { method: 'PUT', json: input }),
  resendPassword: (id: string) => api<{ message: string }>(`/admin/users/resend-user-password/${id}`, { method: 'POST' }),
  addNote: (id: string, note: string) => api<AdminUserRecord>(`/admin/users/admin-notes/${id}`, { method: 'POST', json: { note } }),
  removeNote: (id: string, noteId: string) => api<AdminUserRecord>(`/admin/users/admin-notes/${id}`, { method: 'DELETE', query: { noteId } }),
};
