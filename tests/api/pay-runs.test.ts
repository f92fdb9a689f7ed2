import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayRunPreview, PayRunRecord } from '../../schema/contracts/pay-runs';
import { auditLog, lessonHistory, payRuns, penaltyWaivers } from '../../schema/tables';
import { expectFieldError, signIn } from '../helpers/auth';
import { call, closedLesson, type LedgerCallers, MAYA, moneySnapshot, P, PARTNER_HOST, PHYSICS, SAM, seedLedgerWorld, T, THEO, TIA } from '../helpers/ledger';
import { db } from '../helpers/seed';

type Row = typeof lessonHistory.$inferSelect;

let as: LedgerCallers;
let theo: Row; // 30.00 SGD
let tia: Row; // 30.00 SGD
let group: Row[]; // Theo, 10.00 SGD shared 5.00 + 5.00
let pendingAppeal: string;
const PARTNER_RUN = 'partner_pay_run';
const DAY = 24 * 60 * 60_000;

const json = async <T>(res: Response, status = 200) => {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
};

/** A period around the lessons made here (hours ago), as dates. */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const period = () => ({ periodStart: day(Date.now() - 2 * DAY), periodEnd: day(Date.now()) });

const adjust = (body: Record<string, unknown>) =>
  call('POST', '/admin/manual-adjustments', as.admin, { currency: 'SGD', note: 'Pay run test', date: day(Date.now() - DAY / 2), ...body });

beforeAll(async () => {
  as = await seedLedgerWorld();
  [theo] = (await closedLesson({ ago: 120, students: [SAM] })).rows as [Row];
  [tia] = (await closedLesson({ ago: 240, tutor: TIA, students: [MAYA] })).rows as [Row];
  group = (await closedLesson({ ago: 360, students: [SAM, MAYA], courseId: PHYSICS })).rows;
  // The demo's own past lessons are closed too; they are days old and outside most periods here.
  for (const body of [
    { tutorId: TIA, type: 'ADDITION', amount: 1000 },
    { tutorId: THEO, type: 'DEDUCTION', amount: 250 },
    { tutorId: TIA, type: 'ADDITION', amount: 1500, currency: 'JPY' },
  ]) {
    expect((await adjust(body)).status).toBe(201);
  }
  const appealed = await json<{ doc: { _id: string } }>(
    await call('POST', '/admin/penalty-waivers', as.admin, {
      tutorId: THEO,
      type: 'DEDUCTION',
      amount: 400,
      currency: 'SGD',
      startDate: day(Date.now() - DAY / 2),
    }),
    201,
  );
  pendingAppeal = appealed.doc._id;
  await json(await call('POST', `/penalty-waivers/${pendingAppeal}/appeal`, as.tutor, { note: 'Not my fault' }));
  await db
    .insert(payRuns)
    .values({ _id: PARTNER_RUN, tenantId: P, periodStart: new Date(0), periodEnd: new Date(DAY), totals: [], createdBy: 'user_partner_admin' });
}, 60_000);

