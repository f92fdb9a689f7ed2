import type { AdminUserRecord, AdminUserRow, CreateAdminUser, UpdateAdminUser, UserPlansInput } from '../../../schema/contracts/admin-users';
import type { ListResponse } from '../../../schema/contracts/common';
import type { Rate } from '../../../schema/contracts/pricing';
import { type ApiOptions, api } from '../../lib/api';

/** The rate lists that can name a user, by the user's role, each with the label the user page gives it. */
const rateLists = {
  STUDENT: [
    ['One-to-one', '/admin/one-to-one-tutor-rates/user/'],
    ['Flexible plan', '/admin/student-flexible-rates/user/'],
    ['Subscription', '/admin/student-subscription-rates/user/'],
  ],
  TUTOR: [
    ['One-to-one', '/admin/one-to-one-tutor-rates/user/'],
    ['Group', '/admin/group-tutor-rates/user/'],
  ],
} as const;

/** Every call the user administration screens make. */
export const adminUserCalls = {
  list: (query: ApiOptions['query'], signal: AbortSignal) => api<ListResponse<AdminUserRow>>('/admin/users', { query, signal }),
  get: (userId: string, signal: AbortSignal) => api<AdminUserRecord>(`/admin/users/${encodeURIComponent(userId)}`, { signal }),
  create: (input: CreateAdminUser) => api<AdminUserRow>('/admin/users', { method: 'POST', json: input }),
  update: (id: string, input: UpdateAdminUser) => api<AdminUserRow>(`/admin/users/${id}`, { method: 'PUT', json: input }),
  resendPassword: (id: string) => api<{ message: string }>(`/admin/users/resend-user-password/${id}`, { method: 'POST' }),
  addNote: (id: string, note: string) => api<AdminUserRecord>(`/admin/users/admin-notes/${id}`, { method: 'POST', json: { note } }),
  setPlans: (id: string, plans: UserPlansInput) => api<{ plans: AdminUserRecord['plans'] }>(`/admin/users/plans/${id}`, { method: 'PUT', json: plans }),
  /** Every rate naming this student or tutor, labelled with the kind of rate it is. */
  ratesNaming: async (id: string, role: keyof typeof rateLists) => {
    const lists = await Promise.all(rateLists[role].map(async ([label, path]) => (await api<Rate[]>(`${path}${id}`)).map((rate) => ({ label, rate }))));
    return lists.flat();
  },
  removeNote: (id: string, noteId: string) => api<AdminUserRecord>(`/admin/users/admin-notes/${id}`, { method: 'DELETE', query: { noteId } }),
};
