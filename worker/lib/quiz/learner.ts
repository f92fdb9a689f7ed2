import { eq } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import { users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';

/**
 * The learner a quiz call is for: a student or guest themselves, or a parent acting for a linked student
 * (requireAuth has checked the link). Tutors and admins review attempts through their own calls.
 */
export async function learnerFor(tdb: TenantDb, actor: Actor): Promise<typeof users.$inferSelect> {
  const learner = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users._id, actor.actingUserId)))
    .get();
  if (!learner || learner.deletedAt || !(learner.role === 'STUDENT' || learner.role === 'GUEST')) {
    throw new ApiError(403, 'Quizzes are taken by students: sign in as a student or start a free trial');
  }
  return learner;
}
