import { and, count, countDistinct, desc, eq, inArray, isNull, max, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminQuizQuery,
  bySubTopicInput,
  learnerQuizQuery,
  pageQuery,
  quizCreateInput,
  quizHistoryQuery,
  quizPublishInput,
  quizToasts,
  reportIssueInput,
} from '../../schema/contracts/quiz';
import { curricula, grades, issueReports, questions, quizzes, subjects, submissions, subTopics, topics } from '../../schema/tables';
import type { AppBindings } from '../env';
import { paged } from '../lib/pagination';
import { learnerOf } from '../lib/quiz/learner';
import { publishedQuiz, quizDocs, tenantQuiz } from '../lib/quiz/quizzes';
import { tenantDb } from '../lib/tenant-db';
import { requireAuth } from '../middleware/auth';
import { ApiError, fieldError } from '../../platform/errors';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });
const userIdParam = z.object({ userId: z.string().min(1).max(64) });

/** Admin: quizzes per topic or sub topic, created from the question bank and published when ready. */
export const adminQuizRoutes = new Hono<AppBindings>()
  .use('/admin/quizzes', requireAuth)
  .use('/admin/quizzes/*', requireAuth)
  .get('/admin/quizzes', requirePermission('quizzes', ['view']), validate('query', adminQuizQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const where = tdb.where(quizzes, eq(quizzes.topicId, q.topicId), q.subTopicId ? eq(quizzes.subTopicId, q.subTopicId) : undefined);
    const [rows, total] = await Promise.all([
      tdb.db.select().from(quizzes).where(where).orderBy(desc(quizzes.createdAt)).limit(q.limit).offset(q.offset),
      tdb.db.select({ n: count() }).from(quizzes).where(where).get(),
    ]);
    return c.json(paged(await quizDocs(tdb, rows), total?.n ?? 0, q));
  })
  .get('/admin/quizzes/user/:userId', requirePermission('submissions', ['view']), validate('param', userIdParam), validate('query', pageQuery), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await attemptedQuizzes(tdb, c.req.valid('param').userId, c.req.valid('query'), undefined, true));
  })
  .post('/admin/quizzes', requirePermission('quizzes', ['create']), validate('json', quizCreateInput), async (c) => {
    const tdb = tenantDb(c);
    const input = c.req.valid('json');
    const place = await tdb.db
      .select({ topic: topics, subject: subjects.name, subjectCode: subjects.subjectCode, curriculum: curricula.name, grade: grades.grade })
      .from(topics)
      .innerJoin(subjects, eq(subjects._id, topics.subjectId))
      .innerJoin(curricula, eq(curricula._id, subjects.curriculumId))
      .innerJoin(grades, eq(grades._id, topics.gradeId))
      .where(tdb.where(topics, eq(topics._id, input.topicId)))
      .get();
    if (!place) throw fieldError('topicId', 'no such topic');
    const subTopicIds = input.subTopicId
      ? [input.subTopicId]
      : (await tdb.db.select({ _id: subTopics._id }).from(subTopics).where(tdb.where(subTopics, eq(subTopics.topicId, input.topicId)))).map((s) => s._id);
    if (input.subTopicId) {
      const sub = await tdb.db.select({ _id: subTopics._id }).from(subTopics).where(tdb.where(subTopics, eq(subTopics._id, input.subTopicId), eq(subTopics.topicId, input.topicId))).get();
      if (!sub) throw fieldError('subTopicId', 'is not a sub topic of this topic');
    }
    const found = subTopicIds.length
      ? await tdb.db
          .select({ _id: questions._id })
          .from(questions)
          .where(tdb.where(questions, inArray(questions._id, input.questionIds), inArray(questions.subTopicId, subTopicIds), isNull(questions.deletedAt)))
      : [];
    const missing = input.questionIds.filter((id) => !found.some((f) => f._id === id));
    if (missing.length) throw fieldError('questionIds', `not in this ${input.subTopicId ? 'sub topic' : 'topic'}: ${missing.join(', ')}`);
    const row = await tdb.db
      .insert(quizzes)
      .values(
        tdb.values(quizzes, {
          title: input.title,
          topicId: input.topicId,
          subTopicId: input.subTopicId ?? null,
          paper: input.paper ?? null,
          curriculum: place.curriculum,
          subject: place.subject,
          grade: place.grade,
          subjectCode: place.subjectCode,
          questionIds: [...new Set(input.questionIds)],
          timeLimitSeconds: input.timeLimitSeconds ?? null,
          createdBy: c.get('auth')?.userId,
        }),
      )
      .returning()
      .get();
    const [doc] = await quizDocs(tdb, [row]);
    return c.json({ message: quizToasts.created, quiz: doc }, 201);
  })
  .get('/admin/quizzes/:id', requirePermission('quizzes', ['view']), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const [doc] = await quizDocs(tdb, [await tenantQuiz(tdb, c.req.valid('param').id)]);
    return c.json(doc);
  })
  .put('/admin/quizzes/publish/:id', requirePermission('quizzes', ['edit']), validate('param', idParam), validate('json', quizPublishInput), async (c) => {
    const tdb = tenantDb(c);
    const quiz = await tenantQuiz(tdb, c.req.valid('param').id);
    const input = c.req.valid('json');
    const row = await tdb.db
      .update(quizzes)
      .set({
        isPublished: input.isPublished,
        publishedAt: input.isPublished ? (quiz.publishedAt ?? new Date()) : null,
        ...(input.title !== undefined && { title: input.title }),
        ...(input.timeLimitSeconds !== undefined && { timeLimitSeconds: input.timeLimitSeconds }),
      })
      .where(tdb.where(quizzes, eq(quizzes._id, quiz._id)))
      .returning()
      .get();
    const [doc] = await quizDocs(tdb, [row]);
    return c.json({ message: quizToasts.updated, quiz: doc });
  });

