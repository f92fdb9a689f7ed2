import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { quizToasts, usageAddInput } from '../../schema/contracts/quiz';
import { quizTrials } from '../../schema/tables';
import type { AppBindings } from '../env';
import { learnerOf } from '../lib/quiz/learner';
import { countUsage, TRIAL_MS, usageOf } from '../lib/quiz/usage';
import { requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { validate } from '../middleware/validate';

export const usageRoutes = new Hono<AppBindings>()
  .use('/usages', requireAuth)
  .use('/usages/*', requireAuth)
  .get('/usages', async (c) => {
    const { tdb, learner } = await learnerOf(c);
    return c.json(await usageOf(tdb, learner));
  })
  .post('/usages', validate('json', usageAddInput), async (c) => {
    const { tdb, learner } = await learnerOf(c);
    const { kind } = c.req.valid('json');
    if (kind === 'quizAttempts') throw new ApiError(400, 'kind: quiz attempts are counted when a quiz starts', [{ path: 'kind', message: 'is counted by the server' }]);
    await countUsage(tdb, learner, kind);
    return c.json(await usageOf(tdb, learner));
  })
  .post('/usages/quiz-trial', async (c) => {
    const { tdb, learner } = await learnerOf(c);
    if (learner.role !== 'GUEST') throw new ApiError(403, 'The free trial is for guests: your account already includes quizzes');
    const existing = await tdb.db.select().from(quizTrials).where(tdb.where(quizTrials, eq(quizTrials.userId, learner._id))).get();
    if (existing && existing.endsAt <= new Date()) throw new ApiError(403, 'Your 1 day free trial has ended. Create a free account to keep practising.');
    if (!existing) {
      const now = new Date();
      await tdb.db
        .insert(quizTrials)
        .values(tdb.values(quizTrials, { userId: learner._id, startedAt: now, endsAt: new Date(now.getTime() + TRIAL_MS) }))
        .onConflictDoNothing();
    }
    return c.json({ message: quizToasts.trialStarted, usage: await usageOf(tdb, learner) }, existing ? 200 : 201);
  });
