import { count, eq, inArray, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { ApiError, fieldError } from '../../../platform/errors';
import { DEFAULT_GROUP_NAME, type PricingSet, type PricingSetInput, type VerifyDelete } from '../../../schema/contracts/pricing';
import { courses, flexiblePlans, groupCourseTypes, pricingMembers, rates, studentGroups, studentTypes, subscriptionPlans, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { assertDeletable, toWire, verdict } from './wire';

export type SetKind = 'GROUP' | 'STUDENT_TYPE' | 'COURSE_TYPE';
export const setTables = { GROUP: studentGroups, STUDENT_TYPE: studentTypes, COURSE_TYPE: groupCourseTypes } as const;
const words: Record<SetKind, string> = { GROUP: 'group', STUDENT_TYPE: 'student type', COURSE_TYPE: 'course type' };
const notFound = (kind: SetKind) => new ApiError(404, `${words[kind].charAt(0).toUpperCase()}${words[kind].slice(1)} not found`);

type SetRow = typeof studentTypes.$inferSelect & { isDefault?: boolean };

export async function findSet(tdb: TenantDb, kind: SetKind, id: string): Promise<SetRow> {
  const table = setTables[kind];
  const row = await tdb.db
    .select()
    .from(table)
    .where(tdb.where(table, eq(table._id, id)))
    .get();
  if (!row) throw notFound(kind);
  return row;
}

export async function membersOf(tdb: TenantDb, setIds: string[]): Promise<Map<string, string[]>> {
  const byset = new Map<string, string[]>(setIds.map((id) => [id, []]));
  if (setIds.length === 0) return byset;
  const rows = await tdb.db
    .select({ setId: pricingMembers.setId, memberId: pricingMembers.memberId })
    .from(pricingMembers)
    .where(tdb.where(pricingMembers, inArray(pricingMembers.setId, setIds)))
    .all();
  for (const row of rows) byset.get(row.setId)?.push(row.memberId);
  return byset;
}

export async function toSets(tdb: TenantDb, rows: SetRow[]): Promise<PricingSet[]> {
  const members = await membersOf(
    tdb,
    rows.map((r) => r._id),
  );
  return rows.map((row) => ({ ...toWire(row), memberIds: members.get(row._id) ?? [] }));
}

/** Every tenant has a Default Group; it is made the first time anyone asks for the groups. */
export async function ensureDefaultGroup(tdb: TenantDb): Promise<string> {
  const found = await tdb.db
    .select({ _id: studentGroups._id })
    .from(studentGroups)
    .where(tdb.where(studentGroups, eq(studentGroups.isDefault, true)))
    .get();
  if (found) return found._id;
  await tdb.db
    .insert(studentGroups)
    .values(tdb.values(studentGroups, { name: DEFAULT_GROUP_NAME, description: 'Every student who is in no other group.', isDefault: true }))
    .onConflictDoNothing();
  const made = await tdb.db
    .select({ _id: studentGroups._id })
    .from(studentGroups)
    .where(tdb.where(studentGroups, eq(studentGroups.name, DEFAULT_GROUP_NAME)))
    .get();
  return made!._id;
}

/** The group a student is in: their own group, else the Default Group. */
export async function groupOf(tdb: TenantDb, userId: string): Promise<string> {
  const row = await tdb.db
    .select({ setId: pricingMembers.setId })
    .from(pricingMembers)
    .where(tdb.where(pricingMembers, eq(pricingMembers.kind, 'GROUP'), eq(pricingMembers.memberId, userId)))
    .get();
  return row?.setId ?? (await ensureDefaultGroup(tdb));
}

export async function memberSet(tdb: TenantDb, kind: SetKind, memberId: string): Promise<{ _id: string; name: string } | undefined> {
  const table = setTables[kind];
  return tdb.db
    .select({ _id: table._id, name: table.name })
    .from(pricingMembers)
    .innerJoin(table, eq(table._id, pricingMembers.setId))
    .where(tdb.where(pricingMembers, eq(pricingMembers.kind, kind), eq(pricingMembers.memberId, memberId)))
    .get();
}

async function assertMembers(tdb: TenantDb, kind: SetKind, memberIds: string[]) {
  if (memberIds.length === 0) return;
  const found =
    kind === 'COURSE_TYPE'
      ? await tdb.db
          .select({ _id: courses._id })
          .from(courses)
          .where(tdb.where(courses, inArray(courses._id, memberIds), eq(courses.kind, 'Group')))
          .all()
      : await tdb.db
          .select({ _id: users._id })
          .from(users)
          .where(tdb.where(users, inArray(users._id, memberIds), eq(users.role, 'STUDENT')))
          .all();
  const known = new Set(found.map((row) => row._id));
  const missing = memberIds.findIndex((id) => !known.has(id));
  if (missing >= 0) throw fieldError(`memberIds.${missing}`, kind === 'COURSE_TYPE' ? 'is not a group course here' : 'is not a student here');
}

async function assertFreeName(tdb: TenantDb, kind: SetKind, name: string, except?: string) {
  const table = setTables[kind];
  const clash = await tdb.db
    .select({ _id: table._id })
    .from(table)
    .where(tdb.where(table, sql`lower(${table.name}) = lower(${name})`))
    .get();
  if (clash && clash._id !== except) throw fieldError('name', `is already the name of another ${words[kind]}`);
}

/**
 * Creates or updates a set and makes its members exactly `memberIds`, in one batch. A member belongs to one set of a
 * kind, so joining this one moves them out of any other (a student changes group; the rest stay in Default).
 */
export async function saveSet(tdb: TenantDb, _actor: Actor, kind: SetKind, input: PricingSetInput & { memberIds: string[] }, id?: string) {
  const table = setTables[kind];
  const existing = id ? await findSet(tdb, kind, id) : undefined;
  await assertFreeName(tdb, kind, input.name, id);
  const memberIds = [...new Set(input.memberIds)];
  await assertMembers(tdb, kind, memberIds);
  if (existing?.isDefault && memberIds.length > 0) {
    throw fieldError('memberIds', 'the Default Group holds every student in no other group; add them to another group instead');
  }
  if (existing?.isDefault && input.status === 'INACTIVE') throw fieldError('status', 'the Default Group stays ACTIVE');
  const setId = id ?? crypto.randomUUID().replaceAll('-', '');
  const fields = { name: input.name, description: input.description ?? '', status: input.status ?? 'ACTIVE' };
  const write = existing
    ? tdb.db
        .update(table)
        .set(fields)
        .where(tdb.where(table, eq(table._id, setId)))
    : tdb.db.insert(table).values(tdb.values(table, { _id: setId, ...fields }));
  await tdb.db.batch([
    write,
    tdb.db.delete(pricingMembers).where(tdb.where(pricingMembers, eq(pricingMembers.setId, setId))),
    ...(memberIds.length
      ? [
          tdb.db.delete(pricingMembers).where(tdb.where(pricingMembers, eq(pricingMembers.kind, kind), inArray(pricingMembers.memberId, memberIds))),
          tdb.db.insert(pricingMembers).values(memberIds.map((memberId) => tdb.values(pricingMembers, { kind, setId, memberId }))),
        ]
      : []),
  ]);
  const [saved] = await toSets(tdb, [await findSet(tdb, kind, setId)]);
  return saved!;
}

const jsonHas = (column: SQLiteColumn, id: string) => sql`exists (select 1 from json_each(${column}) where value = ${id})`;

export async function verifySetDelete(tdb: TenantDb, kind: SetKind, id: string): Promise<VerifyDelete> {
  const set = await findSet(tdb, kind, id);
  const n = async (query: Promise<{ n: number } | undefined>) => (await query)?.n ?? 0;
  const members = await n(
    tdb.db
      .select({ n: count() })
      .from(pricingMembers)
      .where(tdb.where(pricingMembers, eq(pricingMembers.setId, id)))
      .get(),
  );
  const memberWords = kind === 'COURSE_TYPE' ? 'courses' : 'students';
  if (kind === 'GROUP') {
    if (set.isDefault) return verdict(id, 'group', [], 'The Default Group cannot be deleted: every student who is in no other group belongs to it.');
    const [flexible, subscription] = await Promise.all(
      [flexiblePlans, subscriptionPlans].map((plans) =>
        n(
          tdb.db
            .select({ n: count() })
            .from(plans)
            .where(tdb.where(plans, jsonHas(plans.groupIds, id)))
            .get(),
        ),
      ),
    );
    return verdict(id, 'group', [
      { what: memberWords, count: members },
      { what: 'flexible plans', count: flexible! },
      { what: 'subscription plans', count: subscription! },
    ]);
  }
  const column = kind === 'STUDENT_TYPE' ? rates.studentType : rates.courseType;
  const rateCount = await n(
    tdb.db
      .select({ n: count() })
      .from(rates)
      .where(tdb.where(rates, eq(column, id)))
      .get(),
  );
  return verdict(id, words[kind], [
    { what: memberWords, count: members },
    { what: 'rates', count: rateCount },
  ]);
}

export async function deleteSet(tdb: TenantDb, _actor: Actor, kind: SetKind, id: string) {
  assertDeletable(await verifySetDelete(tdb, kind, id));
  const table = setTables[kind];
  await tdb.db.batch([
    tdb.db.delete(pricingMembers).where(tdb.where(pricingMembers, eq(pricingMembers.setId, id))),
    tdb.db.delete(table).where(tdb.where(table, eq(table._id, id))),
  ]);
}

export const activeSetsIn = (tdb: TenantDb, kind: SetKind) => {
  const table = setTables[kind];
  return tdb.db
    .select({ _id: table._id, name: table.name })
    .from(table)
    .where(tdb.where(table, eq(table.status, 'ACTIVE')))
    .orderBy(table.name)
    .all();
};