describe('happy', () => {
  it('previews a period per tutor and currency without writing anything', async () => {
    const before = await moneySnapshot();
    const q = period();
    const preview = await json<PayRunPreview>(await call('GET', `/admin/pay-runs/preview?periodStart=${q.periodStart}&periodEnd=${q.periodEnd}`, as.admin));
    const line = (tutor: string, currency: string) => preview.totals.find((t) => t.tutor._id === tutor && t.currency === currency);
    expect(line(THEO, 'SGD')).toMatchObject({
      lessons: 3,
      amount: 4000,
      penalty: 0,
      waivers: 1,
      additions: 0,
      deductions: 250,
      net: 3750,
      tutor: { firstname: 'Theo', email: 'tutor@studyhall.test' },
    });
    expect(line(TIA, 'SGD')).toMatchObject({ lessons: 1, amount: 3000, waivers: 1, additions: 1000, net: 4000 });
    expect(line(TIA, 'JPY')).toMatchObject({ lessons: 0, waivers: 1, additions: 1500, net: 1500 });
    expect(preview.currencies).toEqual([
      { currency: 'JPY', net: 1500, tutors: 1 },
      { currency: 'SGD', net: 7750, tutors: 2 },
    ]);
    expect(await moneySnapshot()).toBe(before);
  });

  it('makes the run: its rows and waivers PAID with its id, an appeal still waiting left for later; a second run takes nothing', async () => {
    const q = period();
    const preview = await json<PayRunPreview>(await call('GET', `/admin/pay-runs/preview?periodStart=${q.periodStart}&periodEnd=${q.periodEnd}`, as.admin));
    const made = await json<{ message: string; doc: PayRunRecord }>(await call('POST', '/admin/pay-runs', as.admin, q), 201);
    expect(made.message).toBe('Pay run created!');
    const run = made.doc;
    expect(run.totals).toEqual(preview.totals);
    expect(run.reference).toMatch(/^PAY \d{8}-\d{8} [0-9A-F]{8}$/);
    const rows = await db
      .select()
      .from(lessonHistory)
      .where(inArray(lessonHistory._id, [theo._id, tia._id, ...group.map((g) => g._id)]))
      .all();
    expect(rows.every((r) => r.tutorPaymentStatus === 'PAID' && r.payRunId === run._id)).toBe(true);
    const waivers = await db.select().from(penaltyWaivers).all();
    expect(waivers.filter((w) => w.payRunId === run._id)).toHaveLength(3);
    expect(waivers.find((w) => w._id === pendingAppeal)).toMatchObject({ paymentStatus: 'PROCESSING', payRunId: null });
    // The same period again: nothing left to take.
    expect((await call('POST', '/admin/pay-runs', as.admin, q)).status).toBe(409);
    expect(await db.select().from(payRuns).where(eq(payRuns.tenantId, T)).all()).toHaveLength(1);
    // The audit log holds the run that was made, once, under its reference; the empty second try left no entry.
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'payRun.create')).all()).toEqual([
      expect.objectContaining({ tenantId: T, subjectType: 'payRun', subjectId: run._id, subjectLabel: run.reference }),
    ]);
    // A row a run holds cannot be moved back by hand.
    expect(
      (await call('PUT', '/lesson-history/update-tutor-payment-status', as.admin, { tutorPaymentStatus: 'PROCESSING', lesssonHistoryIds: [theo._id] })).status,
    ).toBe(409);
    expect(
      (await call('PUT', '/lesson-history/tutor-penalty', as.admin, { lessonHistoryId: theo._id, tutorPenaltyAmount: 100, tutorPenaltyReason: 'x' })).status,
    ).toBe(409);
  });

  it('lists runs, reads one, and downloads it as a bank CSV', async () => {
    const listed = await json<{ docs: PayRunRecord[]; totalDocs: number }>(await call('GET', '/admin/pay-runs', as.admin));
    expect(listed.totalDocs).toBe(1);
    const [run] = listed.docs;
    expect(await json<PayRunRecord>(await call('GET', `/admin/pay-runs/${run!._id}`, as.admin))).toEqual(run);
    const res = await call('GET', `/admin/pay-runs/${run!._id}/csv`, as.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="pay-run-.*\.csv"$/);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Tutor name,Email,Currency,Amount,Reference');
    expect(lines.slice(1).sort()).toEqual(
      [
        `Theo Tutor,tutor@studyhall.test,SGD,37.50,${run!.reference}`,
        `Tia Tutor,tutor2@studyhall.test,JPY,1500,${run!.reference}`,
        `Tia Tutor,tutor2@studyhall.test,SGD,40.00,${run!.reference}`,
      ].sort(),
    );
  });
});

