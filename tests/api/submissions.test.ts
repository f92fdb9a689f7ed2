import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionDoc, SubmissionQuestion } from '../../schema/contracts/quiz';
import { courseStudents, submissionAnswers, submissions } from '../../schema/tables';
import { api, bearer, expectFieldError, postJson, signIn } from '../helpers/auth';
import { linearQuestions, QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let sam: string;
let maya: string;
let admin: string;
let tutor: string;
let parent: string;
let partner: string;
let fixtures: Awaited<ReturnType<typeof linearQuestions>>;

beforeAll(async () => {
  await seedDemo();
  fixtures = await seedQuizFixtures();
  [sam, maya, admin, tutor, parent, partner] = await Promise.all([
    signIn('student@studyhall.test'),
    signIn('student2@studyhall.test'),
    signIn('admin@studyhall.test'),
    signIn('tutor@studyhall.test'),
    signIn('parent@studyhall.test'),
    signIn('learner@partner.test', PARTNER_HOST),
  ]);
});

const get = (path: string, token: string, host = 'localhost') => api(path, { headers: bearer(token) }, host);
const post = (path: string, body: unknown, token: string, host = 'localhost') => postJson(path, body, { headers: bearer(token) }, host);
/** A new mark, with its reason, for Sam's open answer. */
const overrideOpen = (score: number, reason: string, token: string) =>
  post('/submissions/overrideMark', { submissionId: QUIZ_IDS.samSubmission, questionId: fixtures.open._id, score, reason }, token);
const start = async (quizId: string, token: string) => {
  const res = await post('/submissions/createByQuizId', { quizId }, token);
  expect([200, 201]).toContain(res.status);
  return res.json<SubmissionDoc>();
};
const answerRows = (submissionId: string) => db.select().from(submissionAnswers).where(eq(submissionAnswers.submissionId, submissionId));

describe('taking a quiz', () => {
  describe('happy', () => {
    it('starts by sub topic, hiding answers, and resumes the same attempt instead of starting another', async () => {
      const res = await post('/submissions', { subTopicId: QUIZ_IDS.subTopic, paper: 'Paper 2' }, maya);
      expect(res.status).toBe(201);
      const doc = await res.json<SubmissionDoc>();
      expect(doc).toMatchObject({
        status: 'IN_PROGRESS',
        quiz: {
          _id: QUIZ_IDS.mixed,
          topic: { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', name: 'Algebra' },
          subTopic: { name: 'Linear equations' },
        },
      });
      expect(doc.questions).toHaveLength(3);
      expect(doc.questions.every((q) => q.correctOptionId === null && q.modelAnswer === null && q.explanation === null)).toBe(true);
      const again = await post('/submissions/createByQuizId', { quizId: QUIZ_IDS.mixed }, maya);
      expect(again.status).toBe(200);
      expect((await again.json<SubmissionDoc>())._id).toBe(doc._id);
    });

    it('runs a whole attempt: answers, hint, revealed answer (skipped), open answer marked against the scheme, finish with band and feedback', async () => {
      const fresh = await start(QUIZ_IDS.timed, sam);
      expect(fresh.isTimerEnabled).toBe(true);
      const [m1, m2] = fixtures.mcq;
      const sub = QUIZ_IDS.samSubmission;
      const now = Date.now();

      const correct = m1!.correctOptionId!;
      const answered = await post('/submissions/answer/add', { submissionId: sub, questionId: m1!._id, optionId: correct, answeredAt: now }, sam);
      expect(answered.status).toBe(200);
      expect(await answered.json<SubmissionQuestion>()).toMatchObject({ status: 'ANSWERED', optionId: correct, correctOptionId: null });

      const hint = await post('/submissions/aiHint', { submissionId: sub, questionId: m2!._id }, sam);
      expect(await hint.json()).toMatchObject({ message: 'AI Hint is now Visible', hint: m2!.hint, source: 'offline' });
      const reveal = await post('/submissions/answer/get', { submissionId: sub, questionId: m2!._id }, sam);
      const revealed = await reveal.json<{ message: string; question: SubmissionQuestion }>();
      expect(revealed.message).toBe('Answer is now Visible');
      expect(revealed.question).toMatchObject({ status: 'SKIPPED', correctOptionId: m2!.correctOptionId, hint: m2!.hint });
      const explained = await post('/submissions/question/get-ai-explanation', { submissionId: sub, questionId: m2!._id }, sam);
      expect(await explained.json()).toMatchObject({ source: 'offline' });

      const openAnswer = '2(x + 3) + 2(2x) = 36 gives 6x + 6 = 36, so x = 5 and the sides are 8 cm and 10 cm.';
      expect(
        (await post('/submissions/openEndedAnswer/add', { submissionId: sub, questionId: fixtures.open._id, answer: openAnswer, answeredAt: now }, sam)).status,
      ).toBe(200);
      const graded = await (
        await post('/submissions/openEndedAnswer/grade', { submissionId: sub, questionId: fixtures.open._id }, sam)
      ).json<SubmissionQuestion>();
      expect(graded.score).toBe(fixtures.open.maxMarks);
      expect(graded).toMatchObject({ helperSource: 'offline', helperVersion: 'offline-1', markSource: 'HELPER' });
      expect(graded.reasons.every((r) => r.startsWith('Credited: '))).toBe(true);

      const finished = await post('/submissions/finish', { submissionId: sub }, sam);
      const { message, submission } = await finished.json<{ message: string; submission: SubmissionDoc }>();
      expect(message).toBe('Quiz Completed');
      const max = m1!.maxMarks + m2!.maxMarks + fixtures.open.maxMarks;
      expect(submission).toMatchObject({ status: 'COMPLETED', score: m1!.maxMarks + fixtures.open.maxMarks, maxScore: max, aiFeedbackSource: 'offline' });
      expect(submission.band).toBe((m1!.maxMarks + fixtures.open.maxMarks) / max < 0.9 ? 'Good' : 'Very Good');
      expect(submission.questions[1]).toMatchObject({ status: 'SKIPPED', score: 0, reasons: ['The answer was revealed, so this question scores no marks.'] });
      expect(submission.questions[0]!.explanation).toBe(m1!.explanation);
      const rows = await answerRows(sub);
      expect(rows.find((r) => r.questionId === fixtures.open._id)?.rubric).toEqual(fixtures.open.markScheme);
      expect(await (await get(`/submissions/get-ai-feedback/${sub}`, sam)).json()).toMatchObject({
        source: 'offline',
        aiFeedback: expect.stringContaining('You scored'),
      });
      const history = await (await get(`/submissions/quizHistory/${QUIZ_IDS.mixed}`, sam)).json<{ _id: string; band: string }[]>();
      expect(history.map((h) => h._id)).toContain(sub);
      const list = await (await get(`/submissions?quizId=${QUIZ_IDS.mixed}`, sam)).json<{ totalDocs: number }>();
      expect(list.totalDocs).toBe(1);
    });

    it('does not name a missed mark-scheme point while the attempt is open', async () => {
      const doc = await start(QUIZ_IDS.mixed, maya);
      await post('/submissions/openEndedAnswer/add', { submissionId: doc._id, questionId: fixtures.open._id, answer: 'x = 5', answeredAt: Date.now() }, maya);
      const graded = await (
        await post('/submissions/openEndedAnswer/grade', { submissionId: doc._id, questionId: fixtures.open._id }, maya)
      ).json<SubmissionQuestion>();
      expect(graded.score).toBeGreaterThan(0);
      expect(graded.score).toBeLessThan(fixtures.open.maxMarks);
      expect(graded.reasons).toContain('A mark-scheme point is not made yet: look at your answer again.');
      expect(graded.reasons.some((r) => r.startsWith('Missing'))).toBe(false);
    });

    it('answers the mark an open answer already has when its mark is asked for again, and stores nothing new', async () => {
      const doc = await start(QUIZ_IDS.mixed, maya);
      const ref = { submissionId: doc._id, questionId: fixtures.open._id };
      await post('/submissions/openEndedAnswer/add', { ...ref, answer: 'x = 5, so the sides are 8 cm and 10 cm', answeredAt: Date.now() }, maya);
      const first = await (await post('/submissions/openEndedAnswer/grade', ref, maya)).json<SubmissionQuestion>();
      const stored = (await answerRows(doc._id)).find((r) => r.questionId === fixtures.open._id);
      const again = await post('/submissions/openEndedAnswer/grade', ref, maya);
      expect(again.status).toBe(200);
      expect(await again.json<SubmissionQuestion>()).toEqual(first);
      expect((await answerRows(doc._id)).find((r) => r.questionId === fixtures.open._id)).toEqual(stored);
    });

    it('keeps an open answer’s mark when the same text is saved again, and drops it when the text changes', async () => {
      const doc = await start(QUIZ_IDS.mixed, maya);
      const ref = { submissionId: doc._id, questionId: fixtures.open._id };
      const text = 'x = 5, so the sides are 8 cm and 10 cm';
      await post('/submissions/openEndedAnswer/add', { ...ref, answer: text, answeredAt: Date.now() - 2_000 }, maya);
      const marked = await (await post('/submissions/openEndedAnswer/grade', ref, maya)).json<SubmissionQuestion>();
      expect(marked.score).not.toBeNull();

      await post('/submissions/openEndedAnswer/add', { ...ref, answer: text, answeredAt: Date.now() - 1_000 }, maya);
      const again = (await answerRows(doc._id)).find((r) => r.questionId === fixtures.open._id);
      expect(again).toMatchObject({ score: marked.score, answer: text });

      await post('/submissions/openEndedAnswer/add', { ...ref, answer: `${text}.`, answeredAt: Date.now() }, maya);
      expect((await answerRows(doc._id)).find((r) => r.questionId === fixtures.open._id)).toMatchObject({ score: null, answer: `${text}.` });
    });

    it('keeps the later of two saves of one answer, whichever arrives last', async () => {
      const doc = await start(QUIZ_IDS.published, sam);
      const q = doc.questions[0]!;
      const [first, second] = [q.options[0]!._id, q.options[1]!._id];
      const t = Date.now() - 10_000;
      await post('/submissions/answer/add', { submissionId: doc._id, questionId: q.questionId, optionId: second, answeredAt: t + 5_000 }, sam);
      const stale = await post('/submissions/answer/add', { submissionId: doc._id, questionId: q.questionId, optionId: first, answeredAt: t }, sam);
      expect((await stale.json<SubmissionQuestion>()).optionId).toBe(second);
      const replay = await post('/submissions/answer/add', { submissionId: doc._id, questionId: q.questionId, optionId: second, answeredAt: t + 5_000 }, sam);
      expect(replay.status).toBe(200);
      expect((await get(`/submissions/${doc._id}`, sam).then((r) => r.json<SubmissionDoc>())).questions[0]!.optionId).toBe(second);
    });

    it('keeps the timer on the server: the first start of a question stands, the countdown can be set and turned off', async () => {
      const doc = await start(QUIZ_IDS.published, sam);
      const q = doc.questions[1]!;
      const started = await (
        await post('/submissions/startSubmissionQuestionTimer', { submissionId: doc._id, questionId: q.questionId }, sam)
      ).json<SubmissionQuestion>();
      const again = await (
        await post('/submissions/startSubmissionQuestionTimer', { submissionId: doc._id, questionId: q.questionId }, sam)
      ).json<SubmissionQuestion>();
      expect(again.timerStart).toBe(started.timerStart);
      const ended = await (
        await post('/submissions/endSubmissionQuestionTimer', { submissionId: doc._id, questionId: q.questionId }, sam)
      ).json<SubmissionQuestion>();
      expect(Date.parse(ended.timerEnd!)).toBeGreaterThanOrEqual(Date.parse(started.timerStart!));
      const on = await (
        await post('/submissions/updateSubmissionCountdownSettings', { submissionId: doc._id, isTimerEnabled: true, countdownSeconds: 900 }, sam)
      ).json<SubmissionDoc>();
      expect(Date.parse(on.timerEnd!) - Date.parse(on.timerStart!)).toBe(900_000);
      const off = await (
        await post('/submissions/updateSubmissionCountdownSettings', { submissionId: doc._id, isTimerEnabled: false }, sam)
      ).json<SubmissionDoc>();
      expect(off).toMatchObject({ isTimerEnabled: false, timerEnd: null });
    });

    it('lets a parent work through a linked student, and the student resumes it', async () => {
      const res = await post('/submissions/createByQuizId', { quizId: QUIZ_IDS.timed }, parent);
      expect(res.status).toBe(403);
      const asSam = await postJson('/submissions/createByQuizId', { quizId: QUIZ_IDS.timed }, { headers: bearer(parent, { 'x-user-id': 'user_student' }) });
      expect(asSam.status).toBe(200);
    });

    it('stores a tutor override with its reason, which the student sees, and re-adds the score', async () => {
      const byTutor = await overrideOpen(2, 'Method right, one slip', tutor);
      expect(byTutor.status).toBe(200);
      const res = await overrideOpen(1, 'Sides not labelled with units', admin);
      expect(res.status).toBe(200);
      const seen = await (await get(`/submissions/${QUIZ_IDS.samSubmission}`, sam)).json<SubmissionDoc>();
      const open = seen.questions.find((q) => q.questionId === fixtures.open._id)!;
      expect(open).toMatchObject({ score: 1, markSource: 'TUTOR', overrideReason: 'Sides not labelled with units' });
      expect(open.reasons[0]).toBe('Marked by your tutor: Sides not labelled with units');
      expect(seen.score).toBe(fixtures.mcq[0]!.maxMarks + 1);
    });
  });

  describe('errors', () => {
    it('names the bad field and saves nothing', async () => {
      const doc = await start(QUIZ_IDS.published, sam);
      const q = doc.questions[0]!;
      await expectFieldError(
        await post('/submissions/answer/add', { submissionId: doc._id, questionId: q.questionId, optionId: 'nope', answeredAt: Date.now() }, sam),
        'optionId',
      );
      await expectFieldError(
        await post('/submissions/answer/add', { submissionId: doc._id, questionId: q.questionId, optionId: q.options[0]!._id }, sam),
        'answeredAt',
      );
      await expectFieldError(
        await post(
          '/submissions/answer/add',
          { submissionId: doc._id, questionId: q.questionId, optionId: q.options[0]!._id, answeredAt: Date.now() + 3_600_000 },
          sam,
        ),
        'answeredAt',
      );
      await expectFieldError(
        await post('/submissions/openEndedAnswer/add', { submissionId: doc._id, questionId: q.questionId, answer: 'x', answeredAt: Date.now() }, sam),
        'questionId',
      );
      await expectFieldError(
        await post('/submissions/updateSubmissionCountdownSettings', { submissionId: doc._id, isTimerEnabled: true }, sam),
        'countdownSeconds',
      );
      await expectFieldError(await post('/submissions', {}, sam), 'subTopicId');
      const row = (await answerRows(doc._id)).find((r) => r.questionId === q.questionId);
      expect(row?.optionId).not.toBe('nope');
    });

    it('refuses a timed quiz being made untimed, and answers given after the countdown', async () => {
      const doc = await start(QUIZ_IDS.timed, maya);
      await expectFieldError(
        await post('/submissions/updateSubmissionCountdownSettings', { submissionId: doc._id, isTimerEnabled: false }, maya),
        'isTimerEnabled',
      );
      await db
        .update(submissions)
        .set({ timerEnd: new Date(Date.now() - 60_000) })
        .where(eq(submissions._id, doc._id));
      const q = doc.questions[0]!;
      const late = await post(
        '/submissions/answer/add',
        { submissionId: doc._id, questionId: q.questionId, optionId: q.options[0]!._id, answeredAt: Date.now() },
        maya,
      );
      expect(late.status).toBe(409);
      expect((await answerRows(doc._id)).every((r) => r.status === 'UNANSWERED')).toBe(true);
    });

    it('refuses changes to a finished attempt and a 404 for a quiz that is not there', async () => {
      const q = fixtures.mcq[0]!;
      const res = await post(
        '/submissions/answer/add',
        { submissionId: QUIZ_IDS.samSubmission, questionId: q._id, optionId: q.options[0]!._id, answeredAt: Date.now() },
        sam,
      );
      expect(res.status).toBe(409);
      expect((await post('/submissions/createByQuizId', { quizId: QUIZ_IDS.unpublished }, sam)).status).toBe(404);
      expect((await post('/submissions', { subTopicId: 'sub_topic_studyhall_nowhere' }, sam)).status).toBe(404);
    });

    it('refuses an override above the marks available', async () => {
      await expectFieldError(await overrideOpen(99, 'Too generous', admin), 'score');
    });
  });

  describe('permissions', () => {
    it("answers 404 for another learner's attempt on every call, and changes nothing", async () => {
      const sub = QUIZ_IDS.samSubmission;
      const q = fixtures.mcq[0]!;
      const before = await answerRows(sub);
      expect((await get(`/submissions/${sub}`, maya)).status).toBe(404);
      for (const path of ['/submissions/aiHint', '/submissions/answer/get', '/submissions/question/get', '/submissions/startSubmissionQuestionTimer']) {
        expect((await post(path, { submissionId: sub, questionId: q._id }, maya)).status, path).toBe(404);
      }
      expect(
        (await post('/submissions/answer/add', { submissionId: sub, questionId: q._id, optionId: q.options[0]!._id, answeredAt: Date.now() }, maya)).status,
      ).toBe(404);
      expect((await post('/submissions/finish', { submissionId: sub }, maya)).status).toBe(404);
      expect((await get(`/submissions/get-ai-feedback/${sub}`, maya)).status).toBe(404);
      expect(await answerRows(sub)).toEqual(before);
    });

    it("keeps another tenant's learners out", async () => {
      expect((await get(`/submissions/${QUIZ_IDS.samSubmission}`, partner, PARTNER_HOST)).status).toBe(404);
      expect((await post('/submissions/createByQuizId', { quizId: QUIZ_IDS.mixed }, partner, PARTNER_HOST)).status).toBe(404);
    });

    it('keeps learners out of the admin calls and tutors without a shared course out of overrides', async () => {
      expect((await get(`/admin/submissions/${QUIZ_IDS.samSubmission}`, sam)).status).toBe(403);
      expect((await get('/admin/submissions/quizHistory/user_student', sam)).status).toBe(403);
      expect((await get(`/admin/submissions/question/${fixtures.open._id}?submissionId=${QUIZ_IDS.samSubmission}`, sam)).status).toBe(403);
      expect((await overrideOpen(0, 'Not mine to mark', maya)).status).toBe(404);
      await db.delete(courseStudents).where(eq(courseStudents.userId, 'user_student'));
      expect((await overrideOpen(0, 'Not my student', tutor)).status).toBe(404);
      const open = (await answerRows(QUIZ_IDS.samSubmission)).find((r) => r.questionId === fixtures.open._id);
      expect(open?.score).toBe(1);
    });

    it('refuses callers who may not use a call before reading its body', async () => {
      for (const path of ['/submissions/finish', '/submissions/answer/add', '/submissions/openEndedAnswer/grade', '/submissions']) {
        const res = await post(path, {}, tutor);
        expect(res.status, path).toBe(403);
        expect((await res.json<{ errors: unknown[] }>()).errors, path).toEqual([]);
      }
      expect((await postJson('/submissions/finish', {})).status).toBe(401);
      const override = await post('/submissions/overrideMark', {}, maya);
      expect(override.status).toBe(404);
      expect((await override.json<{ errors: unknown[] }>()).errors).toEqual([]);
      expect((await api('/admin/submissions/question/q?submissionId=', { headers: bearer(sam) })).status).toBe(403);
    });

    it('lets admins review attempts with the rubric', async () => {
      const doc = await (await get(`/admin/submissions/${QUIZ_IDS.samSubmission}`, admin)).json<SubmissionDoc>();
      expect(doc.userId).toBe('user_student');
      const q = await (await get(`/admin/submissions/question/${fixtures.open._id}?submissionId=${QUIZ_IDS.samSubmission}`, admin)).json<{
        rubric: unknown[];
      }>();
      expect(q.rubric).toEqual(fixtures.open.markScheme);
      const history = await (await get('/admin/submissions/quizHistory/user_student', admin)).json<{ docs: { quizTitle: string }[] }>();
      expect(history.docs.map((d) => d.quizTitle)).toContain('Mixed quiz');
      expect((await get(`/admin/submissions/${QUIZ_IDS.samSubmission}`, partner, PARTNER_HOST)).status).toBe(403);
    });
  });
});
