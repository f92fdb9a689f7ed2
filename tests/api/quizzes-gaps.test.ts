import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../schema/contracts/auth';
import { DEFAULT_LIMITS, type QuizCatalogueItem, type QuizDoc, subjectLevelOf, type UsageResponse } from '../../schema/contracts/quiz';
import { DEMO_USERS } from '../../schema/seed';
import { quizzes, roles, subTopics, usageCounters } from '../../schema/tables';
import { type Callers, call, ROLE_IDS, seedCallersAndMaya } from '../helpers/admins';
import { api, expectFieldError, tokenRequest } from '../helpers/auth';
import { linearQuestions, QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { db, PARTNER_HOST } from '../helpers/seed';

const SAM = DEMO_USERS.student._id;
const RESOURCE = { _id: 'resource_test_notes', title: 'Linear equations notes', url: 'https://example.org/linear.pdf' };

let as: Callers;
let fixtures: Awaited<ReturnType<typeof linearQuestions>>;

beforeAll(async () => {
  ({ as } = await seedCallersAndMaya());
  fixtures = await seedQuizFixtures();
  await db
    .update(subTopics)
    .set({ resources: [RESOURCE] })
    .where(eq(subTopics._id, QUIZ_IDS.subTopic));
});

const openResource = (body: unknown, token: string, host?: string) => call('POST', '/quizzes/resource', token, body, host);
const slideViews = async () => (await db.select().from(usageCounters).where(eq(usageCounters.userId, SAM)).get())?.slideViews ?? 0;

describe('POST quizzes/resource', () => {
  it('hands out the resource once its opening is counted as a slide view, with the month’s usage', async () => {
    const before = await slideViews();
    const res = await openResource({ subTopicId: QUIZ_IDS.subTopic, resourceId: RESOURCE._id }, as.student);
    expect(res.status).toBe(200);
    const body = await res.json<{ resource: typeof RESOURCE; usage: UsageResponse }>();
    expect(body.resource).toEqual(RESOURCE);
    expect(await slideViews()).toBe(before + 1);
    expect(body.usage.used.slideViews).toBe(before + 1);
  });

  it('refuses in a sentence, and hands out nothing, once the month’s slide views are used up', async () => {
    await db.update(usageCounters).set({ slideViews: DEFAULT_LIMITS.STUDENT.slideViews }).where(eq(usageCounters.userId, SAM));
    const res = await openResource({ subTopicId: QUIZ_IDS.subTopic, resourceId: RESOURCE._id }, as.student);
    expect(res.status).toBe(403);
    const body = await res.json<{ message: string; resource?: unknown }>();
    expect(body.resource).toBeUndefined();
    expect(body.message).toMatch(/slide/i);
    await db.update(usageCounters).set({ slideViews: 0 }).where(eq(usageCounters.userId, SAM));
  });

  it('answers a missing field as a field error, an unknown resource or another site’s sub topic as 404', async () => {
    await expectFieldError(await openResource({ subTopicId: QUIZ_IDS.subTopic }, as.student), 'resourceId');
    expect((await openResource({ subTopicId: QUIZ_IDS.subTopic, resourceId: 'resource_nope' }, as.student)).status).toBe(404);
    expect((await openResource({ subTopicId: 'sub_topic_brightpath_percentages', resourceId: RESOURCE._id }, as.student)).status).toBe(404);
  });

  it('is for learners: a tutor, an admin and a guest without a trial are refused', async () => {
    const guest = (await (await tokenRequest({ grant_type: 'client_credentials' })).json<TokenResponse>()).access_token;
    const body = { subTopicId: QUIZ_IDS.subTopic, resourceId: RESOURCE._id };
    expect((await openResource(body, as.tutor)).status).toBe(403);
    expect((await openResource(body, as.admin)).status).toBe(403);
    expect((await openResource(body, guest)).status).toBe(403);
  });
});

describe('GET curriculums/quiztopiya', () => {
  it('lists only what has published quizzes, grouped by curriculum, subject and grade, with counts; public and per site', async () => {
    const res = await api('/curriculums/quiztopiya');
    expect(res.status).toBe(200);
    const list = await res.json<QuizCatalogueItem[]>();
    const igcse = list.find((c) => c.curriculum === 'Cambridge IGCSE');
    expect(igcse).toMatchObject({ subjectLevel: 'IGCSE' });
    const maths = igcse!.subjects.find((s) => s.subject === 'Mathematics');
    expect(maths).toMatchObject({ subjectCode: '0580' });
    const published = await db.select().from(quizzes).where(eq(quizzes.isPublished, true));
    const expected = published.filter(
      (q) => q.tenantId === 'tenant_studyhall' && q.curriculum === 'Cambridge IGCSE' && q.subject === 'Mathematics' && q.grade === 'Grade 10',
    );
    expect(maths!.grade.find((g) => g.grade === 'Grade 10')?.quizCount).toBe(expected.length);
    expect(list.every((c) => c.subjects.every((s) => s.grade.every((g) => g.quizCount > 0)))).toBe(true);
    const partner = await (await api('/curriculums/quiztopiya', {}, PARTNER_HOST)).json<QuizCatalogueItem[]>();
    const partnerCount = partner.flatMap((c) => c.subjects.flatMap((s) => s.grade)).reduce((n, g) => n + g.quizCount, 0);
    const partnerPublished = published.filter((q) => q.tenantId !== 'tenant_studyhall').length;
    expect(partnerCount).toBe(partnerPublished);
  });
});

describe('subjectLevel', () => {
  it('is named from the curriculum for every curriculum of the catalogue', () => {
    expect(subjectLevelOf('Cambridge IGCSE')).toBe('IGCSE');
    expect(subjectLevelOf('Edexcel GCSE')).toBe('GCSE');
    expect(subjectLevelOf('AQA GCSE')).toBe('GCSE');
    expect(subjectLevelOf('Edexcel International A Level')).toBe('A Level');
    expect(subjectLevelOf('Cambridge Lower Secondary')).toBe('Lower Secondary');
    expect(subjectLevelOf('Something else')).toBeNull();
  });

  it('is set on a new quiz from its curriculum (or the admin’s choice), so filtering by it finds the quiz', async () => {
    const created = async (extra: Record<string, unknown>) => {
      const res = await call('POST', '/admin/quizzes', as.admin, { title: 'Levels', topicId: QUIZ_IDS.topic, questionIds: [fixtures.mcq[0]!._id], ...extra });
      expect(res.status).toBe(201);
      const { quiz } = await res.json<{ quiz: QuizDoc }>();
      await call('PUT', `/admin/quizzes/publish/${quiz._id}`, as.admin, { isPublished: true });
      return quiz;
    };
    expect((await created({})).subjectLevel).toBe('IGCSE');
    const extended = await created({ subjectLevel: 'Extended' });
    expect(extended.subjectLevel).toBe('Extended');
    const { docs } = await (await call('GET', '/quizzes?subjectLevel=Extended', as.student)).json<{ docs: QuizDoc[] }>();
    expect(docs.map((q) => q._id)).toEqual([extended._id]);
    const seeded = await (await call('GET', '/quizzes?subjectLevel=IGCSE&limit=100', as.student)).json<{ docs: QuizDoc[]; totalDocs: number }>();
    expect(seeded.docs.map((q) => q._id)).toContain(QUIZ_IDS.published);
  });
});

describe('permission groups quiz and resources', () => {
  const setRole = (permissions: Record<string, string[]>) => db.update(roles).set({ permissions }).where(eq(roles._id, ROLE_IDS.enterer));

  it('reads a learner’s attempted quizzes only with quiz: view beside submissions: view', async () => {
    await setRole({ submissions: ['view'] });
    expect((await call('GET', `/admin/quizzes/user/${SAM}`, as.enterer)).status).toBe(403);
    await setRole({ submissions: ['view'], quiz: ['view'] });
    expect((await call('GET', `/admin/quizzes/user/${SAM}`, as.enterer)).status).toBe(200);
  });

  it('reads a learner’s usage with resources: usage (or usage: view), and nothing else', async () => {
    await setRole({ resources: ['progress'] });
    expect((await call('GET', `/usages/${SAM}`, as.enterer)).status).toBe(404);
    await setRole({ resources: ['usage'] });
    expect((await call('GET', `/usages/${SAM}`, as.enterer)).status).toBe(200);
  });

  it('reads a learner’s progress with resources: progress (or my performance)', async () => {
    await setRole({ resources: ['usage'] });
    expect((await call('GET', `/progress/${SAM}`, as.enterer)).status).toBe(403);
    await setRole({ resources: ['progress'] });
    expect((await call('GET', `/progress/${SAM}`, as.enterer)).status).toBe(200);
  });
});
