import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LessonHistoryList } from '../../schema/contracts/lesson-history';
import type { PenaltyWaiverRecord } from '../../schema/contracts/penalty-waivers';
import { lessonHistory, meetingRequests, penaltyWaivers } from '../../schema/tables';
import { expectFieldError, signIn } from '../helpers/auth';
import { call, closedLesson, type LedgerCallers, MATHS, moneySnapshot, P, PARTNER_HOST, SAM, seedLedgerWorld, T, THEO, TIA } from '../helpers/ledger';
import { db } from '../helpers/seed';

type Row = typeof lessonHistory.$inferSelect;
type List = LessonHistoryList<PenaltyWaiverRecord>;

let as: LedgerCallers;
let theoRow: Row;
let tiaRow: Row;
let requestId: string;
const PARTNER_WAIVER = 'partner_waiver';

const json = async <T>(res: Response, status = 200) => {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
};
const created = (res: Response) => json<{ message: string; doc: PenaltyWaiverRecord }>(res, 201);
const list = (path: string, token: string) => call('GET', path, token).then((res) => json<List>(res));
const waiver = (body: Record<string, unknown>) => call('POST', '/admin/penalty-waivers', as.admin, { tutorId: THEO, currency: 'SGD', ...body });

beforeAll(async () => {
  as = await seedLedgerWorld();
  [theoRow] = (await closedLesson({ ago: 300, students: [SAM] })).rows as [Row];
  [tiaRow] = (await closedLesson({ ago: 500, tutor: TIA, students: [SAM] })).rows as [Row];
  const request = await db
    .insert(meetingRequests)
    .values({
      tenantId: T,
      sectionId: theoRow.sectionId,
      courseId: MATHS,
      type: 'CANCEL',
      requestedBy: THEO,
      requestedByRole: 'TUTOR',
      start: theoRow.start,
      tutorIds: [THEO],
      studentIds: [SAM],
      reason: 'Unwell',
      policyVersion: 1,
      tutorAmountCurrency: 'SGD',
    })
    .returning()
    .get();
  requestId = request._id;
  await db.insert(penaltyWaivers).values({
    _id: PARTNER_WAIVER,
    tenantId: P,
    tutorId: 'user_partner_admin',
    amount: 100,
    currency: 'SGD',
    type: 'DEDUCTION',
    createdBy: 'user_partner_admin',
  });
}, 60_000);

