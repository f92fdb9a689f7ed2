import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../schema/contracts/auth';
import type { StudentHomeData } from '../../schema/contracts/home';
import type { Section } from '../../schema/contracts/sections';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { submissions } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { api, bearer, postJson, signIn, tokenRequest } from '../helpers/auth';
import { QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { COURSE_IDS, seedCourses } from '../helpers/section-fixtures';
import { db, seedDemo } from '../helpers/seed';

let as: Callers;
let sam: string;
let maya: string;
let samHomework: Section;
let mayaHomework: Section;

const home = (token: string) => api('/home', { headers: bearer(token) });
const homeOf = async (token: string) => {
  const res = await home(token);
  expect(res.status).toBe(200);
  return res.json<StudentHomeData>();
};

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  await seedCourses();
  await seedQuizFixtures();
  as = await callers();
  [sam, maya] = await Promise.all([signIn('student@studyhall.test'), signIn('student2@studyhall.test')]);
  samHomework = await (
    await call('POST', '/resources-and-homeworks', as.tutor, { course: COURSE_IDS.sam, kind: 'HOMEWORK', title: 'Worksheet 3', dueAt: '2030-02-01T17:00:00Z' })
  ).json<Section>();
  mayaHomework = await (
    await call('POST', '/resources-and-homeworks', as.admin, { course: COURSE_IDS.maya, kind: 'HOMEWORK', title: 'Forces', dueAt: '2030-01-01T17:00:00Z' })
  ).json<Section>();
  expect((await postJson('/submissions/createByQuizId', { quizId: QUIZ_IDS.published }, { headers: bearer(maya) })).status).toBe(201);
});

describe('happy', () => {
  it("lists the student's homework due, soonest first, and the quizzes they started and have not finished", async () => {
    const before = await homeOf(sam);
    expect(before.homeworkDue.map((h) => h._id)).toContain(samHomework._id);
    expect(before.homeworkDue.find((h) => h._id === samHomework._id)).toEqual({
      _id: samHomework._id,
      title: 'Worksheet 3',
      dueAt: '2030-02-01T17:00:00.000Z',
      course: { _id: COURSE_IDS.sam, title: expect.any(String) },
    });
    const dues = before.homeworkDue.map((h) => Date.parse(h.dueAt));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    expect(before.quizzesInProgress.map((q) => q.quizId)).not.toContain(QUIZ_IDS.published);

    const started = await postJson('/submissions/createByQuizId', { quizId: QUIZ_IDS.published }, { headers: bearer(sam) });
    expect(started.status).toBe(201);
    const after = await homeOf(sam);
    expect(after.quizzesInProgress).toHaveLength(before.quizzesInProgress.length + 1);
    // The attempt touched last comes first.
    expect(after.quizzesInProgress[0]).toEqual({
      _id: expect.any(String),
      quizId: QUIZ_IDS.published,
      title: expect.any(String),
      subject: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('leaves out homework already due', async () => {
    const list = await homeOf(sam);
    expect(list.homeworkDue.every((h) => Date.parse(h.dueAt) >= Date.now() - 60_000)).toBe(true);
  });
});

describe('errors', () => {
  it('answers 401 without a session', async () => {
    expect((await api('/home')).status).toBe(401);
  });
});

describe('permissions', () => {
  it("never shows another student's homework or attempts", async () => {
    const samHome = await homeOf(sam);
    expect(samHome.homeworkDue.map((h) => h._id)).not.toContain(mayaHomework._id);
    const mayaHome = await homeOf(maya);
    expect(mayaHome.homeworkDue.map((h) => h._id)).toEqual([mayaHomework._id]);
    expect(mayaHome.quizzesInProgress).toHaveLength(1);
    expect(samHome.quizzesInProgress.every((q) => !mayaHome.quizzesInProgress.some((m) => m._id === q._id))).toBe(true);
  });

  it("never shows the user's rows of another tenant", async () => {
    await db
      .insert(submissions)
      .values({ _id: 'submission_sam_partner', tenantId: TENANT_IDS.brightpath, userId: DEMO_USERS.student._id, quizId: QUIZ_IDS.partnerQuiz });
    expect((await homeOf(sam)).quizzesInProgress.map((q) => q._id)).not.toContain('submission_sam_partner');
  });

  it('refuses a guest session', async () => {
    const guest = (await (await tokenRequest({ grant_type: 'client_credentials' })).json<TokenResponse>()).access_token;
    expect((await home(guest)).status).toBe(403);
  });
});
