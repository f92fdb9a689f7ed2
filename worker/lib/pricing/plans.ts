import { count, eq, inArray, sql } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import type { FlexiblePlanInput, Plan, PricedPlan, SubscriptionPlanInput, VerifyDelete } from '../../../schema/contracts/pricing';
import { flexiblePlans, rates, studentGroups, subscriptionPlans, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { auditStatement, recordAudit } from '../audit';
import type { TenantDb } from '../tenant-db';
import { changeSummary, priceWords } from './audit-words';
import { priceForStudent } from './price-plan';
import { groupOf } from './sets';
import { assertDeletable, toWire, verdict } from './wire';

export type PlanKind = 'flexible' | 'subscription';
export const planTables = { flexible: flexiblePlans, subscription: subscriptionPlans } as const;
const words: Record<PlanKind, string> = { flexible: 'flexible plan', subscription: 'subscription plan' };

type PlanRow = typeof flexiblePlans.$inferSelect;
export const toPlan = (row: PlanRow | typeof subscriptionPlans.$inferSelect): Plan => toWire(row);

export async function findPlan(tdb: TenantDb, kind: PlanKind, id: string): Promise<PlanRow> {
  const table = planTables[kind];
  const row = await tdb.db
    .select()
    .from(table)
    .where(tdb.where(table, eq(table._id, id)))
    .get();
  if (!row) throw new ApiError(404, `${kind === 'flexible' ? 'Flexible' : 'Subscription'} plan not found`);
  return row as PlanRow;
}

async function assertGroups(tdb: TenantDb, groupIds: string[]) {
  if (groupIds.length === 0) return;
  const found = await tdb.db
    .select({ _id: studentGroups._id })
    .from(studentGroups)
    .where(tdb.where(studentGroups, inArray(studentGroups._id, groupIds)))
    .all();
  const known = new Set(found.map((row) => row._id));
  const missing = groupIds.findIndex((id) => !known.has(id));
  if (missing >= 0) throw fieldError(`groupIds.${missing}`, 'is not a group here');
}

type ParsedPlan = Required<Omit<FlexiblePlanInput | SubscriptionPlanInput, 'durationUnit'>> & { durationUnit: string };

export async function savePlan(tdb: TenantDb, actor: Actor, kind: PlanKind, input: ParsedPlan, id?: string): Promise<Plan> {
  const table = planTables[kind];
  const before = id ? await findPlan(tdb, kind, id) : undefined;
  const groupIds = input.inclusionMode === 'ALL' ? [] : [...new Set(input.groupIds)];
  await assertGroups(tdb, groupIds);
  const fields = { ...input, groupIds } as typeof flexiblePlans.$inferInsert;
  const row = id
    ? await tdb.db
        .update(table)
        .set(fields)
        .where(tdb.where(table, eq(table._id, id)))
        .returning()
        .get()
    : await tdb.db.insert(table).values(tdb.values(table, fields)).returning().get();
  await recordAudit(tdb, actor, {
    action: before ? 'plan.update' : 'plan.create',
    subject: { type: 'pricingPlan', id: row._id, label: `${row.name} (${words[kind]})` },
    summary: before
      ? changeSummary(words[kind], before, row, ['name', 'status', 'minutes', 'duration', 'inclusionMode', 'groupIds'])
      : `Created the ${words[kind]} at ${priceWords(row)} for ${row.minutes} minutes`,
  });
  return toPlan(row);
}

const holders = (tdb: TenantDb, kind: PlanKind, id: string) =>
  tdb.db
    .select({ n: count() })
    .from(users)
    .where(tdb.where(users, sql`exists (select 1 from json_each(${users.plans}, ${`$.${kind}Plans`}) where value = ${id})`))
    .get();

export async function verifyPlanDelete(tdb: TenantDb, kind: PlanKind, id: string): Promise<VerifyDelete> {
  await findPlan(tdb, kind, id);
  const [students, priced] = await Promise.all([
    holders(tdb, kind, id),
    tdb.db
      .select({ n: count() })
      .from(rates)
      .where(tdb.where(rates, eq(rates.packageId, id)))
      .get(),
  ]);
  return verdict(id, words[kind], [
    { what: 'students', count: students?.n ?? 0 },
    { what: 'student rates', count: priced?.n ?? 0 },
  ]);
}

export async function deletePlan(tdb: TenantDb, actor: Actor, kind: PlanKind, id: string) {
  assertDeletable(await verifyPlanDelete(tdb, kind, id));
  const plan = await findPlan(tdb, kind, id);
  const table = planTables[kind];
  await tdb.db.batch([
    auditStatement(tdb, actor, {
      action: 'plan.delete',
      subject: { type: 'pricingPlan', id, label: `${plan.name} (${words[kind]})` },
      summary: `Deleted the ${words[kind]} priced ${priceWords(plan)}`,
    }),
    tdb.db.delete(table).where(tdb.where(table, eq(table._id, id))),
  ]);
}

/**
 * The ACTIVE plans a student may buy (inclusion ALL, INCLUDE naming their group, EXCLUDE not naming it) plus any an
 * admin assigned them, each priced for them by the student rates.
 */
export async function plansForStudent(tdb: TenantDb, kind: PlanKind, studentId: string): Promise<PricedPlan[]> {
  const table = planTables[kind];
  const student = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users._id, studentId)))
    .get();
  if (!student || student.role !== 'STUDENT') throw new ApiError(404, 'Student not found');
  const group = await groupOf(tdb, studentId);
  const assigned = new Set(kind === 'flexible' ? student.plans.flexiblePlans : student.plans.subscriptionPlans);
  const rows = await tdb.db
    .select()
    .from(table)
    .where(tdb.where(table, eq(table.status, 'ACTIVE')))
    .orderBy(table.amount, table.name)
    .all();
  const offered = rows.filter(
    (plan) =>
      assigned.has(plan._id) ||
      plan.inclusionMode === 'ALL' ||
      (plan.inclusionMode === 'INCLUDE' ? plan.groupIds.includes(group) : !plan.groupIds.includes(group)),
  );
  const price = await priceForStudent(tdb, kind, student);
  return offered.map((plan) => ({ ...toPlan(plan), price: price(plan) }));
}
