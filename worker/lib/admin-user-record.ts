import { asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { ApiError } from '../../platform/errors';
import type { AdminNote, AdminUserRecord, AdminUserRow, PersonRef } from '../../schema/contracts/admin-users';
import { adminNotes, roles, type User, userAchievements, userExperiences, userLanguages, userQualifications, userSubjects, users } from '../../schema/tables';
import type { TenantDb } from './tenant-db';

/** The columns of a list row; never the hash or tenant. */
export const adminUserRowColumns = {
  _id: users._id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  phone: users.phone,
  role: users.role,
  country: users.country,
  timezone: users.timezone,
  currency: users.currency,
  curriculum: users.curriculum,
  grade: users.grade,
  availabilityState: users.availabilityState,
  adminRoleId: users.adminRoleId,
  onboarded: users.onboarded,
  mustChangePassword: users.mustChangePassword,
  createdAt: users.createdAt,
};

type RowSelect = Pick<User, keyof typeof adminUserRowColumns>;

export const toAdminUserRow = (row: RowSelect): AdminUserRow => ({
  ...(Object.fromEntries(Object.keys(adminUserRowColumns).map((key) => [key, row[key as keyof RowSelect]])) as RowSelect),
  role: row.role as AdminUserRow['role'],
  createdAt: row.createdAt.toISOString(),
});

/** Accounts the admin screens manage in this tenant: not deleted, not guest visitors. */
export const managedUser = (tdb: TenantDb, userId: string) => tdb.where(users, eq(users._id, userId), isNull(users.deletedAt), ne(users.role, 'GUEST'));

/** The user the admin screens may act on, or 404 (another tenant's user looks exactly like a missing one). */
export async function findManagedUser(tdb: TenantDb, userId: string) {
  const user = await tdb.db.select().from(users).where(managedUser(tdb, userId)).get();
  if (!user) throw new ApiError(404, 'User not found');
  return user;
}

async function people(tdb: TenantDb, ids: string[]): Promise<Map<string, PersonRef>> {
  if (ids.length === 0) return new Map();
  const rows = await tdb.db
    .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(tdb.where(users, inArray(users._id, [...new Set(ids)])))
    .all();
  return new Map(rows.map((row) => [row._id, row]));
}

export { people as peopleById };

export async function userNotes(tdb: TenantDb, userId: string): Promise<AdminNote[]> {
  const notes = await tdb.db
    .select()
    .from(adminNotes)
    .where(tdb.where(adminNotes, eq(adminNotes.subjectType, 'USER'), eq(adminNotes.subjectId, userId)))
    .orderBy(desc(adminNotes.createdAt))
    .all();
  const authors = await people(
    tdb,
    notes.map((n) => n.authorId),
  );
  return notes.map((n) => ({ _id: n._id, noteId: n._id, note: n.note, author: authors.get(n.authorId) ?? null, createdAt: n.createdAt.toISOString() }));
}

/** GET /api/admin/users/{id}: the account with its profile collections, notes and plans. */
export async function adminUserRecord(tdb: TenantDb, userId: string): Promise<AdminUserRecord> {
  const user = await findManagedUser(tdb, userId);
  const owned = <T extends typeof userExperiences | typeof userQualifications | typeof userAchievements | typeof userLanguages | typeof userSubjects>(
    table: T,
  ) => tdb.where(table, eq(table.userId, userId));
  const [experiences, qualifications, achievements, languages, subjects, adminNotesList, adminRole] = await Promise.all([
    tdb.db.select().from(userExperiences).where(owned(userExperiences)).orderBy(desc(userExperiences.startDate)).all(),
    tdb.db.select().from(userQualifications).where(owned(userQualifications)).orderBy(desc(userQualifications.year)).all(),
    tdb.db.select().from(userAchievements).where(owned(userAchievements)).orderBy(desc(userAchievements.year)).all(),
    tdb.db.select().from(userLanguages).where(owned(userLanguages)).orderBy(asc(userLanguages.language)).all(),
    tdb.db.select().from(userSubjects).where(owned(userSubjects)).orderBy(asc(userSubjects.curriculum), asc(userSubjects.subject)).all(),
    userNotes(tdb, userId),
    user.adminRoleId
      ? tdb.db
          .select({ _id: roles._id, name: roles.name })
          .from(roles)
          .where(tdb.where(roles, eq(roles._id, user.adminRoleId)))
          .get()
      : undefined,
  ]);
  const strip = <T extends { tenantId: string; userId: string; createdAt: Date; updatedAt: Date }>({
    tenantId: _t,
    userId: _u,
    createdAt: _c,
    updatedAt: _up,
    ...rest
  }: T) => rest;
  return {
    ...toAdminUserRow(user),
    bio: user.bio,
    adminRole: adminRole ?? null,
    experiences: experiences.map(strip),
    qualifications: qualifications.map(strip),
    achievements: achievements.map(strip),
    languages: languages.map(strip),
    subjects: subjects.map(strip),
    adminNotes: adminNotesList,
    plans: user.plans,
  };
}
