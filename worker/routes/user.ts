import { eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AuthUserResponse } from '../../schema/contracts/auth';
import { users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { summaryColumns, toPublicUser } from '../lib/public-user';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError } from '../middleware/errors';

const sessionGone = () => new ApiError(401, 'Your session has expired. Please sign in again.');

export const userRoutes = new Hono<AppBindings>().get('/user/authUser', requireAuth, async (c) => {
  const tdb = tenantDb(c);
  const auth = authOf(c);
  const user = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users._id, auth.userId), isNull(users.deletedAt)))
    .get();
  if (!user) throw sessionGone();
  const actingFor =
    auth.actingUserId === user._id
      ? { _id: user._id, firstname: user.firstname, lastname: user.lastname }
      : await tdb.db
          .select(summaryColumns)
          .from(users)
          .where(tdb.where(users, eq(users._id, auth.actingUserId), isNull(users.deletedAt)))
          .get();
  if (!actingFor) throw new ApiError(403, 'x-user-id: you cannot act for this user');
  const body: AuthUserResponse = { ...(await toPublicUser(tdb, user)), actingFor };
  return c.json(body);
});
