import type { ZodType } from 'zod';
import { adminPermissionCatalogue, courseRoleCatalogue, type PermissionMap } from '../../../schema/contracts/permissions';
import { roleInput, tutorRoleInput } from '../../../schema/contracts/roles';

/** A role as the screen shows it, whichever kind it is. */
export interface RoleItem {
  _id: string;
  name: string;
  description: string;
  permissions: PermissionMap;
  status?: 'ACTIVE' | 'INACTIVE';
  usersCount?: number;
  /** The built-in Admin role, or the default tutor role: never deleted. */
  builtIn: boolean;
}

export interface RoleKind {
  /** Also the permission resource that gates the screen. */
  resource: 'roles' | 'tutorRoles';
  endpoint: string;
  noun: string;
  catalogue: Record<string, readonly string[]>;
  schema: ZodType;
  hasStatus: boolean;
  /** The built-in role's map is fixed too (admin roles), or only its existence (tutor roles). */
  builtInLocked: boolean;
  builtInLabel: string;
}

export const adminRoles: RoleKind = {
  resource: 'roles',
  endpoint: '/admin/roles',
  noun: 'Role',
  catalogue: adminPermissionCatalogue,
  schema: roleInput,
  hasStatus: true,
  builtInLocked: true,
  builtInLabel: 'Built-in',
};

export const tutorRoles: RoleKind = {
  resource: 'tutorRoles',
  endpoint: '/admin/tutor-roles',
  noun: 'Tutor role',
  catalogue: courseRoleCatalogue,
  schema: tutorRoleInput,
  hasStatus: false,
  builtInLocked: false,
  builtInLabel: 'Default',
};

export const toRoleItem = (row: { isSystem?: boolean; isDefault?: boolean } & Omit<RoleItem, 'builtIn'>): RoleItem => ({
  _id: row._id,
  name: row.name,
  description: row.description,
  permissions: row.permissions,
  status: row.status,
  usersCount: row.usersCount,
  builtIn: Boolean(row.isSystem ?? row.isDefault),
});
