import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../schema/contracts/auth';
import type { ListResponse } from '../../schema/contracts/common';
import type {
  CallbackAnswer,
  CallbackRequestDoc,
  DiagnosticDoc,
  DiagnosticPaymentOffer,
  DiagnosticSubmission,
  DiagnosticTestDoc,
  SubTopicResult,
} from '../../schema/contracts/diagnostics';
import { diagnosticToasts } from '../../schema/contracts/diagnostics';
import { DEMO_USERS } from '../../schema/seed';
import { SEED_DIAGNOSTIC_IDS } from '../../schema/seed-diagnostics';
import { callbackRequests, diagnosticShares, emailOutbox, paymentSessions, questions } from '../../schema/tables';
import { api, bearer, expectFieldError, postJson, signIn, tokenRequest } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const TEST = SEED_DIAGNOSTIC_IDS.maths;
const SAM = DEMO_USERS.student._id;

let sam: string;
let maya: string;
let pat: string;
let tutor: string;
let admin: string;
let partner: string;
let correct: Map<string, { optionId: string; wrongId: string; difficulty: string }>;

const get = (path: string, token: string, headers: Record<string, string> = {}, host = 'localhost') => api(path, { headers: bearer(token, headers) }, host);
const post = (path: string, body: unknown, token: string, headers: Record<string, string> = {}) => postJson(path, body, { headers: bearer(token, headers) });
const guestToken = async () => (await (await tokenRequest({ grant_type: 'client_credentials' })).json<TokenResponse>()).access_token;

/** Answers: every question right, or right only where `right` says so. */
const answers = (right: (questionId: string, difficulty: string) => boolean = () => true) =>
  [...correct].map(([questionId, q]) => ({ questionId, optionId: right(questionId, q.difficulty) ? q.optionId : q.wrongId }));

async function take(token: string, body: Record<string, unknown> = {}) {
  const res = await post('/diagnostics', { testId: TEST, answers: answers(), ...body }, token);
  expect(res.status).toBe(201);
  return res.json<DiagnosticDoc>();
}

beforeAll(async () => {
  await seedDemo();
  [sam, maya, pat, tutor, admin, partner] = await Promise.all([
    signIn('student@studyhall.test'),
    signIn('student2@studyhall.test'),
    signIn('parent@studyhall.test'),
    signIn('tutor@studyhall.test'),
    signIn('admin@studyhall.test'),
    signIn('learner@partner.test', PARTNER_HOST),
  ]);
  const test = await (await get(`/diagnostics/tests/${TEST}`, sam)).json<DiagnosticTestDoc>();
  const rows = await db.select().from(questions).all();
  correct = new Map(
    test.questions!.map((q) => {
      const row = rows.find((r) => r._id === q._id)!;
      return [q._id, { optionId: row.correctOptionId!, wrongId: row.options.find((o) => o._id !== row.correctOptionId)!._id, difficulty: row.difficulty }];
    }),
  );
});

