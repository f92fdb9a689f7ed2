import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../../platform/database';
import { adminLessonHistoryQuery, type LessonHistoryList, type LessonHistoryRecord } from '../../schema/contracts/lesson-history';
import type { MyPay } from '../../schema/contracts/pay-runs';
import type { PenaltyWaiverRecord } from '../../schema/contracts/penalty-waivers';
import { lessonHistory, penaltyWaivers } from '../../schema/tables';
import { listHistory } from '../../worker/lib/ledger/history';
import { scopedDb } from '../../worker/lib/tenant-db';
import { expectFieldError, signIn } from '../helpers/auth';
import {
  call,
  closedLesson,
  type LedgerCallers,
  MAYA,
  moneySnapshot,
  PARTNER_HOST,
  PHYSICS,
  partnerRow,
  rowsOf,
  SAM,
  seedLedgerWorld,
  T,
  THEO,
  TIA,
} from '../helpers/ledger';
import { db } from '../helpers/seed';

type Row = typeof lessonHistory.$inferSelect;
type Doc = LessonHistoryRecord;

/** Fields only an admin or the tutor may see: none of them may reach a student or a parent. */
const TUTOR_MONEY = [
  'tutorRate',
  'tutorRateCurrency',
  'tutorAmount',
  'allocatedTutorAmount',
  'tutorAmountCurrency',
  'tutorPenalty',
  'tutorPenaltyAmount',
  'tutorPenaltyReason',
  'lessonExtensionTutorAmount',
  'netTutorAmount',
  'tutorPaymentStatus',
  'payRunId',
  'rateExplanation',
  'concernStatus',
  'concernNote',
  'concernDecision',
  'concernResponse',
  'adminNotes',
];

let as: LedgerCallers;
let one: Row; // Theo and Sam, one to one, 60 min at 30.00 SGD/h
let group: Row[]; // Theo with Sam and Maya in the physics group, 60 min at 10.00 SGD/h, shared
let tias: Row; // Tia and Maya
let trial: Row; // Theo and Sam, a 30-minute trial
let partner: Row;

const json = async <T>(res: Response, status = 200) => {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
};
const list = (path: string, token: string) => call('GET', path, token).then((res) => json<LessonHistoryList<Doc>>(res));
const fresh = async (id: string) => (await db.select().from(lessonHistory).where(eq(lessonHistory._id, id)).get())!;

beforeAll(async () => {
  as = await seedLedgerWorld();
  [one] = (await closedLesson({ ago: 200, students: [SAM] })).rows as [Row];
  group = (await closedLesson({ ago: 400, students: [SAM, MAYA], courseId: PHYSICS })).rows;
  [tias] = (await closedLesson({ ago: 600, tutor: TIA, students: [MAYA] })).rows as [Row];
  [trial] = (await closedLesson({ ago: 800, students: [SAM], lessonKind: 'TRIAL', duration: 30 })).rows as [Row];
  partner = await partnerRow();
}, 60_000);