/** Learners: published quizzes of this tenant only. */
export const quizRoutes = new Hono<AppBindings>()
  .use('/quizzes', requireAuth)
  .use('/quizzes/*', requireAuth)
  .get('/quizzes', validate('query', learnerQuizQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const filters = (['subject', 'curriculum', 'grade', 'topicId', 'paper', 'subjectLevel', 'subjectCode'] as const).flatMap((key) => {
      const value = q[key];
      return value === undefined ? [] : [eq(quizzes[key], value)];
    });
    const where = tdb.where(quizzes, eq(quizzes.isPublished, true), ...filters);
    const [rows, total] = await Promise.all([
      tdb.db.select().from(quizzes).where(where).orderBy(desc(quizzes.publishedAt), desc(quizzes._id)).limit(q.limit).offset(q.offset),
      tdb.db.select({ n: count() }).from(quizzes).where(where).get(),
    ]);
    return c.json(paged(await quizDocs(tdb, rows), total?.n ?? 0, q));
  })
  .get('/quizzes/history', validate('query', quizHistoryQuery), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const q = c.req.valid('query');
    if (q.userId && q.userId !== auth.actingUserId) throw new ApiError(403, 'userId: you can only see your own quiz history');
    const filters = [
      q.curriculum ? eq(quizzes.curriculum, q.curriculum) : undefined,
      q.subject ? eq(quizzes.subject, q.subject) : undefined,
      q.topicId ? eq(quizzes.topicId, q.topicId) : undefined,
    ].filter((f): f is SQL => f !== undefined);
    return c.json(await attemptedQuizzes(tdb, auth.actingUserId, q, filters, q.includeSubmissionCount === 'true'));
  })
  .post('/quizzes/getBySubTopicId', validate('json', bySubTopicInput), async (c) => {
    const tdb = tenantDb(c);
    const { subTopicId, paper } = c.req.valid('json');
    const rows = await tdb.db
      .select()
      .from(quizzes)
      .where(tdb.where(quizzes, eq(quizzes.subTopicId, subTopicId), eq(quizzes.isPublished, true), paper ? eq(quizzes.paper, paper) : undefined))
      .orderBy(desc(quizzes.publishedAt));
    return c.json(await quizDocs(tdb, rows));
  })
  .get('/quizzes/checkPapersBySubTopicId/:id', validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const rows = await tdb.db
      .selectDistinct({ paper: quizzes.paper })
      .from(quizzes)
      .where(tdb.where(quizzes, eq(quizzes.subTopicId, c.req.valid('param').id), eq(quizzes.isPublished, true)));
    const papers = rows.flatMap((r) => (r.paper ? [r.paper] : [])).sort();
    return c.json({ hasPapers: papers.length > 0, papers });
  })
  .post('/quizzes/report-issue', validate('json', reportIssueInput), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const input = c.req.valid('json');
    const quiz = await publishedQuiz(tdb, input.quizId);
    if (input.questionId && !quiz.questionIds.includes(input.questionId)) throw fieldError('questionId', 'is not in this quiz');
    await tdb.db.insert(issueReports).values(tdb.values(issueReports, { userId: auth.actingUserId, quizId: quiz._id, questionId: input.questionId ?? null, message: input.message }));
    return c.json({ message: quizToasts.issueReported }, 201);
  })
  .get('/quizzes/:id', validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const [doc] = await quizDocs(tdb, [await publishedQuiz(tdb, c.req.valid('param').id)]);
    return c.json(doc);
  });

/** Quizzes a learner has attempted, latest attempt first, optionally with how many attempts each. */
async function attemptedQuizzes(
  tdb: ReturnType<typeof tenantDb>,
  userId: string,
  page: { limit: number; offset: number },
  filters: SQL[] = [],
  withCount = false,
) {
  const where = and(tdb.where(submissions, eq(submissions.userId, userId)), eq(quizzes.tenantId, tdb.tenantId), ...filters);
  const lastAt = max(submissions.createdAt);
  const [groups, total] = await Promise.all([
    tdb.db
      .select({ quizId: submissions.quizId, attempts: count() })
      .from(submissions)
      .innerJoin(quizzes, eq(quizzes._id, submissions.quizId))
      .where(where)
      .groupBy(submissions.quizId)
      .orderBy(desc(lastAt), submissions.quizId)
      .limit(page.limit)
      .offset(page.offset),
    tdb.db.select({ n: countDistinct(submissions.quizId) }).from(submissions).innerJoin(quizzes, eq(quizzes._id, submissions.quizId)).where(where).get(),
  ]);
  const rows = groups.length ? await tdb.db.select().from(quizzes).where(tdb.where(quizzes, inArray(quizzes._id, groups.map((g) => g.quizId)))) : [];
  const byId = new Map(rows.map((r) => [r._id, r]));
  const ordered = groups.flatMap((g) => {
    const row = byId.get(g.quizId);
    return row ? [row] : [];
  });
  const attempts = new Map(groups.map((g) => [g.quizId, g.attempts]));
  const docs = (await quizDocs(tdb, ordered)).map((doc) => (withCount ? { ...doc, submissionCount: attempts.get(doc._id) ?? 0 } : doc));
  return paged(docs, total?.n ?? 0, page);
}
