import { and, eq, isNull, or } from 'drizzle-orm';
import {
  adminNotes,
  calendarFeeds,
  emailOutbox,
  knownSignInAddresses,
  passwordResets,
  progress,
  sessions,
  userAchievements,
  userExperiences,
  userLanguages,
  userMappers,
  userQualifications,
  userSubjects,
  users,
} from '../../schema/tables';
import { removeAvatars } from './files';
import type { TenantDb } from './tenant-db';

export const DELETED_NAME = { firstname: 'Deleted', lastname: 'user' } as const;

/**
 * Deletes an account the way its owner would expect: everything that identifies the person goes, in one D1 batch
 * so a failure leaves nothing half-done; the users row itself stays (anonymised, with deletedAt) because rows that
 * money depends on (invoices, payments, lessons) keep pointing at its id. A parent's students are separate people
 * and keep their accounts; only the links go. The avatar file is removed from R2 after the batch has committed.
 */
export async function deleteUserAccount(tdb: TenantDb, files: R2Bucket, user: { _id: string; email: string | null }) {
  const now = new Date();
  const owned = [userExperiences, userQualifications, userAchievements, userLanguages, userSubjects, calendarFeeds, knownSignInAddresses, progress] as const;
  await tdb.db.batch([
    tdb.db
      .update(users)
      .set({
        ...DELETED_NAME,
        email: null,
        phone: null,
        bio: '',
        avatar: null,
        country: null,
        passwordHash: null,
        pageGuides: {},
        deletedAt: now,
      })
      .where(tdb.where(users, eq(users._id, user._id))),
    ...owned.map((table) => tdb.db.delete(table).where(tdb.where(table, eq(table.userId, user._id)))),
    tdb.db.delete(userMappers).where(tdb.where(userMappers, or(eq(userMappers.parentId, user._id), eq(userMappers.studentId, user._id)))),
    tdb.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(tdb.where(sessions, eq(sessions.userId, user._id), isNull(sessions.revokedAt))),
    tdb.db.delete(passwordResets).where(tdb.where(passwordResets, eq(passwordResets.userId, user._id))),
    tdb.db.delete(adminNotes).where(tdb.where(adminNotes, and(eq(adminNotes.subjectType, 'USER'), eq(adminNotes.subjectId, user._id)))),
    ...(user.email ? [tdb.db.delete(emailOutbox).where(tdb.where(emailOutbox, eq(emailOutbox.to, user.email)))] : []),
  ]);
  await removeAvatars(files, tdb.tenantId, user._id);
}
