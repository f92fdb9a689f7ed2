import { and, count, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../platform/errors';
import type { Role, roleInput, VerifyDelete } from '../../schema/contracts/roles';
import { roles, users } from '../../schema/tables';
import type { Actor } from '../env';
import { assertMayHandOut } from './admin-role-grants';
import { recordAudit } from './audit';
import { changedFields } from './changes';
import { permissionChanges, roleChangeSummary } from './permission-changes';
import type { TenantDb } from './tenant-db';
import { taken, uniqueWrite } from './unique';

type RoleInput = z.output<typeof roleInput>;
export type RoleRow = typeof roles.$inferSelect;

export const toRole = ({ tenantId: _tenant, ...row }: RoleRow, usersCount: number): Role => ({
  ...row,
  usersCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Live accounts holding each role. */
export async function usersCounts(tdb: TenantDb, roleIds: string[]) {
  if (roleIds.length === 0) return new Map<string, number>();
  const rows = await tdb.db
    .select({ roleId: users.adminRoleId, n: count() })
    .from(users)
    .where(tdb.where(users, inArray(users.adminRoleId, roleIds), isNull(users.deletedAt)))
    .groupBy(users.adminRoleId)
    .all();
  return new Map(rows.map((row) => [row.roleId ?? '', row.n]));
}

export const usersCountOf = async (tdb: TenantDb, role: RoleRow) => (await usersCounts(tdb, [role._id])).get(role._id) ?? 0;

export async function findRole(tdb: TenantDb, id: string) {
  const role = await tdb.db
    .select()
    .from(roles)
    .where(tdb.where(roles, eq(roles._id, id)))
    .get();
  if (!role) throw new ApiError(404, 'Role not found');
  return role;
}

const nameTaken = () => taken('name', 'a role with this name already exists');

export async function verifyDelete(tdb: TenantDb, role: RoleRow): Promise<VerifyDelete> {
  const usersCount = await usersCountOf(tdb, role);
  if (role.isSystem) return { canDelete: false, usersCount, message: 'The built-in Admin role cannot be deleted.' };
  if (usersCount > 0) {
    const people = usersCount === 1 ? '1 user' : `${usersCount} users`;
    return { canDelete: false, usersCount, message: `This role is assigned to ${people}. Give them another role first.` };
  }
  return { canDelete: true, usersCount, message: 'This role is not in use and can be deleted.' };
}

/** A new role holding no more than the actor's own role may hand out. */
export async function createRole(tdb: TenantDb, actor: Actor, input: RoleInput) {
  await assertMayHandOut(tdb, actor.userId, input.permissions, 'permissions');
  const insert = tdb.db
    .insert(roles)
    .values(tdb.values(roles, { ...input, isSystem: false }))
    .returning();
  const role = await uniqueWrite(() => insert.get(), nameTaken);
  await recordAudit(tdb, actor, {
    action: 'role.create',
    subject: roleSubject(role),
    summary: `Created the admin role (${permissionChanges({}, role.permissions) || 'no permissions'})`,
  });
  return role;
}

const roleSubject = (role: RoleRow) => ({ type: 'role' as const, id: role._id, label: role.name });

/** Writes only what differs; the built-in role always holds everything, so a tenant can never lock itself out. */
export async function updateRole(tdb: TenantDb, actor: Actor, role: RoleRow, input: RoleInput) {
  if (role.isSystem) throw new ApiError(409, 'The built-in Admin role cannot be changed');
  const changes = changedFields(role, input);
  if (Object.keys(changes).length === 0) return role;
  if (changes.permissions) await assertMayHandOut(tdb, actor.userId, changes.permissions, 'permissions');
  const update = tdb.db
    .update(roles)
    .set(changes)
    .where(tdb.where(roles, eq(roles._id, role._id)))
    .returning();
  const updated = (await uniqueWrite(() => update.get(), nameTaken))!;
  await recordAudit(tdb, actor, { action: 'role.update', subject: roleSubject(updated), summary: roleChangeSummary(role, changes) });
  return updated;
}

export async function deleteRole(tdb: TenantDb, actor: Actor, role: RoleRow) {
  const check = await verifyDelete(tdb, role);
  if (!check.canDelete) throw new ApiError(409, check.message);
  // Checked again in the statement itself, so a role given to someone a moment ago is never deleted.
  const inUse = tdb.db
    .select({ _id: users._id })
    .from(users)
    .where(and(eq(users.adminRoleId, roles._id), isNull(users.deletedAt)));
  const removed = await tdb.db
    .delete(roles)
    .where(tdb.where(roles, eq(roles._id, role._id), eq(roles.isSystem, false), notExists(inUse)))
    .returning({ _id: roles._id })
    .get();
  if (!removed) throw new ApiError(409, (await verifyDelete(tdb, role)).message);
  await recordAudit(tdb, actor, { action: 'role.delete', subject: roleSubject(role), summary: 'Deleted the admin role' });
}
