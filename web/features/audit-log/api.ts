import type { DropdownUser } from '../../../schema/contracts/admin-users';
import type { AuditEntry } from '../../../schema/contracts/audit';
import type { ListResponse } from '../../../schema/contracts/common';
import { type ApiOptions, api } from '../../lib/api';

/** The audit log and the people its filters offer. */
export const auditLogCalls = {
  list: (query: ApiOptions['query'], signal?: AbortSignal) => api<ListResponse<AuditEntry>>('/admin/audit-log', { query, signal }),
  people: (signal: AbortSignal) => api<DropdownUser[]>('/admin/users/dropdown-list', { query: { limit: 100 }, signal }),
};