describe('happy', () => {
  it('gives a tutor their own rows with pay and totals per currency, and no admin notes', async () => {
    const page = await list('/lesson-history?includeTutorAmountData=1&limit=100', as.tutor);
    expect(page.docs.every((d) => d.paymentTutor?._id === THEO)).toBe(true);
    const ids = page.docs.map((d) => d._id);
    expect(ids).toEqual(expect.arrayContaining([one._id, ...group.map((g) => g._id), trial._id]));
    expect(ids).not.toContain(tias._id);
    const doc = page.docs.find((d) => d._id === one._id)!;
    expect(doc).toMatchObject({
      referenceKey: one.eventId.slice(0, 8),
      students: [{ _id: SAM, firstname: 'Sam', lastname: 'Student' }],
      paymentTutor: { _id: THEO, firstname: 'Theo' },
      course: { title: expect.any(String) },
      tutorRate: 3000,
      tutorAmount: 3000,
      allocatedTutorAmount: 3000,
      tutorAmountCurrency: 'SGD',
      netTutorAmount: 3000,
      tutorPaymentStatus: 'PROCESSING',
      classTimingStatus: 'On Time',
    });
    expect(doc).not.toHaveProperty('adminNotes');
    const sgd = page.tutorAmountData!.find((t) => t.currency === 'SGD')!;
    const rows = (await db.select().from(lessonHistory).where(eq(lessonHistory.tutorId, THEO)).all()).filter((r) => r.tutorAmountCurrency === 'SGD');
    const amount = rows.reduce((s, r) => s + (r.allocatedTutorAmount ?? 0) + r.lessonExtensionTutorAmount, 0);
    const penalty = rows.reduce((s, r) => s + r.tutorPenaltyAmount, 0);
    expect(sgd).toEqual({ currency: 'SGD', amount, penalty, net: amount - penalty, count: rows.length });
  });

  it('gives a student and a parent the lessons in the learner view, with no tutor money anywhere', async () => {
    const sam = await list('/lesson-history?includeTutorAmountData=1&limit=100', as.student);
    expect(sam.tutorAmountData).toBeUndefined();
    expect(sam.docs.map((d) => d._id)).toEqual(expect.arrayContaining([one._id, trial._id]));
    expect(sam.docs.every((d) => d.students[0]?._id === SAM)).toBe(true);
    const maya = await list('/lesson-history?limit=100', as.maya);
    expect(maya.docs.map((d) => d._id)).toEqual(expect.arrayContaining([tias._id]));
    expect(maya.docs.some((d) => d.students[0]?._id === SAM)).toBe(false);
    const parent = await list('/lesson-history?limit=100', as.parent);
    expect(new Set(parent.docs.map((d) => d.students[0]?._id))).toEqual(new Set([SAM, MAYA]));
    for (const doc of [...sam.docs, ...maya.docs, ...parent.docs]) {
      for (const field of TUTOR_MONEY) expect(doc, field).not.toHaveProperty(field);
    }
    const byId = await json<Doc>(await call('GET', `/lesson-history/${one._id}`, as.student));
    for (const field of TUTOR_MONEY) expect(byId, field).not.toHaveProperty(field);
    expect(byId).toMatchObject({ _id: one._id, studentJoinTime: expect.any(String), classTimingStatus: 'On Time' });
  });

  it('filters and pages the admin list and totals every matching row in the same answer', async () => {
    const all = await list(`/admin/lesson-history?tutorId=${THEO}&limit=1&sortKey=start&sortValue=desc`, as.admin);
    expect(all.docs).toHaveLength(1);
    expect(all.limit).toBe(1);
    const theo = (await db.select().from(lessonHistory).where(eq(lessonHistory.tutorId, THEO)).all()).filter((r) => r.tutorAmountCurrency);
    expect(all.totalDocs).toBeGreaterThanOrEqual(theo.length);
    const sgd = all.tutorAmountData!.find((t) => t.currency === 'SGD')!;
    expect(sgd.count).toBe(theo.length);
    expect(sgd.net).toBe(sgd.amount - sgd.penalty);

    const byKey = await list(`/admin/lesson-history?referenceKey=${one.eventId.slice(0, 8).toUpperCase()}`, as.admin);
    expect(byKey.docs.map((d) => d._id)).toEqual([one._id]);
    expect(byKey.docs[0]!.adminNotes).toEqual([]);
    const groupOnly = await list(`/admin/lesson-history?courseId=${PHYSICS}&studentId=${MAYA}&tutorId=${THEO}`, as.admin);
    expect(groupOnly.docs.map((d) => d._id)).toContain(group.find((g) => g.studentId === MAYA)!._id);
    expect(groupOnly.docs.every((d) => d.course._id === PHYSICS && d.students[0]?._id === MAYA)).toBe(true);
    const trials = await list('/admin/lesson-history?lessonType=TRIAL&limit=100', as.admin);
    expect(trials.docs.map((d) => d._id)).toEqual([trial._id]);
    const none = await list('/admin/lesson-history?startDate=2001-01-01&endDate=2001-01-31', as.admin);
    expect(none).toMatchObject({ docs: [], totalDocs: 0, tutorAmountData: [] });
    const paid = await list('/admin/lesson-history?tutorPaymentStatus=PAID&includeTutorAmountData=0', as.admin);
    expect(paid.tutorAmountData).toBeUndefined();
  });

  it('reads the admin list over the start index with no filter, and over the event id’s for a reference key', async () => {
    // D1 keeps no planner statistics, so SQLite chooses by the statements' shape alone: these few rows plan as 100,000 do.
    const plans = async (query: Record<string, string>) => {
      const sent: { sql: string; params: unknown[] }[] = [];
      const recording = {
        prepare: (sql: string) => {
          const stmt = env.DB.prepare(sql);
          return Object.assign(Object.create(stmt), {
            bind: (...params: unknown[]) => {
              sent.push({ sql, params });
              return stmt.bind(...params);
            },
          });
        },
        batch: (stmts: D1PreparedStatement[]) => env.DB.batch(stmts),
      } as unknown as D1Database;
      await listHistory(scopedDb(databaseFor(recording), T), { kind: 'admin' }, adminLessonHistoryQuery.parse(query), true);
      expect(sent).toHaveLength(3);
      return Promise.all(
        sent.map(async ({ sql, params }) => {
          const { results } = await env.DB.prepare(`explain query plan ${sql}`)
            .bind(...params)
            .all<{ detail: string }>();
          return results.map((r) => r.detail).join('; ');
        }),
      );
    };
    for (const plan of await plans({}))
      expect(plan).toMatch(/SEARCH lesson_history USING (COVERING )?INDEX lesson_history_start \(tenant_id=\? AND start>\?\)/);
    for (const plan of await plans({ referenceKey: one.eventId.slice(0, 8) })) {
      expect(plan).toMatch(/SEARCH lesson_history USING (COVERING )?INDEX lesson_history_event \(tenant_id=\? AND event_id>\? AND event_id<\?\)/);
    }
  });

  it('filters the admin list and its export by the tutor’s class timing, any minutes late being late', async () => {
    const [late] = (await closedLesson({ ago: 1000, students: [MAYA] })).rows as [Row];
    await db.update(lessonHistory).set({ classTimingStatus: '12 Min Late' }).where(eq(lessonHistory._id, late._id));
    const [empty] = (await closedLesson({ ago: 1200, students: [SAM], attended: false })).rows as [Row];
    const timing = (value: string) => list(`/admin/lesson-history?classTimingStatus=${value}&limit=100`, as.admin);

    const lateOnes = await timing('LATE');
    expect(lateOnes.docs.map((d) => d._id)).toContain(late._id);
    expect(lateOnes.docs.every((d) => d.classTimingStatus.endsWith(' Min Late'))).toBe(true);
    const onTime = await timing('ON_TIME');
    expect(onTime.docs.map((d) => d._id)).toEqual(expect.arrayContaining([one._id]));
    expect(onTime.docs.map((d) => d._id)).not.toContain(late._id);
    expect(onTime.docs.every((d) => d.classTimingStatus === 'On Time')).toBe(true);
    const notStarted = await timing('NOT_STARTED');
    expect(notStarted.docs.map((d) => d._id)).toContain(empty._id);
    expect(notStarted.docs.every((d) => d.classTimingStatus === 'Class Not Started')).toBe(true);
    expect((await timing('MISSED')).docs.every((d) => d.classTimingStatus === 'Missed')).toBe(true);

    const csv = await (await call('GET', '/admin/lesson-history/export.csv?classTimingStatus=LATE', as.admin)).text();
    expect(csv).toContain(late.eventId.slice(0, 8));
    expect(csv).not.toContain(one.eventId.slice(0, 8));
    await expectFieldError(await call('GET', '/admin/lesson-history?classTimingStatus=SOMETIMES', as.admin), 'classTimingStatus');
  });

  it('shares a group lesson so its rows add up to the lesson', async () => {
    expect(group.map((g) => g.allocatedTutorAmount)).toEqual([500, 500]);
    expect(group.every((g) => g.tutorAmount === 1000)).toBe(true);
  });

  it('lets a tutor raise a concern on their own payment and an admin answer it', async () => {
    const raised = await json<{ message: string; doc: Doc }>(
      await call('PUT', '/lesson-history/tutor-payments/raise-concern', as.tutor, { lessonHistoryId: one._id, note: 'I stayed 10 minutes longer.' }),
    );
    expect(raised.message).toBe('Concern raised!');
    expect(raised.doc).toMatchObject({ concernStatus: 'PENDING', concernNote: 'I stayed 10 minutes longer.' });
    expect(raised.doc).not.toHaveProperty('adminNotes');
    const again = await call('PUT', '/lesson-history/tutor-payments/raise-concern', as.tutor, { lessonHistoryId: one._id, note: 'Again' });
    expect(again.status).toBe(409);
    const concerns = await list('/admin/lesson-history?concernStatus=PENDING', as.admin);
    expect(concerns.docs.map((d) => d._id)).toEqual([one._id]);
    const answered = await json<{ message: string; doc: Doc }>(
      await call('PUT', '/lesson-history/tutor-payments/respond-to-concern', as.admin, {
        lessonHistoryId: one._id,
        status: 'RESOLVED',
        decision: 'APPROVED',
        response: 'Extension added.',
      }),
    );
    expect(answered.message).toBe('Concern responded!');
    expect(answered.doc).toMatchObject({ concernStatus: 'RESOLVED', concernDecision: 'APPROVED', concernResponse: 'Extension added.' });
    const twice = await call('PUT', '/lesson-history/tutor-payments/respond-to-concern', as.admin, {
      lessonHistoryId: one._id,
      status: 'REJECTED',
      decision: 'DECLINED',
    });
    expect(twice.status).toBe(409);
  });

  it('keeps admin notes with their own ids and removes one by its id', async () => {
    const first = await json<{ message: string; doc: Doc }>(
      await call('POST', `/lesson-history/admin-notes/${one._id}`, as.admin, { note: 'Checked with Sam.' }),
      201,
    );
    expect(first.message).toBe('Note added!');
    const second = await json<{ doc: Doc }>(await call('POST', `/lesson-history/admin-notes/${one._id}`, as.admin, { note: 'Second' }), 201);
    expect(second.doc.adminNotes.map((n) => n.note)).toEqual(['Checked with Sam.', 'Second']);
    const [note] = second.doc.adminNotes;
    expect(note).toMatchObject({ _id: expect.any(String), createdBy: 'user_admin', createdAt: expect.any(String) });
    const removed = await json<{ doc: Doc }>(await call('DELETE', `/lesson-history/admin-notes/${one._id}?noteId=${note!._id}`, as.admin));
    expect(removed.doc.adminNotes.map((n) => n.note)).toEqual(['Second']);
    expect((await call('DELETE', `/lesson-history/admin-notes/${one._id}?noteId=no_such_note`, as.admin)).status).toBe(404);
    expect((await fresh(one._id)).adminNotes).toHaveLength(1);
  });

  it('marks rows PAID in bulk by lesssonHistoryIds, and back', async () => {
    const ids = group.map((g) => g._id);
    const done = await json<{ message: string; docs: Doc[] }>(
      await call('PUT', '/lesson-history/update-tutor-payment-status', as.admin, { tutorPaymentStatus: 'PAID', lesssonHistoryIds: ids }),
    );
    expect(done.message).toBe('Payment status updated!');
    expect(done.docs.map((d) => d.tutorPaymentStatus)).toEqual(['PAID', 'PAID']);
    await json(await call('PUT', '/lesson-history/update-tutor-payment-status', as.admin, { tutorPaymentStatus: 'PROCESSING', lesssonHistoryIds: ids }));
    expect((await rowsOf(group[0]!.sectionId)).map((r) => r.tutorPaymentStatus)).toEqual(['PROCESSING', 'PROCESSING']);
  });

  it('pays approved extension minutes at the row’s rate, shared over a group lesson’s rows', async () => {
    const res = await json<{ message: string; doc: Doc }>(
      await call('PUT', '/lesson-history/class-extension', as.admin, { lessonHistoryId: tias._id, minutes: 15, status: 'APPROVED' }),
    );
    expect(res.message).toBe('Class extension updated!');
    expect(res.doc).toMatchObject({ lessonExtension: 15, classExtensionRequestStatus: 'APPROVED', lessonExtensionTutorAmount: 750, netTutorAmount: 3750 });
    await json(await call('PUT', '/lesson-history/class-extension', as.admin, { lessonHistoryId: group[1]!._id, minutes: 7, status: 'APPROVED' }));
    // 10.00 SGD/h × 7 min = 116.67 cents → 117, shared 59 + 58.
    expect((await rowsOf(group[0]!.sectionId)).map((r) => r.lessonExtensionTutorAmount)).toEqual([59, 58]);
    await json(await call('PUT', '/lesson-history/class-extension', as.admin, { lessonHistoryId: group[1]!._id, minutes: 7, status: 'REJECTED' }));
    expect((await rowsOf(group[0]!.sectionId)).map((r) => [r.lessonExtension, r.lessonExtensionTutorAmount])).toEqual([
      [7, 0],
      [7, 0],
    ]);
  });

  it('holds a lesson’s penalty once, on the row named, never above the lesson’s pay', async () => {
    const res = await json<{ message: string; doc: Doc }>(
      await call('PUT', '/lesson-history/tutor-penalty', as.admin, {
        lessonHistoryId: group[1]!._id,
        tutorPenaltyAmount: 400,
        tutorPenaltyReason: 'Started late',
      }),
    );
    expect(res.message).toBe('Tutor penalty updated!');
    expect((await rowsOf(group[0]!.sectionId)).map((r) => [r.tutorPenalty, r.tutorPenaltyAmount, r.tutorPenaltyReason])).toEqual([
      [true, 0, 'Started late'],
      [true, 400, 'Started late'],
    ]);
    await json(await call('PUT', '/lesson-history/tutor-penalty', as.admin, { lessonHistoryId: group[0]!._id, tutorPenaltyAmount: 0 }));
    expect((await rowsOf(group[0]!.sectionId)).map((r) => r.tutorPenaltyAmount)).toEqual([0, 0]);
  });

  it('records a trial’s conversion, and refuses it on a lesson that was not a trial', async () => {
    const res = await json<{ message: string; doc: Doc }>(
      await call('PUT', '/lesson-history/trial-conversion', as.admin, { lessonHistoryId: trial._id, isTrialConverted: true, trialConversionStatus: 'SUCCEED' }),
    );
    expect(res.message).toBe('Trial conversion updated!');
    expect(res.doc).toMatchObject({ isTrialConverted: true, trialConversionStatus: 'SUCCEED' });
    const notTrial = await call('PUT', '/lesson-history/trial-conversion', as.admin, {
      lessonHistoryId: one._id,
      isTrialConverted: true,
      trialConversionStatus: 'SUCCEED',
    });
    expect(notTrial.status).toBe(409);
  });

  it('adjusts a tutor payment by an amount or a percentage of the row’s pay, into the adjustments ledger', async () => {
    const byAmount = await json<{ message: string; doc: PenaltyWaiverRecord }>(
      await call('PUT', '/lesson-history/tutor-payments/adjustments', as.admin, { lessonHistoryId: tias._id, type: 'ADDITION', amount: 250, note: 'Travel' }),
      201,
    );
    expect(byAmount.message).toBe('Tutor payment adjusted!');
    expect(byAmount.doc).toMatchObject({
      lessonHistoryId: tias._id,
      tutor: { _id: TIA },
      students: [{ _id: MAYA }],
      amount: 250,
      currency: 'SGD',
      type: 'ADDITION',
      manual: true,
      category: 'ADJUSTMENTS',
      paymentStatus: 'PROCESSING',
    });
    // 12.5% of what Tia's row pays (30.00 + the 7.50 extension) = 4.6875 → 4.69.
    const byShare = await json<{ doc: PenaltyWaiverRecord }>(
      await call('PUT', '/lesson-history/tutor-payments/adjustments', as.admin, {
        lessonHistoryId: tias._id,
        type: 'DEDUCTION',
        percentage: 12.5,
        note: 'Late report',
      }),
      201,
    );
    expect(byShare.doc).toMatchObject({ amount: 469, type: 'DEDUCTION' });
  });

  it('sums a tutor’s month: pay less penalties plus additions less deductions, pending and paid', async () => {
    const pay = await json<MyPay>(await call('GET', '/lesson-history/my-pay', as.tia));
    expect(pay.timezone).toBe('Asia/Singapore');
    expect(pay.month).toMatch(/^\d{4}-\d{2}$/);
    const sgd = pay.currencies.find((c) => c.currency === 'SGD');
    const waivers = await db.select().from(penaltyWaivers).where(eq(penaltyWaivers.tutorId, TIA)).all();
    const additions = waivers.filter((w) => w.type === 'ADDITION').reduce((s, w) => s + w.amount, 0);
    const deductions = waivers.filter((w) => w.type === 'DEDUCTION').reduce((s, w) => s + w.amount, 0);
    // The lessons here are hours old: in this month unless the month began in the last few hours.
    if (sgd && sgd.lessons) {
      expect(sgd).toMatchObject({ lessons: 1, amount: 3750, penalty: 0, additions, deductions, net: 3750 + additions - deductions });
      expect(sgd.processing + sgd.paid).toBe(sgd.net);
    }
    const may = await json<MyPay>(await call('GET', '/lesson-history/my-pay?month=2001-05&timezone=Europe/London', as.tia));
    expect(may).toMatchObject({ month: '2001-05', periodStart: '2001-04-30T23:00:00.000Z', periodEnd: '2001-05-31T22:59:59.999Z', currencies: [], lessons: 0 });
  });
});

