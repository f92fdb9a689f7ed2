import { eq } from 'drizzle-orm';
import { users } from '../../../schema/tables';
import type { AppBindings } from '../../env';
import { authOf } from '../../middleware/auth';
import { ApiError } from '../../../platform/errors';
import { tenantDb } from '../tenant-db';

type Ctx = Parameters<typeof tenantDb>[0] & { get(key: 'auth'): AppBindings['Variables']['auth'] };

/**
 * The learner a quiz call is for: a student or guest themselves, or a parent acting for a linked student
 * (requireAuth has checked the link). Tutors and admins review attempts through their own calls.
 */
export async function learnerOf(c: Ctx) {
  const auth = authOf(c);
  const tdb = tenantDb(c);
  const learner = await tdb.db.select().from(users).where(tdb.where(users, eq(users._id, auth.actingUserId))).get();
  if (!learner || learner.deletedAt || !(learner.role === 'STUDENT' || learner.role === 'GUEST')) {
    throw new ApiError(403, 'Quizzes are taken by students: sign in as a student or start a free trial');
  }
  return { tdb, auth, learner };
}
