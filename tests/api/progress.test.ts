import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurriculumProgress, ProgressDoc, ProgressLearner, SubjectProgressDoc } from '../../schema/contracts/progress';
import { TENANT_IDS } from '../../schema/seed';
import { subjectIdFor } from '../../schema/seed-content/ids';
import { lessonHistory, progress, submissions, tenants, users } from '../../schema/tables';
import { forgetTenants } from '../../worker/lib/tenant-cache';
import { call, callers, seedExtraAdmins } from '../helpers/admins';
import { api, bearer, expectFieldError, signIn } from '../helpers/auth';
import { closeLessons, pastLesson, SAM } from '../helpers/ledger';
import { linearQuestions, QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const MATHS = subjectIdFor('studyhall', 'cambridge-igcse', 'maths');
const PHYSICS_SUB_TOPIC = 'sub_topic_studyhall_speed_acceleration';
const ZED = 'user_progress_zed';

let as: Awaited<ReturnType<typeof callers>>;
let maya: string;
let zed: string;
let partnerLearner: string;
let fixtures: Awaited<ReturnType<typeof linearQuestions>>;

/** Sam finishes one attempt through the quiz calls: the open answer right, the two multiple-choice ones wrong. */
async function samFinishesAnAttempt(submissionId: string) {
  const answered = await call('POST', '/submissions/openEndedAnswer/add', as.student, {
    submissionId,
    questionId: fixtures.open._id,
    answer: 'x = 4',
    answeredAt: Date.now(),
  });
  expect(answered.status, await answered.clone().text()).toBe(200);
  const finished = await call('POST', '/submissions/finish', as.student, { submissionId });
  expect(finished.status, await finished.clone().text()).toBe(200);
}

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  fixtures = await seedQuizFixtures();
  const passwordHash = (await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users._id, 'user_admin')).get())!.passwordHash;
  await db
    .insert(users)
    .values({
      _id: ZED,
      tenantId: TENANT_IDS.studyhall,
      role: 'STUDENT',
      firstname: 'Zed',
      lastname: 'Outsider',
      email: 'zed@studyhall.test',
      passwordHash,
      onboarded: true,
    })
    .onConflictDoNothing();
  as = await callers();
  [maya, zed, partnerLearner] = await Promise.all([
    signIn('student2@studyhall.test'),
    signIn('zed@studyhall.test'),
    signIn('learner@partner.test', PARTNER_HOST),
  ]);
  await samFinishesAnAttempt(QUIZ_IDS.samSubmission);
  // A lesson Sam attended two hours ago, closed into history by the real close job.
  await pastLesson({ ago: 120, students: [SAM] });
  await closeLessons();
});

const get = <T>(path: string, token: string, host = 'localhost') =>
  call('GET', path, token, undefined, host).then(async (res) => (res.status === 200 ? { res, body: await res.json<T>() } : { res, body: undefined }));

