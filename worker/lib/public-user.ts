import { and, eq, isNull } from 'drizzle-orm';
import type { PublicUser, UserSummary } from '../../schema/contracts/auth';
import { type User, userMappers, users } from '../../schema/tables';
import type { TenantDb } from './tenant-db';

export const summaryColumns = { _id: users._id, firstname: users.firstname, lastname: users.lastname };

/** Students a parent manages, in name order; nobody else manages anyone. */
export async function managedStudents(tdb: TenantDb, parent: Pick<User, '_id' | 'role'>): Promise<UserSummary[]> {
  if (parent.role !== 'PARENT') return [];
  return tdb.db
    .select(summaryColumns)
    .from(userMappers)
    .innerJoin(users, eq(users._id, userMappers.studentId))
    .where(and(tdb.where(userMappers, eq(userMappers.parentId, parent._id)), isNull(users.deletedAt)))
    .orderBy(users.firstname, users.lastname)
    .all();
}

/** The user as clients see it: no hash, no tenant, role as `{name, isGuest}`. */
export async function toPublicUser(tdb: TenantDb, user: User): Promise<PublicUser> {
  return {
    _id: user._id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    role: { name: user.role, isGuest: user.role === 'GUEST' },
    timezone: user.timezone,
    currency: user.currency,
    onboarded: user.onboarded,
    userMapper: await managedStudents(tdb, user),
  };
}
