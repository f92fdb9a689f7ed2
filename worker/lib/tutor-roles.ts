import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../platform/errors';
import type { TutorRole, tutorRoleInput, VerifyDelete } from '../../schema/contracts/roles';
import { courseTutors, tutorRoles } from '../../schema/tables';
import type { Actor } from '../env';
import { auditStatement, recordAudit } from './audit';
import { changedFields } from './changes';
import { permissionChanges, roleChangeSummary } from './permission-changes';
import type { TenantDb } from './tenant-db';
import { taken, uniqueWrite } from './unique';

type TutorRoleInput = z.output<typeof tutorRoleInput>;
export type TutorRoleRow = typeof tutorRoles.$inferSelect;

export const toTutorRole = ({ tenantId: _tenant, ...row }: TutorRoleRow): TutorRole => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function findTutorRole(tdb: TenantDb, id: string) {
  const role = await tdb.db
    .select()
    .from(tutorRoles)
    .where(tdb.where(tutorRoles, eq(tutorRoles._id, id)))
    .get();
  if (!role) throw new ApiError(404, 'Tutor role not found');
  return role;
}

const nameTaken = () => taken('name', 'a tutor role with this name already exists');

/** The default role, and any role a course tutor holds, stay: deleting it would silently end their course access. */
export async function verifyDelete(tdb: TenantDb, role: TutorRoleRow): Promise<VerifyDelete> {
  if (role.isDefault) return { canDelete: false, usersCount: 0, message: `The default role "${role.name}" cannot be deleted.` };
  const inUse = await tdb.db
    .select({ n: count() })
    .from(courseTutors)
    .where(tdb.where(courseTutors, eq(courseTutors.tutorRoleId, role._id)))
    .get();
  const usersCount = inUse?.n ?? 0;
  if (usersCount > 0) {
    return {
      canDelete: false,
      usersCount,
      message: `${usersCount === 1 ? '1 course tutor uses' : `${usersCount} course tutors use`} this role. Give them another role first.`,
    };
  }
  return { canDelete: true, usersCount: 0, message: 'This tutor role is not in use and can be deleted.' };
}

const tutorRoleSubject = (role: TutorRoleRow) => ({ type: 'tutorRole' as const, id: role._id, label: role.name });

export async function createTutorRole(tdb: TenantDb, actor: Actor, input: TutorRoleInput) {
  const insert = tdb.db
    .insert(tutorRoles)
    .values(tdb.values(tutorRoles, { ...input, isDefault: false }))
    .returning();
  const role = await uniqueWrite(() => insert.get(), nameTaken);
  await recordAudit(tdb, actor, {
    action: 'tutorRole.create',
    subject: tutorRoleSubject(role),
    summary: `Created the tutor role (${permissionChanges({}, role.permissions) || 'no permissions'})`,
  });
  return role;
}

/** Writes only what differs, so writing back what was read changes nothing. */
export async function updateTutorRole(tdb: TenantDb, actor: Actor, role: TutorRoleRow, input: TutorRoleInput) {
  const changes = changedFields(role, input);
  if (Object.keys(changes).length === 0) return role;
  const update = tdb.db
    .update(tutorRoles)
    .set(changes)
    .where(tdb.where(tutorRoles, eq(tutorRoles._id, role._id)))
    .returning();
  const updated = (await uniqueWrite(() => update.get(), nameTaken))!;
  await recordAudit(tdb, actor, { action: 'tutorRole.update', subject: tutorRoleSubject(updated), summary: roleChangeSummary(role, changes) });
  return updated;
}

export async function deleteTutorRole(tdb: TenantDb, actor: Actor, role: TutorRoleRow) {
  const check = await verifyDelete(tdb, role);
  if (!check.canDelete) throw new ApiError(409, check.message);
  await tdb.db.batch([
    auditStatement(tdb, actor, { action: 'tutorRole.delete', subject: tutorRoleSubject(role), summary: 'Deleted the tutor role' }),
    tdb.db.delete(tutorRoles).where(tdb.where(tutorRoles, eq(tutorRoles._id, role._id), eq(tutorRoles.isDefault, false))),
  ]);
}
