import { and, asc, eq, isNull, type Placeholder } from 'drizzle-orm';
import type { PublicUser, UserSummary } from '../../schema/contracts/auth';
import type { MappedStudent, UserProfile } from '../../schema/contracts/profile';
import { type User, userAchievements, userExperiences, userLanguages, userMappers, userQualifications, userSubjects, users } from '../../schema/tables';
import type { TenantDb } from './tenant-db';

export const summaryColumns = { _id: users._id, firstname: users.firstname, lastname: users.lastname };

/** Students a parent manages, in name order; nobody else manages anyone. */
export async function managedStudents(tdb: TenantDb, parent: Pick<User, '_id' | 'role'>): Promise<UserSummary[]> {
  if (parent.role !== 'PARENT') return [];
  return managedStudentsQuery(tdb, parent._id).all();
}

/** The read behind `managedStudents`, for a caller that batches it with its own reads. */
export const managedStudentsQuery = (tdb: TenantDb, parentId: string | Placeholder) =>
  tdb.db
    .select(summaryColumns)
    .from(userMappers)
    .innerJoin(users, eq(users._id, userMappers.studentId))
    .where(and(tdb.where(userMappers, eq(userMappers.parentId, parentId)), isNull(users.deletedAt)))
    .orderBy(users.firstname, users.lastname);

/** The same students with what the account switcher shows on their cards. */
export async function mappedStudents(tdb: TenantDb, parentId: string): Promise<MappedStudent[]> {
  return tdb.db
    .select({ ...summaryColumns, avatar: users.avatar, curriculum: users.curriculum, grade: users.grade, onboarded: users.onboarded })
    .from(userMappers)
    .innerJoin(users, eq(users._id, userMappers.studentId))
    .where(and(tdb.where(userMappers, eq(userMappers.parentId, parentId)), isNull(users.deletedAt)))
    .orderBy(users.firstname, users.lastname)
    .all();
}

/** The user as clients see it: no hash, no tenant, role as `{name, isGuest}`. */
export async function toPublicUser(tdb: TenantDb, user: User): Promise<PublicUser> {
  return publicUser(user, await managedStudents(tdb, user));
}

/** The columns `publicUser` reads, for a caller that selects only those. */
export const publicUserColumns = {
  _id: users._id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  role: users.role,
  timezone: users.timezone,
  currency: users.currency,
  onboarded: users.onboarded,
};

/** `toPublicUser` with the students already read (`managedStudentsQuery`); only a parent has any. */
export function publicUser(user: Pick<User, keyof typeof publicUserColumns>, students: UserSummary[]): PublicUser {
  return {
    _id: user._id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    role: { name: user.role, isGuest: user.role === 'GUEST' },
    timezone: user.timezone,
    currency: user.currency,
    onboarded: user.onboarded,
    userMapper: user.role === 'PARENT' ? students : [],
  };
}

/** A sub-collection row as the wire carries it: no tenant column, times as ISO strings. */
export function toRecord<T extends { tenantId: string; createdAt: Date; updatedAt: Date }>({ tenantId: _tenantId, createdAt, updatedAt, ...row }: T) {
  return { ...row, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

type ProfileTable = typeof userExperiences | typeof userQualifications | typeof userAchievements | typeof userLanguages | typeof userSubjects;

/** One of the user's sub-collections, oldest first. */
const ownRows = <T extends ProfileTable>(tdb: TenantDb, table: T, userId: string) =>
  tdb.db
    .select()
    .from(table)
    .where(tdb.where(table, eq(table.userId, userId)))
    .orderBy(asc(table.createdAt));

/** The spec's User with its sub-collections and page guides, read in one round trip. */
export async function toUserProfile(tdb: TenantDb, user: User): Promise<UserProfile> {
  const [experiences, qualifications, achievements, languages, subjects] = await tdb.db.batch([
    ownRows(tdb, userExperiences, user._id),
    ownRows(tdb, userQualifications, user._id),
    ownRows(tdb, userAchievements, user._id),
    ownRows(tdb, userLanguages, user._id),
    ownRows(tdb, userSubjects, user._id),
  ]);
  return {
    ...(await toPublicUser(tdb, user)),
    phone: user.phone,
    bio: user.bio,
    country: user.country,
    avatar: user.avatar,
    curriculum: user.curriculum,
    grade: user.grade,
    pageGuides: user.pageGuides,
    experiences: experiences.map(toRecord),
    qualifications: qualifications.map(toRecord),
    achievements: achievements.map(toRecord),
    languages: languages.map(toRecord),
    subjects: subjects.map(toRecord),
  };
}
