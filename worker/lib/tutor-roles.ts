import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../platform/errors';
import type { TutorRole, tutorRoleInput, VerifyDelete } from '../../schema/contracts/roles';
import { courseTutors, tutorRoles } from '../../schema/tables';
import { changedFields } from './changes';
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

export async function createTutorRole(tdb: TenantDb, input: TutorRoleInput) {
  const insert = tdb.db
    .insert(tutorRoles)
    .values(tdb.values(tutorRoles, { ...input, isDefault: false }))
    .returning();
  return uniqueWrite(() => insert.get(), nameTaken);
}

/** Writes only what differs, so writing back what was read changes nothing. */
export async function updateTutorRole(tdb: TenantDb, role: TutorRoleRow, input: TutorRoleInput) {
  const changes = changedFields(role, input);
  if (Object.keys(changes).length === 0) return role;
  const update = tdb.db
    .update(tutorRoles)
    .set(changes)
    .where(tdb.where(tutorRoles, eq(tutorRoles._id, role._id)))
    .returning();
  return (await uniqueWrite(() => update.get(), nameTaken))!;
}

export async function deleteTutorRole(tdb: TenantDb, role: TutorRoleRow) {
  const check = await verifyDelete(tdb, role);
  if (!check.canDelete) throw new ApiError(409, check.message);
  await tdb.db.delete(tutorRoles).where(tdb.where(tutorRoles, eq(tutorRoles._id, role._id), eq(tutorRoles.isDefault, false)));
}