describe('diagnostics', () => {
  describe('happy', () => {
    it('lists the tests on offer and gives one with its questions, never its answers', async () => {
      const list = await (await get('/diagnostics/tests?subject=Mathematics&grade=Grade%2010', sam)).json<DiagnosticTestDoc[]>();
      expect(list).toEqual([expect.objectContaining({ _id: TEST, subject: 'Mathematics', questionCount: 8 })]);
      expect(await (await get('/diagnostics/tests?subject=Physics', sam)).json()).toEqual([]);
      const res = await get(`/diagnostics/tests/${TEST}`, await guestToken());
      const test = await res.json<DiagnosticTestDoc>();
      expect(test.questions).toHaveLength(8);
      expect(new Set(test.questions!.map((q) => q.topicName)).size).toBe(4);
      expect(JSON.stringify(test)).not.toMatch(/correctOptionId|explanation|markScheme/);
    });

    it('marks a strong result by topic and recommends the Extended level, a small plan and the matching course', async () => {
      const doc = await take(sam);
      expect(doc).toMatchObject({ score: 8, maxScore: 8, percent: 100, access: 'own', learnerName: 'Sam', callbackRequested: false });
      expect(doc.topics).toHaveLength(4);
      expect(doc.topics.every((t) => t.percent === 100)).toBe(true);
      expect(doc.recommendation).toMatchObject({
        level: 'Extended',
        hours: 5,
        plan: { name: 'Starter pack, 5 hours' },
        course: { title: 'IGCSE Mathematics with Theo' },
      });
      expect(doc.recommendation.reasons[0]).toBe('Scored 8 of 8 (100%) overall.');
      // No AI is configured in tests: the offline helper says so by its source and still says what to do next.
      expect(doc.helper.source).toBe('offline');
      expect(doc.helper.text).toContain('Every topic went well.');
      expect(doc.user).toEqual({ _id: SAM, isLeadGenSubmitted: false, tutopiyaUserId: null });
    });

    it('advises more hours where topics are weak, and Foundation under 40%', async () => {
      const core = await take(sam, { answers: answers((_, d) => d !== 'HARD') });
      expect(core.recommendation).toMatchObject({ level: 'Core', hours: 10, plan: { name: 'Standard pack, 10 hours' } });
      expect(core.recommendation.reasons.join(' ')).toContain('Between 40% and 70% overall');
      const twoWeak = await take(sam, { answers: answers((id) => !/percentages|equations/.test(id)) });
      expect(twoWeak.recommendation).toMatchObject({ level: 'Core', hours: 20 });
      expect(twoWeak.recommendation.reasons).toContain('Needs work: Number (0%), Algebra (0%).');
      expect(twoWeak.recommendation.reasons).toContain('Strongest: Geometry and mensuration (100%), Statistics and probability (100%).');
      const weak = await take(sam, { answers: [] });
      expect(weak.recommendation).toMatchObject({ level: 'Foundation', hours: 20, plan: { name: 'Exam intensive, 20 hours' } });
      expect(weak.recommendation.reasons.join(' ')).toContain('Needs work: Number (0%)');
      expect(weak.helper.text).toBe(
        'Start with Number, the weakest topic (0%): read its notes, then try its practice quiz. The first lessons at the Foundation level will begin there too.',
      );
    });

    it('reads a result, its marked answers, the latest recommendation and the results of one sub topic', async () => {
      const doc = await take(sam);
      expect((await (await get(`/diagnostics/${doc._id}`, sam)).json<DiagnosticDoc>())._id).toBe(doc._id);
      const submission = await (await get(`/diagnostics/submission/${doc._id}`, sam)).json<DiagnosticSubmission>();
      expect(submission.questions).toHaveLength(8);
      expect(submission.questions[0]).toMatchObject({ position: 0, score: 1, maxMarks: 1, reasons: ['Correct option chosen.'] });
      expect(submission.questions[0]!.correctOptionId).toBe(submission.questions[0]!.optionId);
      const latest = await (await get('/diagnostics/recommendation?subject=Mathematics&grade=Grade%2010', sam)).json<DiagnosticDoc>();
      expect(latest._id).toBe(doc._id);
      const results = await (await get(`/diagnostics/subTopic/subTopic?userId=${SAM}&subTopicId=sub_topic_studyhall_percentages`, sam)).json<
        ListResponse<SubTopicResult>
      >();
      expect(results.docs[0]).toMatchObject({ diagnosticId: doc._id, score: 2, maxScore: 2 });
      expect(results.totalDocs).toBeGreaterThanOrEqual(1);
    });

    it('lets a visitor take one with their details (the lead), and remembers them by their own id', async () => {
      const guest = await guestToken();
      const doc = await take(guest, { lead: { name: 'Nora Newton', email: 'Nora@Example.com', phone: '+65 6123 4567' } });
      expect(doc.user.isLeadGenSubmitted).toBe(true);
      expect(doc.user.tutopiyaUserId).toBe(doc.user._id);
      expect(doc.learnerName).toBe('Nora');
      expect((await get(`/diagnostics/${doc._id}`, guest)).status).toBe(200);
      expect((await get(`/diagnostics/${doc._id}`, await guestToken())).status).toBe(404);
    });

    it('sends the result to a parent through the outbox; the link opens it and asks for a call, once', async () => {
      const guest = await guestToken();
      const doc = await take(guest, { lead: { name: 'Nora Newton', email: 'nora@example.com' } });
      const shared = await post('/diagnostics/shareWithParent', { diagnosticId: doc._id, email: 'Mum.Newton@example.com', name: 'Mrs Newton' }, guest);
      expect(shared.status).toBe(201);
      expect((await shared.json<{ message: string }>()).message).toBe(diagnosticToasts.shared);
      const mailRow = await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'mum.newton@example.com')).get();
      expect(mailRow).toMatchObject({ status: 'LOCAL', subject: 'Nora’s Mathematics diagnostic result' });
      expect(mailRow!.text).toContain('Hi Mrs Newton,');
      const link = mailRow!.text.match(/http:\/\/localhost\/learning-portal\/diagnostics\/\S+/)![0];
      const url = new URL(link);
      const token = url.searchParams.get('share')!;
      const row = await db.select().from(diagnosticShares).where(eq(diagnosticShares.diagnosticId, doc._id)).get();
      expect(row!.tokenHash).not.toContain(token);

      const parent = await guestToken();
      expect((await get(`/diagnostics/${doc._id}`, parent)).status).toBe(404);
      const read = await (await get(`/diagnostics/${doc._id}?share=${token}`, parent)).json<DiagnosticDoc>();
      expect(read).toMatchObject({ access: 'shared', callbackRequested: false });
      expect((await get(`/diagnostics/submission/${doc._id}?share=${token}`, parent)).status).toBe(200);
      const first = await get(`/diagnostics/requestCallback/${doc._id}?share=${token}`, parent);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-store');
      const answer = await first.json<CallbackAnswer>();
      expect(answer.message).toBe('Thank you for requesting callback. Our team will reach out to you shortly.');
      const again = await (await get(`/diagnostics/requestCallback/${doc._id}`, guest)).json<CallbackAnswer>();
      expect(again.request._id).toBe(answer.request._id);
      expect(await db.select().from(callbackRequests).where(eq(callbackRequests.diagnosticId, doc._id)).all()).toHaveLength(1);
      expect((await (await get(`/diagnostics/${doc._id}?share=${token}`, parent)).json<DiagnosticDoc>()).callbackRequested).toBe(true);

      const list = await (await get('/admin/diagnostics/callbacks', admin)).json<ListResponse<CallbackRequestDoc>>();
      expect(list.docs.find((r) => r.diagnosticId === doc._id)).toMatchObject({
        name: 'Mrs Newton',
        email: 'mum.newton@example.com',
        via: 'parent',
        level: 'Extended',
      });
    });

    it('lets a parent read their child’s result and ask for a call with their own details', async () => {
      const doc = await take(sam);
      expect((await (await get(`/diagnostics/${doc._id}`, pat)).json<DiagnosticDoc>()).access).toBe('child');
      expect((await get(`/diagnostics/${doc._id}`, pat, { 'x-user-id': SAM })).status).toBe(200);
      const answer = await (await get(`/diagnostics/requestCallback/${doc._id}`, pat)).json<CallbackAnswer>();
      const row = await db.select().from(callbackRequests).where(eq(callbackRequests._id, answer.request._id)).get();
      expect(row).toMatchObject({ name: 'Pat Parent', email: 'parent@studyhall.test', requestedBy: DEMO_USERS.parent._id });
    });
  });

  describe('payment', () => {
    it('offers the recommended plan at the student’s price and starts a simulated checkout for it', async () => {
      const doc = await take(sam, { answers: answers((_, d) => d !== 'HARD') });
      const offer = await (await get(`/diagnostics/payment/${doc._id}`, sam)).json<DiagnosticPaymentOffer>();
      expect(offer).toMatchObject({ blocked: null, plan: { _id: 'flexible_plan_standard', minutes: 600 } });
      const res = await postJson(`/diagnostics/payment/${doc._id}`, { amount: 1, planId: 'flexible_plan_starter' }, { headers: bearer(sam) });
      expect(res.status).toBe(200);
      const { url } = await res.json<{ url: string }>();
      expect(url).toMatch(/\/learning-portal\/dev\/checkout\/cs_sim_/);
      const session = await db
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.providerSessionId, url.split('/').pop()!))
        .get();
      expect(session).toMatchObject({
        payerId: SAM,
        studentId: SAM,
        paymentType: 'FLEXIBLE',
        itemKind: 'diagnosticPlan',
        itemId: 'flexible_plan_standard',
        minutes: 600,
        amount: offer.plan!.price.amount,
        currency: offer.plan!.price.currency,
      });
    });

    it('lets a parent pay for their child; the purchase is the child’s', async () => {
      const doc = await take(sam);
      const res = await post(`/diagnostics/payment/${doc._id}`, {}, pat);
      expect(res.status).toBe(200);
      const { url } = await res.json<{ url: string }>();
      const session = await db
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.providerSessionId, url.split('/').pop()!))
        .get();
      expect(session).toMatchObject({ payerId: DEMO_USERS.parent._id, studentId: SAM, itemId: 'flexible_plan_starter' });
    });

    it('tells a visitor to create an account first, and refuses their checkout', async () => {
      const guest = await guestToken();
      const doc = await take(guest, { lead: { name: 'Nora Newton', email: 'nora@example.com' } });
      const offer = await (await get(`/diagnostics/payment/${doc._id}`, guest)).json<DiagnosticPaymentOffer>();
      expect(offer.blocked).toBe('Create a free account to pay: your result stays with you when you sign up.');
      expect(offer.plan).toBeNull();
      expect((await post(`/diagnostics/payment/${doc._id}`, {}, guest)).status).toBe(403);
    });
  });

  describe('errors', () => {
    it('names the field: an unknown test, a question not in it, an option not of it, an answer given twice', async () => {
      const [first] = answers();
      await expectFieldError(await post('/diagnostics', { testId: 'nope', answers: [] }, sam), 'testId');
      await expectFieldError(
        await post('/diagnostics', { testId: TEST, answers: [{ questionId: 'question_studyhall_percentages_2' }] }, sam),
        'answers.0.questionId',
      );
      await expectFieldError(await post('/diagnostics', { testId: TEST, answers: [{ ...first, optionId: 'nope' }] }, sam), 'answers.0.optionId');
      await expectFieldError(await post('/diagnostics', { testId: TEST, answers: [first, first] }, sam), 'answers.1.questionId');
      await expectFieldError(await post('/diagnostics', { answers: [] }, sam), 'testId');
    });

    it('asks a visitor for their details, and checks the e-mail address', async () => {
      const guest = await guestToken();
      await expectFieldError(await post('/diagnostics', { testId: TEST, answers: [] }, guest), 'lead');
      await expectFieldError(await post('/diagnostics', { testId: TEST, answers: [], lead: { name: 'Nora', email: 'not-an-address' } }, guest), 'lead.email');
    });

    it('refuses a bad share address and a sixth share, writing nothing', async () => {
      const doc = await take(sam);
      await expectFieldError(await post('/diagnostics/shareWithParent', { diagnosticId: doc._id, email: 'nope' }, sam), 'email');
      for (let i = 0; i < 5; i++)
        expect((await post('/diagnostics/shareWithParent', { diagnosticId: doc._id, email: `p${i}@example.com` }, sam)).status).toBe(201);
      const sixth = await post('/diagnostics/shareWithParent', { diagnosticId: doc._id, email: 'p6@example.com' }, sam);
      expect(sixth.status).toBe(409);
      expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'p6@example.com')).all()).toEqual([]);
    });

    it('answers 404 when there is no recommendation yet for a subject', async () => {
      const res = await get('/diagnostics/recommendation?subject=Physics&grade=Grade%2010', sam);
      expect(res.status).toBe(404);
      expect((await res.json<{ message: string }>()).message).toBe('There is no Grade 10 Physics diagnostic yet');
    });
  });

  describe('permissions', () => {
    it('answers 404 for another learner’s diagnostic on every call, and writes nothing', async () => {
      const doc = await take(sam);
      for (const path of [
        `/diagnostics/${doc._id}`,
        `/diagnostics/submission/${doc._id}`,
        `/diagnostics/requestCallback/${doc._id}`,
        `/diagnostics/payment/${doc._id}`,
      ]) {
        expect((await get(path, maya)).status, path).toBe(404);
      }
      expect((await post(`/diagnostics/payment/${doc._id}`, {}, maya)).status).toBe(404);
      expect((await post('/diagnostics/shareWithParent', { diagnosticId: doc._id, email: 'x@example.com' }, maya)).status).toBe(404);
      expect((await get(`/diagnostics/subTopic/subTopic?userId=${SAM}&subTopicId=sub_topic_studyhall_percentages`, maya)).status).toBe(404);
      expect(await db.select().from(callbackRequests).where(eq(callbackRequests.diagnosticId, doc._id)).all()).toEqual([]);
    });

    it('refuses a wrong share token, another family’s parent view and another tenant', async () => {
      const doc = await take(sam);
      expect((await get(`/diagnostics/${doc._id}?share=${'x'.repeat(32)}`, maya)).status).toBe(404);
      expect((await get(`/diagnostics/${doc._id}`, partner, {}, PARTNER_HOST)).status).toBe(404);
      expect((await get(`/diagnostics/${doc._id}`, partner)).status).toBe(401);
    });

    it('keeps taking and sharing to learners, and the callback list to admins who book trials', async () => {
      expect((await post('/diagnostics', { testId: TEST, answers: [] }, tutor)).status).toBe(403);
      expect((await post('/diagnostics', {}, admin)).status).toBe(403);
      expect((await api('/diagnostics/tests')).status).toBe(401);
      expect((await get('/admin/diagnostics/callbacks', sam)).status).toBe(403);
      expect((await get('/admin/diagnostics/callbacks', tutor)).status).toBe(403);
    });
  });
});