describe('errors', () => {
  it('answers a bad field with 400 naming it and writes nothing', async () => {
    const before = await moneySnapshot();
    const cases: [string, string, unknown, string][] = [
      ['PUT', '/lesson-history/tutor-penalty', { lessonHistoryId: one._id, tutorPenaltyAmount: -1 }, 'tutorPenaltyAmount'],
      ['PUT', '/lesson-history/tutor-penalty', { lessonHistoryId: one._id, tutorPenaltyAmount: 10.5 }, 'tutorPenaltyAmount'],
      ['PUT', '/lesson-history/tutor-penalty', { lessonHistoryId: one._id, tutorPenaltyAmount: 3001, tutorPenaltyReason: 'x' }, 'tutorPenaltyAmount'],
      ['PUT', '/lesson-history/tutor-penalty', { lessonHistoryId: one._id, tutorPenaltyAmount: 100 }, 'tutorPenaltyReason'],
      ['PUT', '/lesson-history/class-extension', { lessonHistoryId: one._id, minutes: 181, status: 'APPROVED' }, 'minutes'],
      ['PUT', '/lesson-history/class-extension', { lessonHistoryId: one._id, minutes: -5, status: 'APPROVED' }, 'minutes'],
      ['PUT', '/lesson-history/class-extension', { lessonHistoryId: one._id, minutes: 5, status: 'MAYBE' }, 'status'],
      ['PUT', '/lesson-history/tutor-payments/adjustments', { lessonHistoryId: one._id, type: 'ADDITION', note: 'x' }, 'amount'],
      ['PUT', '/lesson-history/tutor-payments/adjustments', { lessonHistoryId: one._id, type: 'ADDITION', percentage: 12.345, note: 'x' }, 'percentage'],
      ['PUT', '/lesson-history/tutor-payments/adjustments', { lessonHistoryId: one._id, type: 'ADDITION', percentage: 101, note: 'x' }, 'percentage'],
      ['PUT', '/lesson-history/tutor-payments/adjustments', { lessonHistoryId: one._id, type: 'ADDITION', percentage: 0, note: 'x' }, 'percentage'],
      ['PUT', '/lesson-history/tutor-payments/adjustments', { lessonHistoryId: one._id, type: 'ADDITION', amount: 0, note: 'x' }, 'amount'],
      ['PUT', '/lesson-history/tutor-payments/adjustments', { lessonHistoryId: one._id, type: 'DEDUCTION', amount: 5000, note: 'x' }, 'amount'],
      [
        'PUT',
        '/lesson-history/tutor-payments/adjustments',
        { lessonHistoryId: one._id, type: 'ADDITION', amount: 10, percentage: 10, note: 'x' },
        'percentage',
      ],
      ['PUT', '/lesson-history/update-tutor-payment-status', { tutorPaymentStatus: 'DONE', lesssonHistoryIds: [one._id] }, 'tutorPaymentStatus'],
      ['PUT', '/lesson-history/update-tutor-payment-status', { tutorPaymentStatus: 'PAID', lesssonHistoryIds: [] }, 'lesssonHistoryIds'],
      ['PUT', '/lesson-history/tutor-payments/respond-to-concern', { lessonHistoryId: one._id, status: 'PENDING', decision: 'APPROVED' }, 'status'],
      [
        'PUT',
        '/lesson-history/trial-conversion',
        { lessonHistoryId: trial._id, isTrialConverted: 'yes', trialConversionStatus: 'SUCCEED' },
        'isTrialConverted',
      ],
      ['POST', `/lesson-history/admin-notes/${one._id}`, { note: '' }, 'note'],
    ];
    for (const [method, path, body, field] of cases) await expectFieldError(await call(method, path, as.admin, body), field);
    await expectFieldError(await call('PUT', '/lesson-history/tutor-payments/raise-concern', as.tutor, { lessonHistoryId: one._id, note: ' ' }), 'note');
    for (const query of [
      'startDate=2030-02-30',
      'endDate=yesterday',
      'startDate=2030-02-01&endDate=2030-01-01',
      'limit=101',
      'sortKey=passwordHash',
      'referenceKey=xyz%25',
    ]) {
      const res = await call('GET', `/admin/lesson-history?${query}`, as.admin);
      expect(res.status, query).toBe(400);
    }
    await expectFieldError(await call('GET', '/lesson-history?sort=-secret', as.tutor), 'sort');
    await expectFieldError(await call('GET', '/lesson-history/my-pay?month=2026-13', as.tutor), 'month');
    expect(await moneySnapshot()).toBe(before);
  }, 30_000);

  it('refuses an unknown id in a bulk change with 404, writing nothing', async () => {
    const before = await moneySnapshot();
    const res = await call('PUT', '/lesson-history/update-tutor-payment-status', as.admin, {
      tutorPaymentStatus: 'PAID',
      lesssonHistoryIds: [one._id, partner._id],
    });
    expect(res.status).toBe(404);
    expect(await moneySnapshot()).toBe(before);
  });
});

