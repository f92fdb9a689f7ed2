import { count, countDistinct, eq, inArray, max } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import type { Rate, RateInput, RateVersion, RateVersionInput, VerifyDelete } from '../../../schema/contracts/pricing';
import type { RateTable } from '../../../schema/contracts/pricing-enums';
import { flexiblePlans, groupCourseTypes, lessonPrices, rates, rateVersions, studentTypes, subscriptionPlans, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { auditStatement, fullName, recordAudit } from '../audit';
import type { TenantDb } from '../tenant-db';
import { changeSummary, priceWords, versionLabel } from './audit-words';
import { assertDeletable, toWire, verdict } from './wire';

type VersionRow = typeof rateVersions.$inferSelect;

export async function findVersion(tdb: TenantDb, table: RateTable, id: string): Promise<VersionRow> {
  const row = await tdb.db
    .select()
    .from(rateVersions)
    .where(tdb.where(rateVersions, eq(rateVersions._id, id), eq(rateVersions.rateTable, table)))
    .get();
  if (!row) throw new ApiError(404, 'Rate version not found');
  return row;
}

export async function ratesCount(tdb: TenantDb, versionIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(versionIds.map((id) => [id, 0]));
  if (versionIds.length === 0) return counts;
  const rows = await tdb.db
    .select({ versionId: rates.versionId, n: count() })
    .from(rates)
    .where(tdb.where(rates, inArray(rates.versionId, versionIds)))
    .groupBy(rates.versionId)
    .all();
  for (const row of rows) counts.set(row.versionId, row.n);
  return counts;
}

export const toVersion = (row: VersionRow, rateCount: number): RateVersion => ({ ...toWire(row), ratesCount: rateCount });

/** A new version takes the next number of its table, so "v3" in an explanation names exactly one version. */
export async function saveVersion(tdb: TenantDb, actor: Actor, table: RateTable, input: Required<RateVersionInput>, id?: string): Promise<RateVersion> {
  if (id) {
    const before = await findVersion(tdb, table, id);
    const row = await tdb.db
      .update(rateVersions)
      .set(input)
      .where(tdb.where(rateVersions, eq(rateVersions._id, id)))
      .returning()
      .get();
    const changed = (['name', 'status', 'dateBasis', 'operator', 'referenceDate'] as const).filter((key) => before[key] !== row[key]);
    await recordAudit(tdb, actor, {
      action: 'rateVersion.update',
      subject: versionSubject(row),
      summary: changed.length
        ? `Changed its ${changed.join(', ')}${changed.includes('status') ? ` (now ${row.status.toLowerCase()})` : ''}`
        : 'Saved it unchanged',
    });
    return toVersion(row, (await ratesCount(tdb, [id])).get(id)!);
  }
  const last = await tdb.db
    .select({ n: max(rateVersions.versionNumber) })
    .from(rateVersions)
    .where(tdb.where(rateVersions, eq(rateVersions.rateTable, table)))
    .get();
  const row = await tdb.db
    .insert(rateVersions)
    .values(tdb.values(rateVersions, { ...input, rateTable: table, versionNumber: (last?.n ?? 0) + 1 }))
    .returning()
    .get();
  await recordAudit(tdb, actor, { action: 'rateVersion.create', subject: versionSubject(row), summary: 'Created the rate version' });
  return toVersion(row, 0);
}

/** How many lessons were priced with a version (or one of its rates): each keeps its price, so those stay. */
async function pricedLessons(tdb: TenantDb, column: typeof lessonPrices.rateVersionId | typeof lessonPrices.rateId, id: string): Promise<number> {
  const row = await tdb.db
    .select({ n: countDistinct(lessonPrices.lessonId) })
    .from(lessonPrices)
    .where(tdb.where(lessonPrices, eq(column, id)))
    .get();
  return row?.n ?? 0;
}

const lessonsWords = (n: number) => (n === 1 ? '1 lesson' : `${n} lessons`);

/**
 * A version's rates go with it. A lesson keeps the version it was priced with, so a version any lesson was priced
 * with can only be made INACTIVE.
 */
export async function verifyVersionDelete(tdb: TenantDb, table: RateTable, id: string): Promise<VerifyDelete> {
  await findVersion(tdb, table, id);
  const [n, priced] = await Promise.all([ratesCount(tdb, [id]).then((counts) => counts.get(id)!), pricedLessons(tdb, lessonPrices.rateVersionId, id)]);
  const dependents = [{ what: 'lessons priced on it', count: priced }];
  if (priced > 0) return verdict(id, 'rate version', dependents, `Used to price ${lessonsWords(priced)}: it can be disabled, not deleted.`);
  const check = verdict(id, 'rate version', dependents);
  if (n === 0) return check;
  const message = `No lesson is priced on this rate version: deleting it also deletes its ${n} rates.`;
  return { ...check, message, dependents: [...dependents, { what: 'rates', count: n }] };
}

export async function deleteVersion(tdb: TenantDb, actor: Actor, table: RateTable, id: string) {
  assertDeletable(await verifyVersionDelete(tdb, table, id));
  const version = await findVersion(tdb, table, id);
  await tdb.db.batch([
    auditStatement(tdb, actor, { action: 'rateVersion.delete', subject: versionSubject(version), summary: 'Deleted the rate version and its rates' }),
    tdb.db.delete(rates).where(tdb.where(rates, eq(rates.versionId, id))),
    tdb.db.delete(rateVersions).where(tdb.where(rateVersions, eq(rateVersions._id, id))),
  ]);
}

type RateRow = typeof rates.$inferSelect;
export const toRate = (row: RateRow): Rate => toWire(row);

export async function findRate(tdb: TenantDb, table: RateTable, id: string): Promise<RateRow> {
  const row = await tdb.db
    .select()
    .from(rates)
    .where(tdb.where(rates, eq(rates._id, id), eq(rates.rateTable, table)))
    .get();
  if (!row) throw new ApiError(404, 'Rate not found');
  return row;
}

async function assertUser(tdb: TenantDb, path: string, id: string, role: 'STUDENT' | 'TUTOR') {
  const row = await tdb.db
    .select({ role: users.role })
    .from(users)
    .where(tdb.where(users, eq(users._id, id)))
    .get();
  if (row?.role !== role) throw fieldError(path, role === 'STUDENT' ? 'is not a student here' : 'is not a tutor here');
}

type NamedTable = typeof studentTypes | typeof groupCourseTypes | typeof flexiblePlans | typeof subscriptionPlans;

async function assertRecord(tdb: TenantDb, path: string, id: string, table: NamedTable, what: string) {
  const row = await tdb.db
    .select({ _id: table._id })
    .from(table)
    .where(tdb.where(table, eq(table._id, id)))
    .get();
  if (!row) throw fieldError(path, `is not ${what} here`);
}

/** Every id a rate names must be a record of this tenant of the right kind, so a rate never points at nothing. */
async function assertReferences(tdb: TenantDb, table: RateTable, input: RateInput) {
  if (input.studentId) await assertUser(tdb, 'studentId', input.studentId, 'STUDENT');
  if (input.tutorId) await assertUser(tdb, 'tutorId', input.tutorId, 'TUTOR');
  if (input.studentType) await assertRecord(tdb, 'studentType', input.studentType, studentTypes, 'a student type');
  if (input.courseType) await assertRecord(tdb, 'courseType', input.courseType, groupCourseTypes, 'a group course type');
  if (input.packageId) {
    const plans = table === 'STUDENT_FLEXIBLE' ? flexiblePlans : subscriptionPlans;
    await assertRecord(tdb, 'packageId', input.packageId, plans, table === 'STUDENT_FLEXIBLE' ? 'a flexible plan' : 'a subscription plan');
  }
}

const criteriaColumns = (input: RateInput) => ({
  studentId: input.studentId ?? null,
  tutorId: input.tutorId ?? null,
  studentType: input.studentType ?? null,
  courseType: input.courseType ?? null,
  tutorCountry: input.tutorCountry ?? null,
  studentCountry: input.studentCountry ?? null,
  country: input.country ?? null,
  curriculum: input.curriculum ?? null,
  grade: input.grade ?? null,
  packageId: input.packageId ?? null,
});

export async function saveRate(tdb: TenantDb, actor: Actor, table: RateTable, input: RateInput, id?: string): Promise<Rate> {
  const before = id ? await findRate(tdb, table, id) : undefined;
  const version = await findVersion(tdb, table, input.versionId).catch(() => {
    throw fieldError('versionId', 'is not a rate version of this kind here');
  });
  await assertReferences(tdb, table, input);
  const fields = { versionId: input.versionId, amount: input.amount, currency: input.currency, ...criteriaColumns(input) };
  const row = id
    ? await tdb.db
        .update(rates)
        .set(fields)
        .where(tdb.where(rates, eq(rates._id, id)))
        .returning()
        .get()
    : await tdb.db
        .insert(rates)
        .values(tdb.values(rates, { ...fields, rateTable: table }))
        .returning()
        .get();
  await recordAudit(tdb, actor, {
    action: before ? 'rate.update' : 'rate.create',
    subject: { type: 'rate', id: row._id, label: `A rate in ${versionLabel(version)}` },
    summary: before ? changeSummary('rate', before, row, Object.keys(criteriaColumns(input))) : `Set a rate of ${priceWords(row)}`,
  });
  return toRate(row);
}

/** A rate a lesson was priced with stays, so the lesson's record keeps pointing at it; its version can be disabled. */
export async function deleteRate(tdb: TenantDb, actor: Actor, table: RateTable, id: string) {
  const rate = await findRate(tdb, table, id);
  const priced = await pricedLessons(tdb, lessonPrices.rateId, id);
  if (priced > 0) throw new ApiError(409, `Used to price ${lessonsWords(priced)}: disable its rate version instead of deleting the rate.`);
  const version = await findVersion(tdb, table, rate.versionId);
  await tdb.db.batch([
    auditStatement(tdb, actor, {
      action: 'rate.delete',
      subject: { type: 'rate', id, label: `A rate in ${versionLabel(version)}` },
      summary: `Deleted the rate of ${priceWords(rate)}`,
    }),
    tdb.db.delete(rates).where(tdb.where(rates, eq(rates._id, id))),
  ]);
}

const versionSubject = (version: VersionRow) => ({ type: 'rateVersion' as const, id: version._id, label: versionLabel(version) });

/**
 * Makes the rates of one version that name this user exactly `rows` (the user set as tutorId, or as studentId for
 * a student's one-to-one rates), in one batch, so a reader never sees half of the change.
 */
export async function replaceUserRates(
  tdb: TenantDb,
  actor: Actor,
  table: RateTable,
  userId: string,
  input: { versionId: string; rates: Omit<RateInput, 'versionId'>[] },
): Promise<Rate[]> {
  const user = await tdb.db
    .select({ role: users.role, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(tdb.where(users, eq(users._id, userId)))
    .get();
  const asStudent = user?.role === 'STUDENT' && table === 'ONE_TO_ONE_TUTOR';
  if (user?.role !== 'TUTOR' && !asStudent) throw new ApiError(404, table === 'GROUP_TUTOR' ? 'Tutor not found' : 'User not found');
  const version = await findVersion(tdb, table, input.versionId).catch(() => {
    throw fieldError('versionId', 'is not a rate version of this kind here');
  });
  const column = asStudent ? rates.studentId : rates.tutorId;
  const rows = input.rates.map((rate) => ({ ...rate, versionId: input.versionId, [asStudent ? 'studentId' : 'tutorId']: userId }));
  for (const [index, rate] of rows.entries()) {
    await assertReferences(tdb, table, rate).catch((error: unknown) => {
      if (error instanceof ApiError && error.errors[0]) throw fieldError(`rates.${index}.${error.errors[0].path}`, error.errors[0].message);
      throw error;
    });
  }
  const used = await tdb.db
    .select({ n: countDistinct(lessonPrices.lessonId) })
    .from(lessonPrices)
    .innerJoin(rates, eq(rates._id, lessonPrices.rateId))
    .where(tdb.where(lessonPrices, eq(rates.versionId, input.versionId), eq(column, userId)))
    .get();
  // Replacing deletes the user's rates, and a rate a lesson was priced with stays.
  if (used && used.n > 0) {
    throw new ApiError(409, `These rates were used to price ${lessonsWords(used.n)}: edit them one by one, or put the new rates in a new rate version.`);
  }
  const values = rows.map((rate) =>
    tdb.values(rates, { versionId: input.versionId, rateTable: table, amount: rate.amount, currency: rate.currency, ...criteriaColumns(rate) }),
  );
  const prices = [...new Set(rows.map((rate) => priceWords(rate)))].join(', ');
  await tdb.db.batch([
    auditStatement(tdb, actor, {
      action: 'rate.replace',
      subject: { type: 'user', id: userId, label: fullName(user) },
      summary: `Set their ${versionLabel(version)} to ${rows.length === 1 ? '1 rate' : `${rows.length} rates`}${prices ? ` (${prices})` : ''}`,
    }),
    tdb.db.delete(rates).where(tdb.where(rates, eq(rates.versionId, input.versionId), eq(column, userId))),
    ...values.map((row) => tdb.db.insert(rates).values(row)),
  ]);
  const saved = await tdb.db
    .select()
    .from(rates)
    .where(tdb.where(rates, eq(rates.versionId, input.versionId), eq(column, userId)))
    .all();
  return saved.map(toRate);
}
