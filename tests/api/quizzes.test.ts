import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../schema/contracts/auth';
import type { ListResponse } from '../../schema/contracts/common';
import type { QuizDoc } from '../../schema/contracts/quiz';
import { issueReports, quizzes } from '../../schema/tables';
import { api, bearer, expectFieldError, postJson, signIn, tokenRequest } from '../helpers/auth';
import { QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let sam: string;
let maya: string;
let admin: string;
let partner: string;
let mcqIds: string[];

beforeAll(async () => {
  await seedDemo();
  const { mcq } = await seedQuizFixtures();
  mcqIds = mcq.map((q) => q._id);
  [sam, maya, admin, partner] = await Promise.all([
    signIn('student@studyhall.test'),
    signIn('student2@studyhall.test'),
    signIn('admin@studyhall.test'),
    signIn('learner@partner.test', PARTNER_HOST),
  ]);
});

const get = (path: string, token: string, host = 'localhost') => api(path, { headers: bearer(token) }, host);
const post = (path: string, body: unknown, token: string, host = 'localhost') => postJson(path, body, { headers: bearer(token) }, host);
const put = (path: string, body: unknown, token: string) =>
  api(path, { method: 'PUT', headers: bearer(token, { 'content-type': 'application/json' }), body: JSON.stringify(body) });

describe('learner quizzes', () => {
  describe('happy', () => {
    it('lists published quizzes 30 to a page from offset 0, with the spec filters', async () => {
      const res = await get('/quizzes', sam);
      expect(res.status).toBe(200);
      const body = await res.json<ListResponse<QuizDoc>>();
      expect(body).toMatchObject({ limit: 30, offset: 0 });
      expect(body.docs).toHaveLength(30);
      expect(body.totalDocs).toBeGreaterThan(30);
      expect(body.docs.every((q) => q.isPublished)).toBe(true);
      const filtered = await (
        await get(`/quizzes?subject=Mathematics&curriculum=Cambridge%20IGCSE&grade=Grade%2010&topicId=${QUIZ_IDS.topic}&paper=Paper%202`, sam)
      ).json<ListResponse<QuizDoc>>();
      expect(filtered.docs.map((q) => q._id)).toEqual([QUIZ_IDS.mixed]);
      expect(filtered.docs[0]).toMatchObject({ topic: { name: 'Algebra' }, subTopic: { name: 'Linear equations' } });
      const page2 = await (await get('/quizzes?limit=5&offset=5', sam)).json<ListResponse<QuizDoc>>();
      expect(page2.docs.map((q) => q._id)).toEqual(body.docs.slice(5, 10).map((q) => q._id));
    });

    it('gets a quiz, the quizzes of a sub topic and whether it has papers', async () => {
      expect((await (await get(`/quizzes/${QUIZ_IDS.published}`, sam)).json<QuizDoc>()).title).toContain('Linear equations');
      const bySub = await (await post('/quizzes/getBySubTopicId', { subTopicId: QUIZ_IDS.subTopic }, sam)).json<QuizDoc[]>();
      expect(bySub.map((q) => q._id)).toEqual(expect.arrayContaining([QUIZ_IDS.published, QUIZ_IDS.mixed, QUIZ_IDS.timed]));
      expect(bySub.map((q) => q._id)).not.toContain(QUIZ_IDS.unpublished);
      const paper2 = await (await post('/quizzes/getBySubTopicId', { subTopicId: QUIZ_IDS.subTopic, paper: 'Paper 2' }, sam)).json<QuizDoc[]>();
      expect(paper2.map((q) => q._id)).toEqual([QUIZ_IDS.mixed]);
      expect(await (await get(`/quizzes/checkPapersBySubTopicId/${QUIZ_IDS.subTopic}`, sam)).json()).toEqual({ hasPapers: true, papers: ['Paper 2'] });
      expect(await (await get('/quizzes/checkPapersBySubTopicId/sub_topic_studyhall_percentages', sam)).json()).toEqual({ hasPapers: false, papers: [] });
    });

    it('lists quiz history with submission counts, filtered by subject and topic', async () => {
      const attempt = await (await post('/submissions/createByQuizId', { quizId: QUIZ_IDS.published }, maya)).json<{ _id: string }>();
      const res = await get(`/quizzes/history?includeSubmissionCount=true&subject=Mathematics&topicId=${QUIZ_IDS.topic}`, maya);
      expect(res.status).toBe(200);
      const body = await res.json<ListResponse<QuizDoc>>();
      expect(body.totalDocs).toBe(1);
      // The entry names the latest attempt, so history opens it rather than starting (and counting) a new one.
      expect(body.docs[0]).toMatchObject({ _id: QUIZ_IDS.published, submissionCount: 1, lastSubmissionId: attempt._id });
      const none = await (await get('/quizzes/history?subject=Physics', maya)).json<ListResponse<QuizDoc>>();
      expect(none.totalDocs).toBe(0);
      const noCount = await (await get('/quizzes/history', maya)).json<ListResponse<QuizDoc>>();
      expect(noCount.docs[0]).not.toHaveProperty('submissionCount');
    });

    it('reports an issue with a question', async () => {
      const res = await post('/quizzes/report-issue', { quizId: QUIZ_IDS.mixed, questionId: mcqIds[0], message: 'Option B looks wrong' }, sam);
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ message: 'Issue reported successfully!' });
      const rows = await db.select().from(issueReports).where(eq(issueReports.quizId, QUIZ_IDS.mixed));
      expect(rows).toMatchObject([{ userId: 'user_student', questionId: mcqIds[0], message: 'Option B looks wrong' }]);
    });
  });

  describe('errors', () => {
    it('refuses a topic filter in history without a subject, naming topicId', async () => {
      await expectFieldError(await get(`/quizzes/history?topicId=${QUIZ_IDS.topic}`, sam), 'topicId');
    });
    it('names bad paging and missing ids', async () => {
      await expectFieldError(await get('/quizzes?limit=0', sam), 'limit');
      await expectFieldError(await get('/quizzes?offset=-1', sam), 'offset');
      await expectFieldError(await post('/quizzes/getBySubTopicId', {}, sam), 'subTopicId');
    });
    it('names the field of a bad issue report and writes nothing', async () => {
      await expectFieldError(await post('/quizzes/report-issue', { quizId: QUIZ_IDS.mixed, message: '' }, sam), 'message');
      await expectFieldError(await post('/quizzes/report-issue', { quizId: QUIZ_IDS.published, questionId: 'nope', message: 'Broken' }, sam), 'questionId');
      expect(await db.select().from(issueReports).where(eq(issueReports.quizId, QUIZ_IDS.published))).toHaveLength(0);
    });
  });

  describe('permissions', () => {
    it('needs sign-in', async () => {
      expect((await api('/quizzes')).status).toBe(401);
    });
    it('hides unpublished quizzes from learners', async () => {
      expect((await get(`/quizzes/${QUIZ_IDS.unpublished}`, sam)).status).toBe(404);
      const all = await (await get('/quizzes?limit=100', sam)).json<ListResponse<QuizDoc>>();
      expect(all.docs.map((q) => q._id)).not.toContain(QUIZ_IDS.unpublished);
      expect((await post('/quizzes/report-issue', { quizId: QUIZ_IDS.unpublished, message: 'Hidden' }, sam)).status).toBe(404);
    });
    it('keeps each tenant to its own quizzes', async () => {
      expect((await get(`/quizzes/${QUIZ_IDS.partnerQuiz}`, sam)).status).toBe(404);
      expect((await get(`/quizzes/${QUIZ_IDS.published}`, partner, PARTNER_HOST)).status).toBe(404);
      const partnerList = await (await get('/quizzes?limit=100', partner, PARTNER_HOST)).json<ListResponse<QuizDoc>>();
      expect(partnerList.docs.length).toBeGreaterThan(0);
      expect(partnerList.docs.every((q) => q._id.startsWith('quiz_brightpath_'))).toBe(true);
    });
    it("refuses another learner's history", async () => {
      expect((await get('/quizzes/history?userId=user_student2', sam)).status).toBe(403);
    });
  });
});

