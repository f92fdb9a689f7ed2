import { count, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import { minorToDecimal } from '../../../schema/contracts/money';
import type { PayRunCurrencyTotal, PayRunPeriod, PayRunPreview, PayRunRecord, PayRunTotal } from '../../../schema/contracts/pay-runs';
import { lessonHistory, payRuns, penaltyWaivers, users } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { Actor } from '../../env';
import { auditStatement } from '../audit';
import type { ListQuery } from '../pagination';
import { paged } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { notFound } from './access';
import { rowPay, rowPenalty, waiverAddition, waiverDate, waiverDeduction } from './amounts';
import { csvLine } from './csv';

/**
 * Pay runs: everything still owed to tutors in a period, reviewed per tutor and currency, then marked PAID together.
 *
 * A run takes history rows that pay something (a tutor and a currency) and are PROCESSING with no run, and waivers
 * and adjustments that are PROCESSING with no run and no appeal waiting, dated in the period. Creating the run is
 * one D1 batch (one transaction): insert the run, mark its rows PAID with its id (only rows still PROCESSING and
 * free, so two runs never take a row twice), then write the run's totals from the rows it actually took; a run that
 * took nothing is deleted in the same batch. So a run's totals are always the sum of its rows.
 */

interface TotalRow {
  tutorId: string;
  currency: string;
  lessons: number;
  amount: number;
  penalty: number;
  waivers: number;
  additions: number;
  deductions: number;
}

/** History rows a new run over the period would take. */
const takeableHistory = (tdb: TenantDb, p: PayRunPeriod): SQL =>
  tdb.where(
    lessonHistory,
    eq(lessonHistory.tutorPaymentStatus, 'PROCESSING'),
    sql`${lessonHistory.payRunId} is null`,
    sql`${lessonHistory.tutorId} is not null`,
    sql`${lessonHistory.tutorAmountCurrency} is not null`,
    sql`${lessonHistory.start} >= ${p.periodStart.getTime()}`,
    sql`${lessonHistory.start} <= ${p.periodEnd.getTime()}`,
  );

/** Waivers and adjustments a new run over the period would take: an appeal still waiting keeps its row for a later run. */
const takeableWaivers = (tdb: TenantDb, p: PayRunPeriod): SQL =>
  tdb.where(
    penaltyWaivers,
    eq(penaltyWaivers.paymentStatus, 'PROCESSING'),
    sql`${penaltyWaivers.payRunId} is null`,
    sql`coalesce(${penaltyWaivers.appealStatus}, '') <> 'PENDING'`,
    sql`${waiverDate} >= ${p.periodStart.getTime()}`,
    sql`${waiverDate} <= ${p.periodEnd.getTime()}`,
  );

/** Per tutor and currency, over the history rows and waivers `historyWhere` and `waiverWhere` select. */
const totalsSelect = (historyWhere: SQL, waiverWhere: SQL) => sql`
  select tutor_id as tutorId, currency, sum(lessons) as lessons, sum(amount) as amount, sum(penalty) as penalty,
         sum(waivers) as waivers, sum(additions) as additions, sum(deductions) as deductions
  from (
    select ${lessonHistory.tutorId} as tutor_id, ${lessonHistory.tutorAmountCurrency} as currency, 1 as lessons, ${rowPay} as amount,
           ${rowPenalty} as penalty, 0 as waivers, 0 as additions, 0 as deductions
    from ${lessonHistory} where ${historyWhere}
    union all
    select ${penaltyWaivers.tutorId}, ${penaltyWaivers.currency}, 0, 0, 0, 1, ${waiverAddition}, ${waiverDeduction}
    from ${penaltyWaivers} where ${waiverWhere}
  )
  group by tutor_id, currency
  order by tutor_id, currency`;

async function withTutors(tdb: TenantDb, rows: TotalRow[]): Promise<PayRunTotal[]> {
  const ids = [...new Set(rows.map((r) => r.tutorId))];
  const people = ids.length
    ? await tdb.db
        .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname, email: users.email })
        .from(users)
        .where(tdb.where(users, inArray(users._id, ids)))
        .all()
    : [];
  const byId = new Map(people.map((p) => [p._id, p]));
  return rows.map((r) => {
    const n = (v: unknown) => Number(v ?? 0);
    const [amount, penalty, additions, deductions] = [n(r.amount), n(r.penalty), n(r.additions), n(r.deductions)];
    return {
      tutor: byId.get(r.tutorId) ?? { _id: r.tutorId, firstname: '', lastname: '', email: null },
      currency: r.currency,
      lessons: n(r.lessons),
      amount,
      penalty,
      waivers: n(r.waivers),
      additions,
      deductions,
      net: amount - penalty + additions - deductions,
    };
  });
}

