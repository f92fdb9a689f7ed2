import type { ListResponse } from '../../../schema/contracts/common';
import type { VerifyDelete } from '../../../schema/contracts/roles';
import { type ApiOptions, api } from '../../lib/api';
import { type RoleItem, type RoleKind, toRoleItem } from './role-kinds';

type RoleRow = Parameters<typeof toRoleItem>[0];

/** Every call the roles screens make, for either kind of role (admin roles, tutor roles) at the kind's endpoint. */
export const roleCalls = {
  list: async (kind: RoleKind, query: ApiOptions['query'], signal: AbortSignal): Promise<ListResponse<RoleItem>> => {
    const page = await api<ListResponse<RoleRow>>(kind.endpoint, { query, signal });
    return { ...page, docs: page.docs.map(toRoleItem) };
  },
  /** Creates the role, or updates one that has an id. */
  save: async (kind: RoleKind, id: string | undefined, input: unknown) =>
    toRoleItem(await api<RoleRow>(id ? `${kind.endpoint}/${id}` : kind.endpoint, { method: id ? 'PUT' : 'POST', json: input })),
  verifyDelete: (kind: RoleKind, id: string) => api<VerifyDelete>(`${kind.endpoint}/verify-delete/${id}`),
  remove: (kind: RoleKind, id: string) => api(`${kind.endpoint}/${id}`, { method: 'DELETE' }),
};