describe('property', () => {
  it('a pay run pays exactly the sum of its rows, per currency and per tutor', async () => {
    const ids = [theo._id, tia._id, ...group.map((g) => g._id)];
    const currency = fc.constantFrom('SGD', 'USD', 'JPY', 'KWD');
    const waiver = fc.record({
      tutorId: fc.constantFrom(THEO, TIA),
      type: fc.constantFrom('ADDITION', 'DEDUCTION'),
      amount: fc.integer({ min: 1, max: 1_000_000 }),
      currency,
      daysAgo: fc.integer({ min: 0, max: 6 }),
      appeal: fc.constantFrom(null, 'PENDING', 'ACCEPTED', 'REJECTED'),
      paid: fc.boolean(),
    });
    let made = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(waiver, { maxLength: 8 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3 }),
        async (waivers, penalty, spanDays) => {
          // Reset what earlier runs took, so each case starts from PROCESSING rows (the only hand edit of history here).
          await db.update(lessonHistory).set({ tutorPaymentStatus: 'PROCESSING', payRunId: null }).where(inArray(lessonHistory._id, ids));
          await db.delete(penaltyWaivers).where(eq(penaltyWaivers.tenantId, T));
          await json(
            await call('PUT', '/lesson-history/tutor-penalty', as.admin, {
              lessonHistoryId: theo._id,
              tutorPenaltyAmount: penalty,
              tutorPenaltyReason: 'Property',
            }),
          );
          // One statement per row: D1 binds at most 100 values to a statement.
          for (const w of waivers) {
            await db.insert(penaltyWaivers).values({
              tenantId: T,
              tutorId: w.tutorId,
              type: w.type as 'ADDITION' | 'DEDUCTION',
              amount: w.amount,
              currency: w.currency,
              startDate: new Date(Date.now() - w.daysAgo * DAY),
              appealStatus: w.type === 'DEDUCTION' ? (w.appeal as 'PENDING' | null) : null,
              paymentStatus: w.paid ? 'PAID' : 'PROCESSING',
              createdBy: 'user_admin',
            });
          }
          const q = { periodStart: day(Date.now() - spanDays * DAY), periodEnd: day(Date.now()) };
          const res = await call('POST', '/admin/pay-runs', as.admin, q);
          if (res.status === 409) {
            const preview = await json<PayRunPreview>(
              await call('GET', `/admin/pay-runs/preview?periodStart=${q.periodStart}&periodEnd=${q.periodEnd}`, as.admin),
            );
            expect(preview.totals).toEqual([]);
            return;
          }
          const { doc: run } = await json<{ doc: PayRunRecord }>(res, 201);
          made += 1;
          const taken = await db.select().from(lessonHistory).where(eq(lessonHistory.payRunId, run._id)).all();
          const takenWaivers = await db.select().from(penaltyWaivers).where(eq(penaltyWaivers.payRunId, run._id)).all();
          const sums = new Map<string, number>();
          const add = (key: string, value: number) => sums.set(key, (sums.get(key) ?? 0) + value);
          for (const r of taken) {
            expect(r.tutorPaymentStatus).toBe('PAID');
            const net = (r.allocatedTutorAmount ?? 0) + r.lessonExtensionTutorAmount - r.tutorPenaltyAmount;
            add(r.tutorAmountCurrency!, net);
            add(`${r.tutorId} ${r.tutorAmountCurrency}`, net);
          }
          for (const w of takenWaivers) {
            expect(w.paymentStatus).toBe('PAID');
            expect(w.appealStatus).not.toBe('PENDING');
            const net = w.type === 'ADDITION' ? w.amount : w.appealStatus === 'ACCEPTED' ? 0 : -w.amount;
            add(w.currency, net);
            add(`${w.tutorId} ${w.currency}`, net);
          }
          const runSums = new Map<string, number>();
          for (const t of run.totals) {
            runSums.set(t.currency, (runSums.get(t.currency) ?? 0) + t.net);
            runSums.set(`${t.tutor._id} ${t.currency}`, t.net);
          }
          expect(Object.fromEntries(runSums)).toEqual(Object.fromEntries(sums));
          expect(Object.fromEntries(run.currencies.map((c) => [c.currency, c.net]))).toEqual(
            Object.fromEntries([...sums].filter(([key]) => !key.includes(' '))),
          );
        },
      ),
      { numRuns: 12, seed: 30 },
    );
    // Most cases make a run (the lessons are always in the period); the rest checked that nothing was left to pay.
    expect(made).toBeGreaterThan(6);
  }, 240_000);
});

describe('errors', () => {
  it('answers a bad period with 400 naming the field and writes nothing', async () => {
    const before = await moneySnapshot();
    const runsBefore = await db.select().from(payRuns).all();
    const bad: [Record<string, unknown>, string][] = [
      [{ periodStart: '2030-02-01', periodEnd: '2030-01-01' }, 'periodEnd'],
      [{ periodStart: '2028-01-01', periodEnd: '2030-01-01' }, 'periodEnd'],
      [{ periodStart: '2030-02-30', periodEnd: '2030-03-01' }, 'periodStart'],
      [{ periodStart: 'last month', periodEnd: '2030-03-01' }, 'periodStart'],
      [{ periodStart: '2030-02-01' }, 'periodEnd'],
    ];
    for (const [body, field] of bad) {
      await expectFieldError(await call('POST', '/admin/pay-runs', as.admin, body), field);
      await expectFieldError(await call('GET', `/admin/pay-runs/preview?${new URLSearchParams(body as Record<string, string>)}`, as.admin), field);
    }
    await expectFieldError(await call('GET', '/admin/pay-runs?limit=0', as.admin), 'limit');
    expect(await moneySnapshot()).toBe(before);
    expect(await db.select().from(payRuns).all()).toEqual(runsBefore);
  }, 30_000);
});

describe('permissions', () => {
  it("answers another tenant's run 404, here and from its own domain", async () => {
    expect((await call('GET', `/admin/pay-runs/${PARTNER_RUN}`, as.admin)).status).toBe(404);
    expect((await call('GET', `/admin/pay-runs/${PARTNER_RUN}/csv`, as.admin)).status).toBe(404);
    const [run] = (await json<{ docs: PayRunRecord[] }>(await call('GET', '/admin/pay-runs', as.admin))).docs;
    expect((await call('GET', `/admin/pay-runs/${run!._id}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
  });

  it('keeps learners, tutors and admins without pay-run rights out, before reading the body', async () => {
    const exporter = await signIn('export-only@studyhall.test');
    for (const token of [as.student, as.parent, as.tutor, exporter]) {
      expect((await call('GET', '/admin/pay-runs', token)).status).toBe(403);
      expect((await call('GET', '/admin/pay-runs/preview', token)).status).toBe(403);
      expect((await call('POST', '/admin/pay-runs', token, { junk: true })).status).toBe(403);
      expect((await call('GET', `/admin/pay-runs/${PARTNER_RUN}/csv`, token)).status).toBe(403);
    }
  }, 30_000);
});
