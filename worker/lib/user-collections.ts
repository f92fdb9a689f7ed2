import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../platform/errors';
import type { CollectionName, subjectInput } from '../../schema/contracts/profile';
import { curricula, grades, subjects, userAchievements, userExperiences, userLanguages, userQualifications, userSubjects } from '../../schema/tables';
import type { TenantDb } from './tenant-db';
import { uniqueWrite } from './unique';

// Every collection table has the same owner columns; drizzle's per-table types are unified here once.
type CollectionTable = typeof userExperiences;
const tables: Record<CollectionName, CollectionTable> = {
  experiences: userExperiences,
  qualifications: userQualifications as unknown as CollectionTable,
  achievements: userAchievements as unknown as CollectionTable,
  languages: userLanguages as unknown as CollectionTable,
};

const singular: Record<CollectionName | 'subjects', string> = {
  experiences: 'Experience',
  qualifications: 'Qualification',
  achievements: 'Achievement',
  languages: 'Language',
  subjects: 'Subject',
};

export const collectionNames = Object.keys(tables) as CollectionName[];
export type CollectionInput = Omit<CollectionTable['$inferInsert'], 'tenantId' | 'userId'>;

const alreadyThere = (name: CollectionName | 'subjects') => () =>
  new ApiError(409, name === 'languages' ? 'This language is already on the profile' : `This ${singular[name].toLowerCase()} is already on the profile`);
const notFound = (name: CollectionName | 'subjects') => new ApiError(404, `${singular[name]} not found`);

/*
 * A row is only found through its owner (the acting user, or the user an admin names), so another user's id is a
 * 404 and nothing changes; a duplicate (a language twice) is the unique index's 409.
 */
export async function addToCollection(tdb: TenantDb, name: CollectionName, ownerId: string, input: CollectionInput) {
  const table = tables[name];
  const insert = tdb.db
    .insert(table)
    .values(tdb.values(table, { ...input, userId: ownerId }))
    .returning();
  return uniqueWrite(() => insert.get(), alreadyThere(name));
}

/** Refuses with the collection's 404 unless the row is the owner's: the gate a route runs before reading the body. */
export async function assertInCollection(tdb: TenantDb, name: CollectionName, ownerId: string, id: string) {
  const table = tables[name];
  const row = await tdb.db
    .select({ _id: table._id })
    .from(table)
    .where(tdb.where(table, eq(table._id, id), eq(table.userId, ownerId)))
    .get();
  if (!row) throw notFound(name);
}

export async function updateInCollection(tdb: TenantDb, name: CollectionName, ownerId: string, id: string, input: CollectionInput) {
  const table = tables[name];
  const update = tdb.db
    .update(table)
    .set(input)
    .where(tdb.where(table, eq(table._id, id), eq(table.userId, ownerId)))
    .returning();
  const row = await uniqueWrite(() => update.get(), alreadyThere(name));
  if (!row) throw notFound(name);
  return row;
}

export async function removeFromCollection(tdb: TenantDb, name: CollectionName, ownerId: string, id: string) {
  const table = tables[name];
  const row = await tdb.db
    .delete(table)
    .where(tdb.where(table, eq(table._id, id), eq(table.userId, ownerId)))
    .returning()
    .get();
  if (!row) throw notFound(name);
  return row;
}

export async function addSubject(tdb: TenantDb, ownerId: string, choice: z.output<typeof subjectInput>) {
  await assertInCatalogue(tdb, choice);
  const row = await tdb.db
    .insert(userSubjects)
    .values(tdb.values(userSubjects, { ...choice, userId: ownerId }))
    .onConflictDoNothing()
    .returning()
    .get();
  if (!row) throw alreadyThere('subjects')();
  return row;
}

export async function removeSubject(tdb: TenantDb, ownerId: string, id: string) {
  const row = await tdb.db
    .delete(userSubjects)
    .where(tdb.where(userSubjects, eq(userSubjects._id, id), eq(userSubjects.userId, ownerId)))
    .returning()
    .get();
  if (!row) throw notFound('subjects');
  return row;
}

/** The catalogue must hold this curriculum, subject and grade (by name, as the curriculum list shows them). */
export async function assertInCatalogue(tdb: TenantDb, choice: z.output<typeof subjectInput>) {
  const found = await tdb.db
    .select({ _id: grades._id })
    .from(grades)
    .innerJoin(subjects, eq(subjects._id, grades.subjectId))
    .innerJoin(curricula, eq(curricula._id, subjects.curriculumId))
    .where(
      and(
        tdb.where(grades, eq(grades.grade, choice.grade)),
        eq(subjects.tenantId, tdb.tenantId),
        eq(subjects.name, choice.subject),
        eq(curricula.tenantId, tdb.tenantId),
        eq(curricula.name, choice.curriculum),
      ),
    )
    .get();
  if (!found) throw fieldError('subject', `${choice.subject} (${choice.curriculum}, ${choice.grade}) is not in the catalogue`);
}