describe('GET /progress/:id', () => {
  describe('happy', () => {
    it('gives Sam his own progress, computed from his finished attempt and his closed lesson', async () => {
      const { res, body } = await get<ProgressDoc>(`/progress/${SAM}`, as.student);
      expect(res.status).toBe(200);
      expect(body!.userId).toBe(SAM);
      const maths = body!.subjects.find((s) => s.subjectId === MATHS)!;
      expect(maths).toMatchObject({ subject: 'Mathematics', subjectCode: '0580', curriculum: 'Cambridge IGCSE', attempts: 1, practisedSubTopics: 1 });
      expect(maths.totalSubTopics).toBeGreaterThan(1);
      // The attempt: the open answer's marks of the three questions' marks; the share of the sub topics weighs it.
      const [attempt] = await db.select().from(submissions).where(eq(submissions._id, QUIZ_IDS.samSubmission));
      expect(maths.scorePercent).toBe(Math.round((attempt!.score! / attempt!.maxScore!) * 100));
      expect(maths.percent).toBe(Math.round(maths.scorePercent! / maths.totalSubTopics));
      // The seed's own past lessons of Sam's close with it: every closed maths lesson counts, the joined ones as attended.
      const history = await db
        .select()
        .from(lessonHistory)
        .where(and(eq(lessonHistory.studentId, SAM), eq(lessonHistory.subject, 'Mathematics'), eq(lessonHistory.curriculum, 'Cambridge IGCSE')));
      expect(maths.lessons).toBe(history.length);
      expect(maths.lessonsAttended).toBe(history.filter((h) => h.studentJoinTime).length);
      expect(maths.lessonsAttended).toBeGreaterThan(0);
      expect(maths.lessonMinutes).toBeGreaterThan(0);
      expect(maths.weeks).toHaveLength(8);
      expect(maths.weeks.at(-1)!.attempts).toBe(1);
      expect(body!.curricula).toEqual([expect.objectContaining({ curriculumId: { _id: maths.curriculumId, name: 'Cambridge IGCSE' }, userId: SAM })]);
    });

    it('answers one curriculum with its name, the learner and its subjects when asked for it', async () => {
      const { body: whole } = await get<ProgressDoc>(`/progress/${SAM}`, as.student);
      const curriculumId = whole!.curricula[0]!._id;
      const { res, body } = await get<CurriculumProgress>(`/progress/${SAM}?curriculumId=${curriculumId}`, as.student);
      expect(res.status).toBe(200);
      expect(body).toMatchObject({ curriculumId: { _id: curriculumId, name: 'Cambridge IGCSE' }, userId: SAM });
      expect(body!.subjects.map((s) => s.subject)).toContain('Mathematics');
      expect(body!.subjects.every((s) => s.curriculumId === curriculumId)).toBe(true);
    });

    it('moves when another attempt is finished: progress is never stored, always computed', async () => {
      const started = await call('POST', '/submissions/createByQuizId', as.student, { quizId: QUIZ_IDS.published });
      expect(started.status).toBeLessThan(300);
      const { _id } = await started.json<{ _id: string }>();
      expect((await call('POST', '/submissions/finish', as.student, { submissionId: _id })).status).toBe(200);
      const { body } = await get<ProgressDoc>(`/progress/${SAM}`, as.student);
      expect(body!.subjects.find((s) => s.subjectId === MATHS)!.attempts).toBe(2);
    });

    it("lets Sam's parent, his tutor and an admin with my performance read it", async () => {
      for (const token of [as.parent, as.tutor, as.admin]) expect((await get(`/progress/${SAM}`, token)).res.status).toBe(200);
    });
  });

  describe('errors', () => {
    it('answers 404 for an id that is nobody, or not a student', async () => {
      expect((await get('/progress/user_nobody', as.admin)).res.status).toBe(404);
      expect((await get('/progress/user_tutor', as.admin)).res.status).toBe(404);
    });

    it('refuses a curriculum id that is not an id', async () => {
      const res = await call('GET', `/progress/${SAM}?curriculumId=${'x'.repeat(80)}`, as.student);
      await expectFieldError(res, 'curriculumId');
    });
  });

  describe('permissions', () => {
    it("answers 404 for another student's progress, a parent's non-child and a tutor's non-student", async () => {
      expect((await get(`/progress/${SAM}`, maya)).res.status).toBe(404);
      expect((await get(`/progress/${ZED}`, as.parent)).res.status).toBe(404);
      expect((await get(`/progress/${ZED}`, as.tutor)).res.status).toBe(404);
      expect((await get(`/progress/${SAM}`, partnerLearner, PARTNER_HOST)).res.status).toBe(404);
    });

    it('refuses an admin whose role lacks my performance, and everyone when the site does not grant it', async () => {
      expect((await get(`/progress/${SAM}`, as.approver)).res.status).toBe(403);
      const [tenant] = await db.select().from(tenants).where(eq(tenants._id, TENANT_IDS.studyhall));
      const { myPerformance: _off, ...without } = tenant!.permissions;
      await db.update(tenants).set({ permissions: without }).where(eq(tenants._id, TENANT_IDS.studyhall));
      forgetTenants();
      try {
        expect((await get(`/progress/${SAM}`, as.student)).res.status).toBe(403);
        expect((await get(`/progress/${SAM}`, as.admin)).res.status).toBe(403);
      } finally {
        await db.update(tenants).set({ permissions: tenant!.permissions }).where(eq(tenants._id, TENANT_IDS.studyhall));
        forgetTenants();
      }
    });
  });
});

describe('POST /progress', () => {
  const linear = { subjectCode: '0580', lastSubTopicId: QUIZ_IDS.subTopic };

  describe('happy', () => {
    it('saves the subjects Sam follows and where he was, and answers his progress with them', async () => {
      const res = await call('POST', '/progress', as.student, { subjects: [linear, { subjectCode: '0625' }] });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = await res.json<ProgressDoc>();
      expect(body.subjects.find((s) => s.subjectCode === '0580')).toMatchObject({ followed: true, lastSubTopicId: QUIZ_IDS.subTopic });
      // Physics has no work in it yet: it shows because he follows it, at nothing.
      expect(body.subjects.find((s) => s.subjectCode === '0625')).toMatchObject({ followed: true, attempts: 0, percent: 0 });
      const [row] = await db.select().from(progress).where(eq(progress.userId, SAM));
      expect(row!.subjects).toEqual([linear, { subjectCode: '0625', lastSubTopicId: null }]);
    });

    it("lets a parent acting for Sam save Sam's", async () => {
      expect((await call('POST', '/progress', as.parent, { subjects: [linear] })).status).toBe(403);
      const acting = await api('/progress', {
        method: 'POST',
        headers: { ...bearer(as.parent, { 'x-user-id': SAM }), 'content-type': 'application/json' },
        body: JSON.stringify({ subjects: [linear] }),
      });
      expect(acting.status).toBe(200);
    });
  });

  describe('errors', () => {
    it('refuses a score or any field it does not know, a code no subject has and a sub topic of another subject, writing nothing', async () => {
      const before = await db.select().from(progress).where(eq(progress.userId, SAM));
      await expectFieldError(await call('POST', '/progress', as.student, { subjects: [{ ...linear, percent: 100 }] }), 'subjects.0');
      await expectFieldError(await call('POST', '/progress', as.student, { subjects: [linear], score: 99 }), 'body');
      await expectFieldError(await call('POST', '/progress', as.student, { subjects: [{ subjectCode: '9999' }] }), 'subjects.0.subjectCode');
      await expectFieldError(
        await call('POST', '/progress', as.student, { subjects: [{ subjectCode: '0580', lastSubTopicId: PHYSICS_SUB_TOPIC }] }),
        'subjects.0.lastSubTopicId',
      );
      await expectFieldError(await call('POST', '/progress', as.student, { subjects: [linear, linear] }), 'subjects.1.subjectCode');
      await expectFieldError(await call('POST', '/progress', as.student, {}), 'subjects');
      expect(await db.select().from(progress).where(eq(progress.userId, SAM))).toEqual(before);
    });
  });

  describe('permissions', () => {
    it('is for students: a tutor or an admin is refused before the body is read', async () => {
      expect((await call('POST', '/progress', as.tutor, { bad: true })).status).toBe(403);
      expect((await call('POST', '/progress', as.admin, { bad: true })).status).toBe(403);
    });
  });
});

