import { z } from 'zod';
import { commaListOf, listQuery } from './common';
import { adminPermissionCatalogue, courseRoleCatalogue } from './permissions';

export const roleStatuses = ['ACTIVE', 'INACTIVE'] as const;
export type RoleStatus = (typeof roleStatuses)[number];

/**
 * A permission map whose resources and actions all come from `catalogue`; an unknown one is reported at
 * `permissions.<resource>`, so the editor can point at the row.
 */
export const permissionMap = (catalogue: Record<string, readonly string[]>) =>
  z.record(z.string(), z.array(z.string()).max(20)).superRefine((map, ctx) => {
    for (const [resource, actions] of Object.entries(map)) {
      const known = catalogue[resource];
      if (!known) {
        ctx.addIssue({ code: 'custom', path: [resource], message: `unknown resource "${resource}"` });
        continue;
      }
      const unknown = actions.filter((action) => !known.includes(action));
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', path: [resource], message: `unknown action "${unknown[0]}"` });
    }
  });

const name = z.string({ error: 'is required' }).trim().min(1, 'is required').max(60, 'must be at most 60 characters');
const description = z.string().trim().max(300, 'must be at most 300 characters').default('');

/** POST and PUT /api/admin/roles; the editor form uses it too. */
export const roleInput = z.object({
  name,
  description,
  status: z.enum(roleStatuses, { error: 'must be ACTIVE or INACTIVE' }).default('ACTIVE'),
  permissions: permissionMap(adminPermissionCatalogue),
});
export type RoleInput = z.input<typeof roleInput>;

/** POST and PUT /api/admin/tutor-roles. */
export const tutorRoleInput = z.object({ name, description, permissions: permissionMap(courseRoleCatalogue) });
export type TutorRoleInput = z.input<typeof tutorRoleInput>;

/** `statuses` is a comma list, e.g. `ACTIVE,INACTIVE`. */
export const roleListQuery = listQuery.and(
  z.object({
    statuses: commaListOf(roleStatuses),
  }),
);

export interface Role {
  _id: string;
  name: string;
  description: string;
  status: RoleStatus;
  permissions: Record<string, string[]>;
  isSystem: boolean;
  usersCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface TutorRole {
  _id: string;
  name: string;
  description: string;
  permissions: Record<string, string[]>;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET …/verify-delete/{id}: whether the delete would go through, and why not. */
export interface VerifyDelete {
  canDelete: boolean;
  usersCount: number;
  message: string;
}

/** GET /api/admin/settings/permissions: what the caller may do here (their role's map, narrowed to the tenant's). */
export interface AdminSettingsPermissions {
  role: { _id: string; name: string } | null;
  permissions: Record<string, string[]>;
}
