import { asc, eq, inArray } from 'drizzle-orm';
import { fieldError } from '../../../platform/errors';
import { userMappers, users } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

export type Person = Pick<typeof users.$inferSelect, '_id' | 'firstname' | 'lastname' | 'email' | 'timezone' | 'currency' | 'role'>;

const personFields = {
  _id: users._id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  timezone: users.timezone,
  currency: users.currency,
  role: users.role,
};

export const fullName = (p: Pick<Person, 'firstname' | 'lastname'>) => `${p.firstname} ${p.lastname}`.trim();

/** The people named, by id; another tenant's ids find nobody. */
export async function peopleById(tdb: TenantDb, ids: string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await tdb.db
    .select(personFields)
    .from(users)
    .where(tdb.where(users, inArray(users._id, unique)))
    .all();
  return new Map(rows.map((row) => [row._id, row]));
}

/**
 * Who pays for each student's lessons: their first linked parent (the earliest link, then the lowest id, so the
 * answer never changes between a preview and the draw), else the student.
 */
export async function payersOf(tdb: TenantDb, studentIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(studentIds)];
  const payers = new Map(unique.map((id) => [id, id]));
  if (!unique.length) return payers;
  const links = await tdb.db
    .select({ studentId: userMappers.studentId, parentId: userMappers.parentId })
    .from(userMappers)
    .where(tdb.where(userMappers, inArray(userMappers.studentId, unique)))
    .orderBy(asc(userMappers.createdAt), asc(userMappers.parentId))
    .all();
  const seen = new Set<string>();
  for (const link of links) {
    if (seen.has(link.studentId)) continue;
    seen.add(link.studentId);
    payers.set(link.studentId, link.parentId);
  }
  return payers;
}

export interface Family {
  payer: Person;
  /** The students an invoice to this payer may bill: the payer if a student, else the parent's linked children. */
  studentIds: Set<string>;
}

/** The payer named at `path` and whom they pay for; anyone but a parent or student of this tenant is refused there. */
export async function familyOf(tdb: TenantDb, payerId: string, path: string): Promise<Family> {
  const payer = (await peopleById(tdb, [payerId])).get(payerId);
  if (!payer || (payer.role !== 'PARENT' && payer.role !== 'STUDENT')) throw fieldError(path, 'must be a parent or a student here');
  if (payer.role === 'STUDENT') return { payer, studentIds: new Set([payer._id]) };
  const children = await tdb.db
    .select({ studentId: userMappers.studentId })
    .from(userMappers)
    .where(tdb.where(userMappers, eq(userMappers.parentId, payer._id)))
    .all();
  return { payer, studentIds: new Set(children.map((c) => c.studentId)) };
}