describe('happy', () => {
  it('creates a waiver about a lesson, filled in from its history row', async () => {
    const res = await created(await waiver({ type: 'ADDITION', amount: 500, lessonHistoryId: theoRow._id, note: 'Penalty waived' }));
    expect(res.message).toBe('Penalty waiver created!');
    expect(res.doc).toMatchObject({
      tutor: { _id: THEO, firstname: 'Theo', lastname: 'Tutor' },
      students: [{ _id: SAM, firstname: 'Sam', lastname: 'Student' }],
      course: { _id: MATHS, title: expect.any(String) },
      startDate: theoRow.start.toISOString(),
      endDate: theoRow.end.toISOString(),
      lessonType: 'LESSON',
      amount: 500,
      currency: 'SGD',
      type: 'ADDITION',
      paymentStatus: 'PROCESSING',
      appealStatus: null,
      manual: false,
      lessonHistoryId: theoRow._id,
      adminNotes: [],
    });
    expect(await json<PenaltyWaiverRecord>(await call('GET', `/admin/penalty-waivers/${res.doc._id}`, as.admin))).toEqual(res.doc);
  });

  it('creates a waiver about a meeting request (the spec’s zoomRequestId) and one about nothing', async () => {
    const about = await created(await waiver({ type: 'DEDUCTION', amount: 700, zoomRequestId: requestId }));
    expect(about.doc).toMatchObject({ meetingRequestId: requestId, course: { _id: MATHS }, students: [{ _id: SAM }], startDate: theoRow.start.toISOString() });
    const alone = await created(await waiver({ type: 'DEDUCTION', amount: 300, startDate: '2030-03-01', note: 'Missed a report' }));
    expect(alone.doc).toMatchObject({ course: null, students: [], startDate: '2030-03-01T00:00:00.000Z', lessonHistoryId: null, meetingRequestId: null });
    const byRequest = await list(`/admin/penalty-waivers?zoomRequestId=${requestId}`, as.admin);
    expect(byRequest.docs.map((d) => d._id)).toEqual([about.doc._id]);
  });

  it('lists waivers with the spec’s filters and totals per currency of every matching row', async () => {
    const all = await list(`/admin/penalty-waivers?tutorId=${THEO}&limit=1`, as.admin);
    expect(all.docs).toHaveLength(1);
    expect(all.totalDocs).toBe(3);
    expect(all.tutorAmountData).toEqual([{ currency: 'SGD', amount: 500, penalty: 1000, net: -500, count: 3 }]);
    const byRow = await list(`/admin/penalty-waivers?lessonHistoryId=${theoRow._id}&includeTutorAmountData=false`, as.admin);
    expect(byRow.docs.map((d) => d.amount)).toEqual([500]);
    expect(byRow.tutorAmountData).toBeUndefined();
    expect((await list(`/admin/penalty-waivers?studentId=${SAM}&courseId=${MATHS}`, as.admin)).totalDocs).toBe(2);
    expect((await list('/admin/penalty-waivers?startDate=2030-03-01&endDate=2030-03-01', as.admin)).docs.map((d) => d.amount)).toEqual([300]);
    expect((await list('/admin/penalty-waivers?type=DEDUCTION&sort=amount', as.admin)).docs.map((d) => d.amount)).toEqual([300, 700]);
    expect((await list('/admin/penalty-waivers?sort=-amount', as.admin)).docs.map((d) => d.amount)).toEqual([700, 500, 300]);
  });

  it('shows a tutor their own waivers only, and lets them appeal a deduction once', async () => {
    const theo = await list('/penalty-waivers?includeTutorAmountData=1', as.tutor);
    expect(theo.docs).toHaveLength(3);
    expect(theo.tutorAmountData).toEqual([{ currency: 'SGD', amount: 500, penalty: 1000, net: -500, count: 3 }]);
    expect((await list('/penalty-waivers', as.tia)).docs).toEqual([]);
    const deduction = theo.docs.find((d) => d.amount === 700)!;
    const appealed = await json<{ message: string; doc: PenaltyWaiverRecord }>(
      await call('POST', `/penalty-waivers/${deduction._id}/appeal`, as.tutor, { note: 'I was unwell, with a note.' }),
    );
    expect(appealed.message).toBe('Penalty appeal request sent!');
    expect(appealed.doc).toMatchObject({ appealStatus: 'PENDING', appealTutorNote: 'I was unwell, with a note.' });
    expect((await call('POST', `/penalty-waivers/${deduction._id}/appeal`, as.tutor, { note: 'Again' })).status).toBe(409);
    const addition = theo.docs.find((d) => d.type === 'ADDITION')!;
    expect((await call('POST', `/penalty-waivers/${addition._id}/appeal`, as.tutor, { note: 'Why?' })).status).toBe(409);
    expect((await list('/admin/penalty-waivers?appealStatus=PENDING', as.admin)).docs.map((d) => d._id)).toEqual([deduction._id]);
  });

  it('lets an admin answer an appeal; an accepted appeal cancels the deduction in the totals', async () => {
    const [pending] = (await list('/admin/penalty-waivers?appealStatus=PENDING', as.admin)).docs;
    const answered = await json<{ message: string; doc: PenaltyWaiverRecord }>(
      await call('PUT', `/admin/penalty-waivers/${pending!._id}/appeal-respond`, as.admin, {
        appealStatus: 'ACCEPTED',
        appealAdminNote: 'Doctor’s note seen.',
      }),
    );
    expect(answered.message).toBe('Appeal responded!');
    expect(answered.doc).toMatchObject({
      appealStatus: 'ACCEPTED',
      appealAdminNote: 'Doctor’s note seen.',
      appealRespondedBy: { _id: 'user_admin', firstname: 'Ada' },
    });
    const again = await call('PUT', `/admin/penalty-waivers/${pending!._id}/appeal-respond`, as.admin, { appealStatus: 'REJECTED', appealAdminNote: 'No' });
    expect(again.status).toBe(409);
    expect((await list(`/admin/penalty-waivers?tutorId=${THEO}`, as.admin)).tutorAmountData).toEqual([
      { currency: 'SGD', amount: 500, penalty: 300, net: 200, count: 3 },
    ]);
  });

  it('marks waivers PAID in bulk by penaltyWaiverIds', async () => {
    const { docs } = await list(`/admin/penalty-waivers?tutorId=${THEO}`, as.admin);
    const done = await json<{ message: string; docs: PenaltyWaiverRecord[] }>(
      await call('PUT', '/admin/penalty-waivers/update-tutor-payment-status', as.admin, { paymentStatus: 'PAID', penaltyWaiverIds: docs.map((d) => d._id) }),
    );
    expect(done.message).toBe('Payment status updated!');
    expect(done.docs.map((d) => d.paymentStatus)).toEqual(['PAID', 'PAID', 'PAID']);
    const paidDeduction = docs.find((d) => d.amount === 300)!;
    // A paid deduction can no longer be appealed.
    expect((await call('POST', `/penalty-waivers/${paidDeduction._id}/appeal`, as.tutor, { note: 'Late' })).status).toBe(409);
  });

  it('creates manual adjustments and lists them apart from waivers, by tutor, dates and sort', async () => {
    const a = await created(
      await call('POST', '/admin/manual-adjustments', as.admin, {
        tutorId: TIA,
        type: 'ADDITION',
        amount: 1500,
        currency: 'SGD',
        note: 'Training day',
        date: '2030-04-02',
      }),
    );
    expect(a.message).toBe('Manual adjustment created!');
    expect(a.doc).toMatchObject({ tutor: { _id: TIA }, manual: true, category: 'ADJUSTMENTS', startDate: '2030-04-02T00:00:00.000Z', note: 'Training day' });
    const b = await created(
      await call('POST', '/admin/settings/payment-adjustments', as.admin, {
        tutorId: TIA,
        type: 'DEDUCTION',
        amount: 200,
        currency: 'SGD',
        note: 'Top-up fee',
        category: 'COURSE_TOPUP',
        date: '2030-04-20',
      }),
    );
    expect(b.message).toBe('Payment Adjustment Created!');
    expect(b.doc).toMatchObject({ manual: true, category: 'COURSE_TOPUP', type: 'DEDUCTION' });
    const listed = await list(`/admin/manual-adjustments?tutorId=${TIA}&startDate=2030-04-01&endDate=2030-04-30&sortKey=amount&sortValue=desc`, as.admin);
    expect(listed.docs.map((d) => d.amount)).toEqual([1500, 200]);
    expect(listed.tutorAmountData).toEqual([{ currency: 'SGD', amount: 1500, penalty: 200, net: 1300, count: 2 }]);
    expect((await list('/admin/manual-adjustments?startDate=2030-04-03&endDate=2030-04-30', as.admin)).docs.map((d) => d._id)).toEqual([b.doc._id]);
    expect((await list(`/admin/penalty-waivers?tutorId=${TIA}`, as.admin)).docs).toEqual([]);
    expect((await call('GET', `/admin/penalty-waivers/${a.doc._id}`, as.admin)).status).toBe(404);
    expect((await list('/penalty-waivers', as.tia)).docs.map((d) => d._id).sort()).toEqual([a.doc._id, b.doc._id].sort());
  });
});