function currencyTotals(totals: PayRunTotal[]): PayRunCurrencyTotal[] {
  const by = new Map<string, PayRunCurrencyTotal>();
  for (const t of totals) {
    const entry = by.get(t.currency) ?? { currency: t.currency, net: 0, tutors: 0 };
    entry.net += t.net;
    entry.tutors += 1;
    by.set(t.currency, entry);
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** What a run over the period would pay, per tutor and currency, without writing anything. */
export async function previewPayRun(tdb: TenantDb, p: PayRunPeriod): Promise<PayRunPreview> {
  const rows = await tdb.db.all<TotalRow>(totalsSelect(takeableHistory(tdb, p), takeableWaivers(tdb, p)));
  const totals = await withTutors(tdb, rows);
  return { periodStart: p.periodStart.toISOString(), periodEnd: p.periodEnd.toISOString(), totals, currencies: currencyTotals(totals) };
}

const day = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
/** The bank reference of a run: its period and the start of its id, short and plain enough for any bank's field. */
export const payRunReference = (run: { _id: string; periodStart: Date; periodEnd: Date }) =>
  `PAY ${day(run.periodStart)}-${day(run.periodEnd)} ${run._id.slice(0, 8).toUpperCase()}`;

async function runRecord(tdb: TenantDb, run: typeof payRuns.$inferSelect): Promise<PayRunRecord> {
  const totals = await withTutors(tdb, run.totals as TotalRow[]);
  return {
    _id: run._id,
    periodStart: run.periodStart.toISOString(),
    periodEnd: run.periodEnd.toISOString(),
    totals,
    currencies: currencyTotals(totals),
    reference: payRunReference(run),
    createdBy: run.createdBy,
    createdAt: run.createdAt.toISOString(),
  };
}

/** Makes the run in one batch (see above); 409 when the period has nothing left to pay. */
export async function createPayRun(tdb: TenantDb, actor: Actor, p: PayRunPeriod): Promise<PayRunRecord> {
  const id = newId();
  const mine = (table: typeof lessonHistory | typeof penaltyWaivers) => tdb.where(table, eq(table.payRunId, id));
  const totals = sql`(select coalesce(json_group_array(json_object('tutorId', tutorId, 'currency', currency, 'lessons', lessons, 'amount', amount,
      'penalty', penalty, 'waivers', waivers, 'additions', additions, 'deductions', deductions)), '[]')
    from (${totalsSelect(mine(lessonHistory), mine(penaltyWaivers))}))`;
  await tdb.db.batch([
    tdb.db.insert(payRuns).values(tdb.values(payRuns, { _id: id, periodStart: p.periodStart, periodEnd: p.periodEnd, totals: [], createdBy: actor.userId })),
    tdb.db.update(lessonHistory).set({ tutorPaymentStatus: 'PAID', payRunId: id }).where(takeableHistory(tdb, p)),
    tdb.db.update(penaltyWaivers).set({ paymentStatus: 'PAID', payRunId: id }).where(takeableWaivers(tdb, p)),
    tdb.db
      .update(payRuns)
      .set({ totals: sql`json(${totals})` })
      .where(tdb.where(payRuns, eq(payRuns._id, id))),
    tdb.db.delete(payRuns).where(tdb.where(payRuns, eq(payRuns._id, id), sql`json_array_length(${payRuns.totals}) = 0`)),
    // Last, and only if the run survived: a period with nothing to pay leaves no entry.
    auditStatement(
      tdb,
      actor,
      {
        action: 'payRun.create',
        subject: { type: 'payRun', id, label: payRunReference({ _id: id, ...p }) },
        summary: 'Made the pay run and marked its lessons and adjustments paid',
      },
      exists(
        tdb.db
          .select({ _id: payRuns._id })
          .from(payRuns)
          .where(tdb.where(payRuns, eq(payRuns._id, id))),
      ),
    ),
  ]);
  const run = await tdb.db
    .select()
    .from(payRuns)
    .where(tdb.where(payRuns, eq(payRuns._id, id)))
    .get();
  if (!run) throw new ApiError(409, 'Nothing in this period is waiting to be paid: every lesson and adjustment in it is already paid');
  return runRecord(tdb, run);
}

export async function listPayRuns(tdb: TenantDb, q: Pick<ListQuery, 'limit' | 'offset'>) {
  const where = tdb.where(payRuns);
  const [rows, [counted]] = await tdb.db.batch([
    tdb.db.select().from(payRuns).where(where).orderBy(desc(payRuns.createdAt), desc(payRuns._id)).limit(q.limit).offset(q.offset),
    tdb.db.select({ n: count() }).from(payRuns).where(where),
  ]);
  return paged(await Promise.all(rows.map((run) => runRecord(tdb, run))), counted?.n ?? 0, q);
}

export async function findPayRun(tdb: TenantDb, id: string): Promise<PayRunRecord> {
  const run = await tdb.db
    .select()
    .from(payRuns)
    .where(tdb.where(payRuns, eq(payRuns._id, id)))
    .get();
  if (!run) throw notFound('The pay run');
  return runRecord(tdb, run);
}

/**
 * The run as a bank upload: one line per tutor and currency the run pays (a net of zero or less pays nothing and is
 * left out; the run still shows it), amount in the currency's own decimals without separators.
 */
export function payRunCsv(run: PayRunRecord): string {
  const lines = [csvLine(['Tutor name', 'Email', 'Currency', 'Amount', 'Reference'])];
  for (const t of run.totals) {
    if (t.net <= 0) continue;
    lines.push(csvLine([`${t.tutor.firstname} ${t.tutor.lastname}`.trim(), t.tutor.email ?? '', t.currency, minorToDecimal(t.net, t.currency), run.reference]));
  }
  return lines.join('');
}
