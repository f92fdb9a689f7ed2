import { and, eq, isNull } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../platform/errors';
import type { AuthUserResponse } from '../../schema/contracts/auth';
import { hasTenantPermission } from '../../schema/contracts/permissions';
import { userMappers, users } from '../../schema/tables';
import type { AppBindings, AuthState } from '../env';
import { adminPermissions } from '../lib/admin-permissions';
import { compiled, runBatch } from '../lib/compiled';
import { managedStudentsQuery, mappedStudents, publicUser, publicUserColumns, summaryColumns, toUserProfile } from '../lib/public-user';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requireRole } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const sessionGone = () => new ApiError(401, 'Your session has expired. Please sign in again.');
const noSuchUser = () => new ApiError(404, 'User not found');

/**
 * Whom a caller may look up: themselves, the student they act for, a parent's linked students, and any user of
 * the tenant for an admin who may view admin users. Everyone else gets the same 404 as a missing id, so the
 * answer never reveals that an account exists.
 */
async function maySee(tdb: TenantDb, auth: AuthState, tenantPermissions: Record<string, string[]>, targetId: string) {
  if (targetId === auth.userId || targetId === auth.actingUserId) return true;
  if (auth.role === 'PARENT') {
    const link = await tdb.db
      .select({ _id: userMappers._id })
      .from(userMappers)
      .where(tdb.where(userMappers, eq(userMappers.parentId, auth.userId), eq(userMappers.studentId, targetId)))
      .get();
    return Boolean(link);
  }
  if (auth.role === 'ADMIN') {
    return hasTenantPermission(await adminPermissions(tdb.db, tdb.tenantId, auth.userId), tenantPermissions, { adminUsers: ['view'] });
  }
  return false;
}

// The first call of every page, so its reads are compiled.
const userById = <C extends Record<string, SQLiteColumn>>(columns: C) =>
  compiled(['userId'], (tdb, p) =>
    tdb.db
      .select(columns)
      .from(users)
      .where(tdb.where(users, eq(users._id, p.userId), isNull(users.deletedAt))),
  );
const publicUserById = userById(publicUserColumns);
const summaryById = userById(summaryColumns);
const managedStudentsOf = compiled(['parentId'], (tdb, p) => managedStudentsQuery(tdb, p.parentId));

export const userRoutes = new Hono<AppBindings>()
  .get('/user/authUser', requireAuth, async (c) => {
    const tdb = tenantDb(c);
    const auth = authOf(c);
    // The first call of every page: the user, who they act for and their children in one round trip.
    const [[user], [actingFor], students] = await runBatch(tdb.db, [
      publicUserById(tdb, { userId: auth.userId }),
      summaryById(tdb, { userId: auth.actingUserId }),
      managedStudentsOf(tdb, { parentId: auth.userId }),
    ]);
    if (!user) throw sessionGone();
    if (!actingFor) throw new ApiError(403, 'x-user-id: you cannot act for this user');
    const body: AuthUserResponse = { ...publicUser(user, students), actingFor };
    return c.json(body);
  })
  // Parent-only: while acting for a student the caller has that student's view, which has no linked students.
  .get('/user/mapped-students', requireAuth, requireRole('PARENT'), async (c) => {
    const auth = authOf(c);
    if (auth.actingUserId !== auth.userId) throw new ApiError(403, 'Switch back to your own account to manage linked students');
    return c.json(await mappedStudents(tenantDb(c), auth.userId));
  })
  .get('/user/:id', requireAuth, requireAccount, validate('param', z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const tdb = tenantDb(c);
    const { id } = c.req.valid('param');
    if (!(await maySee(tdb, authOf(c), c.get('tenant').permissions, id))) throw noSuchUser();
    const user = await tdb.db
      .select()
      .from(users)
      .where(and(tdb.where(users, eq(users._id, id), isNull(users.deletedAt))))
      .get();
    if (!user || user.role === 'GUEST') throw noSuchUser();
    return c.json(await toUserProfile(tdb, user));
  });
