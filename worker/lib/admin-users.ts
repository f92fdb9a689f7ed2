import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../platform/errors';
import type { createAdminUser, updateAdminUser } from '../../schema/contracts/admin-users';
import { adminNotes, sessions, type User, users } from '../../schema/tables';
import type { Actor } from '../env';
import { assertMayHandOut, tenantRole } from './admin-role-grants';
import { fullName, recordAudit } from './audit';
import { changedFields } from './changes';
import { hashPassword } from './passwords';
import { temporaryPassword } from './temporary-password';
import type { TenantDb } from './tenant-db';
import { taken, uniqueWrite } from './unique';

const emailTaken = () => taken('email', 'is already used by another account');
const badField = (path: string, message: string) => new ApiError(400, `${path}: ${message}`, [{ path, message }]);

/** Managing an admin account needs at least that admin's powers (see assertMayHandOut): the gate of every write. */
export async function assertMayManage(tdb: TenantDb, actor: Actor, target: Pick<User, 'role' | 'adminRoleId'>) {
  if (target.role !== 'ADMIN' || !target.adminRoleId) return;
  const role = await tenantRole(tdb, target.adminRoleId).catch(() => null);
  if (role) await assertMayHandOut(tdb, actor.userId, role.permissions, 'adminRoleId');
}

/** A new account with a temporary password, which the caller mails; an admin account only with a role the actor may hand out. */
export async function createManagedUser(tdb: TenantDb, actor: Actor, input: z.output<typeof createAdminUser>) {
  const { role, adminRoleId, ...fields } = input;
  if (role === 'ADMIN' && adminRoleId) {
    const adminRole = await tenantRole(tdb, adminRoleId);
    await assertMayHandOut(tdb, actor.userId, adminRole.permissions, 'adminRoleId');
  }
  const password = temporaryPassword();
  const insert = tdb.db
    .insert(users)
    .values(
      tdb.values(users, {
        ...fields,
        role,
        adminRoleId: role === 'ADMIN' ? adminRoleId : null,
        availabilityState: role === 'TUTOR' ? (fields.availabilityState ?? 'available') : null,
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
        // Students and tutors tell us their subjects at onboarding; staff and parents have nothing to fill in.
        onboarded: role === 'ADMIN' || role === 'PARENT',
      }),
    )
    .returning();
  // Two admins adding the same e-mail at once: the unique index decides, and the loser gets the 409.
  const user = await uniqueWrite(() => insert.get(), emailTaken);
  if (user.role === 'ADMIN' && user.adminRoleId) await auditRoleGrant(tdb, actor, user, user.adminRoleId, null);
  return { user, password };
}

/** Writes only what differs from the record, after the checks a change of role or state needs. */
export async function updateManagedUser(tdb: TenantDb, actor: Actor, target: User, input: z.output<typeof updateAdminUser>) {
  const changes = changedFields(target, input);
  if (changes.adminRoleId !== undefined) {
    if (target.role !== 'ADMIN') throw badField('adminRoleId', 'only admins hold a role');
    if (!changes.adminRoleId) throw badField('adminRoleId', 'is required for an admin');
    const adminRole = await tenantRole(tdb, changes.adminRoleId);
    await assertMayHandOut(tdb, actor.userId, adminRole.permissions, 'adminRoleId');
  }
  if (changes.availabilityState !== undefined && target.role !== 'TUTOR' && changes.availabilityState !== null) {
    throw badField('availabilityState', 'only tutors have an availability');
  }
  if (Object.keys(changes).length === 0) return target;
  const update = tdb.db
    .update(users)
    .set(changes)
    .where(tdb.where(users, eq(users._id, target._id)))
    .returning();
  const updated = (await uniqueWrite(() => update.get(), emailTaken))!;
  if (changes.adminRoleId) await auditRoleGrant(tdb, actor, updated, changes.adminRoleId, target.adminRoleId);
  return updated;
}

/** An admin's role given or changed: who may now do what is worth a line in the audit log. */
async function auditRoleGrant(tdb: TenantDb, actor: Actor, user: User, roleId: string, previousId: string | null) {
  const [role, previous] = await Promise.all([tenantRole(tdb, roleId), previousId ? tenantRole(tdb, previousId).catch(() => null) : null]);
  await recordAudit(tdb, actor, {
    action: 'user.adminRole',
    subject: { type: 'user', id: user._id, label: fullName(user) },
    summary: previous ? `Changed their admin role from ${previous.name} to ${role.name}` : `Gave them the admin role ${role.name}`,
  });
}

/** A new temporary password; the old one is gone, so every session opened with it ends in the same batch. */
export async function replaceWithTemporaryPassword(tdb: TenantDb, target: User) {
  const password = temporaryPassword();
  await tdb.db.batch([
    tdb.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), mustChangePassword: true })
      .where(tdb.where(users, eq(users._id, target._id))),
    tdb.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(tdb.where(sessions, eq(sessions.userId, target._id), isNull(sessions.revokedAt))),
  ]);
  return password;
}

export async function addAdminNote(tdb: TenantDb, actor: Actor, target: User, note: string) {
  await tdb.db.insert(adminNotes).values(tdb.values(adminNotes, { subjectType: 'USER', subjectId: target._id, note, authorId: actor.userId }));
}

export async function removeAdminNote(tdb: TenantDb, target: User, noteId: string) {
  const removed = await tdb.db
    .delete(adminNotes)
    .where(tdb.where(adminNotes, and(eq(adminNotes._id, noteId), eq(adminNotes.subjectType, 'USER'), eq(adminNotes.subjectId, target._id))))
    .returning({ _id: adminNotes._id })
    .get();
  if (!removed) throw new ApiError(404, 'Note not found');
}