describe('errors', () => {
  it('answers a bad amount, currency, date or category with 400 naming the field, writing nothing', async () => {
    const before = await moneySnapshot();
    const bad: [unknown, string][] = [
      [{ type: 'ADDITION', amount: 0 }, 'amount'],
      [{ type: 'ADDITION', amount: -100 }, 'amount'],
      [{ type: 'ADDITION', amount: 10.5 }, 'amount'],
      [{ type: 'ADDITION', amount: 1e13 }, 'amount'],
      [{ type: 'ADDITION', amount: 100, currency: 'XXY' }, 'currency'],
      [{ type: 'BONUS', amount: 100 }, 'type'],
      [{ type: 'ADDITION', amount: 100, startDate: '2030-02-30' }, 'startDate'],
      [{ type: 'ADDITION', amount: 100, startDate: '2030-03-02', endDate: '2030-03-01' }, 'endDate'],
      [{ type: 'ADDITION', amount: 100, lessonHistoryId: tiaRow._id }, 'tutorId'],
      [{ type: 'ADDITION', amount: 100, lessonHistoryId: theoRow._id, currency: 'USD' }, 'currency'],
      [{ type: 'ADDITION', amount: 100, meetingRequestId: requestId, zoomRequestId: 'other' }, 'zoomRequestId'],
    ];
    for (const [body, field] of bad) await expectFieldError(await waiver(body as Record<string, unknown>), field);
    const adjustment = { tutorId: TIA, type: 'ADDITION', amount: 100, currency: 'SGD', note: 'x' };
    await expectFieldError(await call('POST', '/admin/settings/payment-adjustments', as.admin, adjustment), 'category');
    await expectFieldError(await call('POST', '/admin/settings/payment-adjustments', as.admin, { ...adjustment, category: 'TIPS' }), 'category');
    await expectFieldError(await call('POST', '/admin/manual-adjustments', as.admin, { ...adjustment, note: '' }), 'note');
    await expectFieldError(await call('POST', '/admin/manual-adjustments', as.admin, { ...adjustment, date: '31/12/2030' }), 'date');
    await expectFieldError(await call('GET', '/admin/manual-adjustments?startDate=2030-13-01', as.admin), 'startDate');
    await expectFieldError(await call('GET', '/admin/penalty-waivers?sort=-password', as.admin), 'sort');
    const [someone] = (await list('/penalty-waivers', as.tutor)).docs;
    await expectFieldError(await call('POST', `/penalty-waivers/${someone!._id}/appeal`, as.tutor, { note: '' }), 'note');
    await expectFieldError(
      await call('PUT', `/admin/penalty-waivers/${someone!._id}/appeal-respond`, as.admin, { appealStatus: 'MAYBE', appealAdminNote: 'x' }),
      'appealStatus',
    );
    await expectFieldError(
      await call('PUT', '/admin/penalty-waivers/update-tutor-payment-status', as.admin, { paymentStatus: 'PAID', penaltyWaiverIds: [] }),
      'penaltyWaiverIds',
    );
    expect(await moneySnapshot()).toBe(before);
  }, 30_000);

  it('answers records that are not there, or not this tenant’s, with 404 and writes nothing', async () => {
    const before = await moneySnapshot();
    expect((await waiver({ type: 'ADDITION', amount: 100, tutorId: SAM })).status).toBe(404);
    expect((await waiver({ type: 'ADDITION', amount: 100, studentIds: ['user_partner_learner'] })).status).toBe(404);
    expect((await waiver({ type: 'ADDITION', amount: 100, courseId: 'no_such_course' })).status).toBe(404);
    expect((await waiver({ type: 'ADDITION', amount: 100, zoomRequestId: 'no_such_request' })).status).toBe(404);
    const status = await call('PUT', '/admin/penalty-waivers/update-tutor-payment-status', as.admin, {
      paymentStatus: 'PAID',
      penaltyWaiverIds: [PARTNER_WAIVER],
    });
    expect(status.status).toBe(404);
    expect(await moneySnapshot()).toBe(before);
  }, 30_000);
});