describe('permissions', () => {
  it("answers another tutor's rows 404, whatever the call", async () => {
    expect((await call('GET', `/lesson-history/${tias._id}`, as.tutor)).status).toBe(404);
    expect((await call('PUT', '/lesson-history/tutor-payments/raise-concern', as.tutor, { lessonHistoryId: tias._id, note: 'Mine?' })).status).toBe(404);
    expect((await call('GET', `/lesson-history/${one._id}`, as.tia)).status).toBe(404);
    expect((await call('GET', `/lesson-history/${one._id}`, as.maya)).status).toBe(404);
    expect((await fresh(tias._id)).concernStatus).toBeNull();
  });

  it("answers another tenant's rows 404 on every call that names one", async () => {
    const before = await moneySnapshot();
    const id = partner._id;
    const calls: [string, string, unknown?][] = [
      ['GET', `/lesson-history/${id}`],
      ['POST', `/lesson-history/admin-notes/${id}`, { note: 'x' }],
      ['DELETE', `/lesson-history/admin-notes/${id}?noteId=x`],
      ['PUT', '/lesson-history/tutor-payments/respond-to-concern', { lessonHistoryId: id, status: 'RESOLVED', decision: 'APPROVED' }],
      ['PUT', '/lesson-history/class-extension', { lessonHistoryId: id, minutes: 5, status: 'APPROVED' }],
      ['PUT', '/lesson-history/tutor-penalty', { lessonHistoryId: id, tutorPenaltyAmount: 0 }],
      ['PUT', '/lesson-history/trial-conversion', { lessonHistoryId: id, isTrialConverted: true, trialConversionStatus: 'SUCCEED' }],
      ['PUT', '/lesson-history/tutor-payments/adjustments', { lessonHistoryId: id, type: 'ADDITION', amount: 1, note: 'x' }],
      ['PUT', '/lesson-history/update-tutor-payment-status', { tutorPaymentStatus: 'PAID', lesssonHistoryIds: [id] }],
    ];
    for (const [method, path, body] of calls) expect((await call(method, path, as.admin, body)).status, `${method} ${path}`).toBe(404);
    // And the partner's own admin cannot reach this tenant's rows from its domain.
    expect((await call('GET', `/lesson-history/${one._id}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect(await moneySnapshot()).toBe(before);
  }, 30_000);

  it('keeps students, parents and tutors out of the admin calls, before reading the body', async () => {
    for (const token of [as.student, as.parent, as.tutor]) {
      expect((await call('GET', '/admin/lesson-history', token)).status).toBe(403);
      expect((await call('PUT', '/lesson-history/tutor-penalty', token, { nonsense: true })).status).toBe(403);
      expect((await call('POST', `/lesson-history/admin-notes/${one._id}`, token, {})).status).toBe(403);
    }
    expect((await call('PUT', '/lesson-history/tutor-payments/raise-concern', as.student, {})).status).toBe(403);
    expect((await call('GET', '/lesson-history/my-pay', as.student)).status).toBe(403);
    expect((await call('GET', '/lesson-history', as.admin)).status).toBe(403);
    // An admin who may export but not view the list cannot read a row either.
    const exporter = await signIn('export-only@studyhall.test');
    expect((await call('GET', `/lesson-history/${one._id}`, exporter)).status).toBe(403);
    expect((await call('GET', '/admin/lesson-history', exporter)).status).toBe(403);
  });

  it('refuses a student the export of tutor amounts', async () => {
    expect((await call('GET', '/admin/lesson-history/export.csv', as.student)).status).toBe(403);
    expect((await call('GET', '/admin/lesson-history/export.csv', as.parent)).status).toBe(403);
  });
});
