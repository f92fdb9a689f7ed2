import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttemptSummary, LearnerRef, SubmissionDoc, SubmissionReview } from '../../schema/contracts/quiz';
import { DEMO_USERS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { courseStudents, courseTutors, submissionAnswers, submissions, userMappers } from '../../schema/tables';
import { api, bearer, postJson, signIn } from '../helpers/auth';
import { linearQuestions, QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { signedInUser } from '../helpers/realtime';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let sam: string;
let maya: string;
let admin: string;
let tutor: string;
let partner: string;
let fixtures: Awaited<ReturnType<typeof linearQuestions>>;
const SAM = DEMO_USERS.student._id;

beforeAll(async () => {
  await seedDemo();
  fixtures = await seedQuizFixtures();
  [sam, maya, admin, tutor, partner] = await Promise.all([
    signIn('student@studyhall.test'),
    signIn('student2@studyhall.test'),
    signIn('admin@studyhall.test'),
    signIn('tutor@studyhall.test'),
    signIn('learner@partner.test', PARTNER_HOST),
  ]);
  const answered = await postJson(
    '/submissions/openEndedAnswer/add',
    { submissionId: QUIZ_IDS.samSubmission, questionId: fixtures.open._id, answer: 'x = 4', answeredAt: Date.now() },
    { headers: bearer(sam) },
  );
  expect(answered.status).toBe(200);
  expect((await postJson('/submissions/finish', { submissionId: QUIZ_IDS.samSubmission }, { headers: bearer(sam) })).status).toBe(200);
});

const get = (path: string, token: string, host = 'localhost') => api(path, { headers: bearer(token) }, host);
const answerRows = () => db.select().from(submissionAnswers).where(eq(submissionAnswers.submissionId, QUIZ_IDS.samSubmission));

describe('GET /admin/submissions/quizHistory/:userId', () => {
  describe('happy', () => {
    it('gives a tutor who teaches Sam his attempts, latest first, with his name', async () => {
      const res = await get(`/admin/submissions/quizHistory/${SAM}`, tutor);
      expect(res.status).toBe(200);
      const body = await res.json<{ docs: AttemptSummary[]; totalDocs: number; learner: LearnerRef }>();
      expect(body.learner).toMatchObject({ _id: SAM, firstname: DEMO_USERS.student.firstname });
      expect(body.docs[0]).toMatchObject({ _id: QUIZ_IDS.samSubmission, quizTitle: 'Mixed quiz', status: 'COMPLETED' });
    });
  });
  describe('errors', () => {
    it('answers 404 for a user who does not exist', async () => {
      expect((await get('/admin/submissions/quizHistory/user_nobody', admin)).status).toBe(404);
    });
  });
  describe('permissions', () => {
    it('keeps learners, other tenants and tutors who do not teach the learner out', async () => {
      expect((await get(`/admin/submissions/quizHistory/${SAM}`, maya)).status).toBe(403);
      expect((await get(`/admin/submissions/quizHistory/${SAM}`, partner, PARTNER_HOST)).status).toBe(403);
      expect((await get(`/admin/submissions/quizHistory/${DEMO_USERS.parent._id}`, tutor)).status).toBe(404);
    });
  });
});

describe('GET /admin/submissions/:id', () => {
  describe('happy', () => {
    it('shows a tutor the attempt with each mark, its reasons and the rubric, and that the tutor may override', async () => {
      const review = await (await get(`/admin/submissions/${QUIZ_IDS.samSubmission}`, tutor)).json<SubmissionReview>();
      expect(review).toMatchObject({ learner: { _id: SAM }, mayOverride: true, status: 'COMPLETED' });
      const open = review.questions.find((q) => q.questionId === fixtures.open._id)!;
      expect(open.rubric.map((p) => p.point)).toEqual(fixtures.open.markScheme.map((p) => p.point));
      expect(open.answer).toBe('x = 4');
      expect(open.reasons.length).toBeGreaterThan(0);
    });
  });
  describe('errors', () => {
    it('answers 404 for an attempt that does not exist', async () => {
      expect((await get('/admin/submissions/submission_nope', tutor)).status).toBe(404);
    });
  });
  describe('permissions', () => {
    it('answers 403 to learners, 404 to a tutor who no longer teaches Sam, and changes nothing', async () => {
      const before = await answerRows();
      expect((await get(`/admin/submissions/${QUIZ_IDS.samSubmission}`, maya)).status).toBe(403);
      expect((await get(`/admin/submissions/question/${fixtures.open._id}?submissionId=${QUIZ_IDS.samSubmission}`, partner, PARTNER_HOST)).status).toBe(403);
      await db.update(courseTutors).set({ status: 'DISABLE' }).where(eq(courseTutors.userId, DEMO_USERS.tutor._id));
      try {
        expect((await get(`/admin/submissions/${QUIZ_IDS.samSubmission}`, tutor)).status).toBe(404);
        expect((await get(`/admin/submissions/question/${fixtures.open._id}?submissionId=${QUIZ_IDS.samSubmission}`, tutor)).status).toBe(404);
        expect((await get(`/admin/submissions/quizHistory/${SAM}`, tutor)).status).toBe(404);
        expect(
          (
            await postJson(
              '/submissions/overrideMark',
              { submissionId: QUIZ_IDS.samSubmission, questionId: fixtures.open._id, score: 0, reason: 'Not mine' },
              { headers: bearer(tutor) },
            )
          ).status,
        ).toBe(404);
      } finally {
        await db.update(courseTutors).set({ status: 'ENABLE' }).where(eq(courseTutors.userId, DEMO_USERS.tutor._id));
      }
      expect(await answerRows()).toEqual(before);
    });
  });
});

describe('GET /admin/submissions/course-learners/:courseId', () => {
  describe('happy', () => {
    it("lists a course's enrolled students for its tutor and for admins", async () => {
      const byTutor = await (await get(`/admin/submissions/course-learners/${SEED_COURSE_IDS.physics}`, tutor)).json<LearnerRef[]>();
      expect(byTutor.map((l) => l.firstname)).toEqual([DEMO_USERS.student2.firstname, DEMO_USERS.student.firstname].sort());
      const byAdmin = await (await get(`/admin/submissions/course-learners/${SEED_COURSE_IDS.maths}`, admin)).json<LearnerRef[]>();
      expect(byAdmin.map((l) => l._id)).toEqual([SAM]);
    });
  });
  describe('errors', () => {
    it('leaves out unenrolled students and answers 404 for a missing course', async () => {
      await db.update(courseStudents).set({ status: 'UNENROLLED' }).where(eq(courseStudents.userId, DEMO_USERS.student2._id));
      try {
        const rows = await (await get(`/admin/submissions/course-learners/${SEED_COURSE_IDS.physics}`, tutor)).json<LearnerRef[]>();
        expect(rows.map((l) => l._id)).toEqual([SAM]);
      } finally {
        await db.update(courseStudents).set({ status: 'ENROLLED' }).where(eq(courseStudents.userId, DEMO_USERS.student2._id));
      }
      expect((await get('/admin/submissions/course-learners/course_nope', admin)).status).toBe(404);
    });
  });
  describe('permissions', () => {
    it('keeps students, other tenants and tutors of other courses out', async () => {
      expect((await get(`/admin/submissions/course-learners/${SEED_COURSE_IDS.maths}`, sam)).status).toBe(403);
      expect((await get(`/admin/submissions/course-learners/${SEED_COURSE_IDS.maths}`, partner, PARTNER_HOST)).status).toBe(403);
      await db.update(courseTutors).set({ status: 'DISABLE' }).where(eq(courseTutors.userId, DEMO_USERS.tutor._id));
      try {
        expect((await get(`/admin/submissions/course-learners/${SEED_COURSE_IDS.maths}`, tutor)).status).toBe(404);
      } finally {
        await db.update(courseTutors).set({ status: 'ENABLE' }).where(eq(courseTutors.userId, DEMO_USERS.tutor._id));
      }
    });
  });
});

describe('the student sees an override', () => {
  it("shows Sam the tutor's mark and reason first", async () => {
    const res = await postJson(
      '/submissions/overrideMark',
      { submissionId: QUIZ_IDS.samSubmission, questionId: fixtures.open._id, score: 1, reason: 'Right value, no working shown' },
      { headers: bearer(tutor) },
    );
    expect(res.status).toBe(200);
    const seen = await (await get(`/submissions/${QUIZ_IDS.samSubmission}`, sam)).json<SubmissionDoc>();
    const open = seen.questions.find((q) => q.questionId === fixtures.open._id)!;
    expect(open).toMatchObject({ score: 1, markSource: 'TUTOR', overrideReason: 'Right value, no working shown' });
    expect(open.reasons[0]).toBe('Marked by your tutor: Right value, no working shown');
  });
});

describe("a parent reads their own children's results", () => {
  let parent: string;
  let otherChild: string;
  let otherAttempt: string;

  beforeAll(async () => {
    parent = await signIn('parent@studyhall.test');
    const [oona, olive] = await Promise.all([
      signedInUser({ tenant: 'studyhall', role: 'PARENT', firstname: 'Oona' }),
      signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Olive' }),
    ]);
    await db.insert(userMappers).values({ tenantId: olive.tenant._id, parentId: oona.user._id, studentId: olive.user._id });
    otherChild = olive.user._id;
    otherAttempt = (
      await db
        .insert(submissions)
        .values({
          tenantId: olive.tenant._id,
          userId: otherChild,
          quizId: QUIZ_IDS.published,
          status: 'COMPLETED',
          score: 9,
          maxScore: 10,
          completedAt: new Date(),
        })
        .returning()
        .get()
    )._id;
  });

  describe('happy', () => {
    it("gives Pat Sam's attempts and the review of one, with no way to change a mark", async () => {
      const history = await get(`/admin/submissions/quizHistory/${SAM}`, parent);
      expect(history.status).toBe(200);
      const body = await history.json<{ docs: AttemptSummary[]; learner: LearnerRef }>();
      expect(body.learner._id).toBe(SAM);
      expect(body.docs.map((d) => d._id)).toContain(QUIZ_IDS.samSubmission);
      const review = await get(`/admin/submissions/${QUIZ_IDS.samSubmission}`, parent);
      expect(review.status).toBe(200);
      expect(await review.json<SubmissionReview>()).toMatchObject({ learner: { _id: SAM }, mayOverride: false });
      expect((await get(`/admin/submissions/question/${fixtures.open._id}?submissionId=${QUIZ_IDS.samSubmission}`, parent)).status).toBe(200);
    });
  });

  describe('errors', () => {
    it('answers 404 for a learner or an attempt that does not exist', async () => {
      expect((await get('/admin/submissions/quizHistory/user_nobody', parent)).status).toBe(404);
      expect((await get('/admin/submissions/submission_nope', parent)).status).toBe(404);
    });
  });

  describe('permissions', () => {
    it("answers 404 for another family's child and their attempt, and lets a parent change no mark", async () => {
      expect((await get(`/admin/submissions/quizHistory/${otherChild}`, parent)).status).toBe(404);
      expect((await get(`/admin/submissions/${otherAttempt}`, parent)).status).toBe(404);
      expect((await get(`/admin/submissions/course-learners/${SEED_COURSE_IDS.maths}`, parent)).status).toBe(404);
      const before = await answerRows();
      const override = await postJson(
        '/submissions/overrideMark',
        { submissionId: QUIZ_IDS.samSubmission, questionId: fixtures.open._id, score: 0, reason: 'A parent' },
        { headers: bearer(parent) },
      );
      expect(override.status).toBe(404);
      expect(await answerRows()).toEqual(before);
    });
  });
});