describe('POST /progress/getSubjectProgress', () => {
  describe('happy', () => {
    it('gives every topic and sub topic of the subject, practised or not, and what to do next', async () => {
      const res = await call('POST', '/progress/getSubjectProgress', as.student, { subjectId: MATHS });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = await res.json<SubjectProgressDoc>();
      expect(body).toMatchObject({ userId: SAM, subjectId: MATHS, subject: 'Mathematics' });
      const linear = body.topics.flatMap((t) => t.subTopics).find((s) => s.subTopicId === QUIZ_IDS.subTopic)!;
      expect(linear.attempts).toBe(2);
      expect(linear.band).not.toBeNull();
      expect(body.topics.flatMap((t) => t.subTopics).filter((s) => s.attempts === 0).length).toBeGreaterThan(0);
      expect(body.next.length).toBeGreaterThan(0);
      expect(body.next[0]).toMatchObject({ kind: 'CONTINUE', subTopicId: QUIZ_IDS.subTopic });
    });

    it("lets Sam's parent and tutor ask for Sam's by his id", async () => {
      for (const token of [as.parent, as.tutor, as.admin]) {
        expect((await call('POST', '/progress/getSubjectProgress', token, { userId: SAM, subjectId: MATHS })).status).toBe(200);
      }
    });
  });

  describe('errors', () => {
    it('names a missing subject, and answers 404 for a subject that is not there', async () => {
      await expectFieldError(await call('POST', '/progress/getSubjectProgress', as.student, {}), 'subjectId');
      expect((await call('POST', '/progress/getSubjectProgress', as.student, { subjectId: 'subject_nowhere' })).status).toBe(404);
    });
  });

  describe('permissions', () => {
    it("answers 404 for another student's subject progress, a parent's non-child and a tutor's non-student", async () => {
      expect((await call('POST', '/progress/getSubjectProgress', maya, { userId: SAM, subjectId: MATHS })).status).toBe(404);
      expect((await call('POST', '/progress/getSubjectProgress', as.parent, { userId: ZED, subjectId: MATHS })).status).toBe(404);
      expect((await call('POST', '/progress/getSubjectProgress', as.tutor, { userId: ZED, subjectId: MATHS })).status).toBe(404);
      expect((await call('POST', '/progress/getSubjectProgress', zed, { userId: SAM, subjectId: MATHS })).status).toBe(404);
    });

    it('refuses an admin without my performance before reading the body', async () => {
      expect((await call('POST', '/progress/getSubjectProgress', as.approver, {})).status).toBe(403);
    });
  });
});

describe('GET /progress/learners', () => {
  describe('happy', () => {
    it('gives a parent their children, a tutor their students and a student themselves, each with totals', async () => {
      const { body: children } = await get<ProgressLearner[]>('/progress/learners', as.parent);
      expect(children!.map((c) => c.learner.firstname)).toEqual(['Maya', 'Sam']);
      const attended = await db
        .select()
        .from(lessonHistory)
        .where(and(eq(lessonHistory.studentId, SAM), isNotNull(lessonHistory.studentJoinTime)));
      expect(children!.find((c) => c.learner._id === SAM)).toMatchObject({ attempts: 2, lessonsAttended: attended.length });
      const { body: students } = await get<ProgressLearner[]>('/progress/learners', as.tutor);
      expect(students!.map((s) => s.learner._id)).toContain(SAM);
      expect(students!.map((s) => s.learner._id)).not.toContain(ZED);
      const { body: self } = await get<ProgressLearner[]>('/progress/learners', as.student);
      expect(self!.map((s) => s.learner._id)).toEqual([SAM]);
    });
  });

  describe('errors', () => {
    it('answers zeros, not an error, for a student with no work yet', async () => {
      const { body } = await get<ProgressLearner[]>('/progress/learners', zed);
      expect(body).toEqual([expect.objectContaining({ attempts: 0, lessonsAttended: 0, scorePercent: null })]);
    });
  });

  describe('permissions', () => {
    it('is not for admins or guests', async () => {
      expect((await get('/progress/learners', as.admin)).res.status).toBe(403);
    });
  });
});