describe('admin quizzes', () => {
  describe('happy', () => {
    it('creates a quiz from sub-topic questions, denormalising the names ("Quiz Created"), then publishes it ("Quiz updated")', async () => {
      const res = await post(
        '/admin/quizzes',
        { title: 'Warm-up', topicId: QUIZ_IDS.topic, subTopicId: QUIZ_IDS.subTopic, questionIds: mcqIds.slice(0, 3), timeLimitSeconds: 300 },
        admin,
      );
      expect(res.status).toBe(201);
      const { message, quiz } = await res.json<{ message: string; quiz: QuizDoc }>();
      expect(message).toBe('Quiz Created');
      expect(quiz).toMatchObject({
        curriculum: 'Cambridge IGCSE',
        subject: 'Mathematics',
        grade: 'Grade 10',
        subjectCode: '0580',
        isPublished: false,
        timeLimitSeconds: 300,
      });
      expect((await get(`/quizzes/${quiz._id}`, sam)).status).toBe(404);
      const published = await put(`/admin/quizzes/publish/${quiz._id}`, { isPublished: true, title: 'Warm-up set' }, admin);
      expect(published.status).toBe(200);
      expect(await published.json()).toMatchObject({ message: 'Quiz updated', quiz: { isPublished: true, title: 'Warm-up set' } });
      expect((await get(`/quizzes/${quiz._id}`, sam)).status).toBe(200);
      expect((await get(`/admin/quizzes/${quiz._id}`, admin)).status).toBe(200);
    });

    it('lists by topic and sub topic, drafts included, and what a learner has attempted', async () => {
      const body = await (await get(`/admin/quizzes?topicId=${QUIZ_IDS.topic}&subTopicId=${QUIZ_IDS.subTopic}&limit=50`, admin)).json<ListResponse<QuizDoc>>();
      expect(body.docs.map((q) => q._id)).toEqual(expect.arrayContaining([QUIZ_IDS.unpublished, QUIZ_IDS.mixed, QUIZ_IDS.published]));
      const attempted = await (await get('/admin/quizzes/user/user_student?limit=10', admin)).json<ListResponse<QuizDoc>>();
      expect(attempted.docs.map((q) => q._id)).toContain(QUIZ_IDS.mixed);
    });
  });

  describe('errors', () => {
    it('names bad input and writes nothing', async () => {
      const before = (await db.select().from(quizzes)).length;
      await expectFieldError(await post('/admin/quizzes', { title: 'X', topicId: QUIZ_IDS.topic, questionIds: [] }, admin), 'questionIds');
      await expectFieldError(await post('/admin/quizzes', { title: 'X', topicId: 'nope', questionIds: mcqIds.slice(0, 1) }, admin), 'topicId');
      await expectFieldError(
        await post(
          '/admin/quizzes',
          { title: 'X', topicId: QUIZ_IDS.topic, subTopicId: 'sub_topic_studyhall_percentages', questionIds: mcqIds.slice(0, 1) },
          admin,
        ),
        'subTopicId',
      );
      await expectFieldError(
        await post(
          '/admin/quizzes',
          { title: 'X', topicId: QUIZ_IDS.topic, subTopicId: QUIZ_IDS.subTopic, questionIds: ['question_brightpath_percentages_1'] },
          admin,
        ),
        'questionIds',
      );
      await expectFieldError(await get('/admin/quizzes', admin), 'topicId');
      await expectFieldError(await put(`/admin/quizzes/publish/${QUIZ_IDS.unpublished}`, {}, admin), 'isPublished');
      expect((await db.select().from(quizzes)).length).toBe(before);
    });
  });

  describe('permissions', () => {
    it('refuses learners every admin call, and changes nothing', async () => {
      expect((await get(`/admin/quizzes?topicId=${QUIZ_IDS.topic}`, sam)).status).toBe(403);
      expect((await get(`/admin/quizzes/${QUIZ_IDS.unpublished}`, sam)).status).toBe(403);
      expect((await post('/admin/quizzes', { title: 'X', topicId: QUIZ_IDS.topic, questionIds: mcqIds.slice(0, 1) }, sam)).status).toBe(403);
      expect((await put(`/admin/quizzes/publish/${QUIZ_IDS.unpublished}`, { isPublished: true }, sam)).status).toBe(403);
      const row = await db.select().from(quizzes).where(eq(quizzes._id, QUIZ_IDS.unpublished)).get();
      expect(row?.isPublished).toBe(false);
    });
    it('answers a guest and a learner 401 or 403 with no field errors, whatever the body', async () => {
      const guest = (await (await tokenRequest({ grant_type: 'client_credentials' })).json<TokenResponse>()).access_token;
      for (const token of [guest, sam]) {
        for (const res of [await get('/admin/quizzes', token), await post('/admin/quizzes', {}, token), await put('/admin/quizzes/publish/x', {}, token)]) {
          expect(res.status).toBe(403);
          expect((await res.json<{ errors: unknown[] }>()).errors).toEqual([]);
        }
      }
      expect((await postJson('/admin/quizzes', {})).status).toBe(401);
      expect((await get('/quizzes/history?topicId=x', admin)).status).toBe(403);
    });
    it("does not reach another tenant's quiz", async () => {
      expect((await get(`/admin/quizzes/${QUIZ_IDS.partnerQuiz}`, admin)).status).toBe(404);
      expect((await put(`/admin/quizzes/publish/${QUIZ_IDS.partnerQuiz}`, { isPublished: false }, admin)).status).toBe(404);
    });
  });
});