describe('permissions', () => {
  it("answers another tenant's and another tutor's waivers 404", async () => {
    const before = await moneySnapshot();
    expect((await call('GET', `/admin/penalty-waivers/${PARTNER_WAIVER}`, as.admin)).status).toBe(404);
    expect(
      (await call('PUT', `/admin/penalty-waivers/${PARTNER_WAIVER}/appeal-respond`, as.admin, { appealStatus: 'ACCEPTED', appealAdminNote: 'x' })).status,
    ).toBe(404);
    const [theos] = (await list('/penalty-waivers', as.tutor)).docs;
    expect((await call('POST', `/penalty-waivers/${theos!._id}/appeal`, as.tia, { note: 'Not mine' })).status).toBe(404);
    expect((await call('POST', `/penalty-waivers/${PARTNER_WAIVER}/appeal`, as.tutor, { note: 'x' })).status).toBe(404);
    expect((await call('GET', `/admin/penalty-waivers/${theos!._id}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect(await moneySnapshot()).toBe(before);
  }, 30_000);

  it('keeps learners and tutors out of the admin calls, and learners out of the tutor calls, before the body', async () => {
    for (const token of [as.student, as.parent, as.tutor]) {
      expect((await call('GET', '/admin/penalty-waivers', token)).status).toBe(403);
      expect((await call('POST', '/admin/penalty-waivers', token, { junk: 1 })).status).toBe(403);
      expect((await call('GET', '/admin/manual-adjustments', token)).status).toBe(403);
      expect((await call('POST', '/admin/settings/payment-adjustments', token, {})).status).toBe(403);
    }
    expect((await call('GET', '/penalty-waivers', as.student)).status).toBe(403);
    expect((await call('POST', `/penalty-waivers/${PARTNER_WAIVER}/appeal`, as.student, {})).status).toBe(403);
    // An admin with ledger export rights only holds no waiver or adjustment rights.
    const exporter = await signIn('export-only@studyhall.test');
    expect((await call('GET', '/admin/penalty-waivers', exporter)).status).toBe(403);
    expect((await call('POST', '/admin/manual-adjustments', exporter, {})).status).toBe(403);
  }, 30_000);

  it('never shows a waiver row to a student (no tutor money)', async () => {
    const history = await db.select().from(lessonHistory).where(eq(lessonHistory.studentId, SAM)).all();
    expect(history.length).toBeGreaterThan(0);
    expect((await call('GET', '/penalty-waivers', as.student)).status).toBe(403);
  });
});
