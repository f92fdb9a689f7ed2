import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { ProgressLearner } from '../../../schema/contracts/progress';
import { percentOf } from '../../../schema/contracts/quiz';
import { lessonHistory, submissions } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { followedLearners } from './access';

/**
 * GET /api/progress/learners: a parent's children or a tutor's students (a student: themselves), each with their
 * totals, two grouped reads for all of them at once.
 */
export async function progressLearners(tdb: TenantDb, actor: Actor): Promise<ProgressLearner[]> {
  const learners = await followedLearners(tdb, actor);
  if (learners.length === 0) return [];
  const ids = learners.map((l) => l._id);
  const [attempts, lessons] = await tdb.db.batch([
    tdb.db
      .select({
        userId: sql<string>`${submissions.userId}`.as('user_id'),
        attempts: count().as('attempts'),
        score: sql<number>`coalesce(sum(${submissions.score}), 0)`.as('score_sum'),
        maxScore: sql<number>`coalesce(sum(${submissions.maxScore}), 0)`.as('max_score_sum'),
        lastAt: sql<number | null>`max(${submissions.completedAt})`.as('last_at'),
      })
      .from(submissions)
      .where(tdb.where(submissions, inArray(submissions.userId, ids), eq(submissions.status, 'COMPLETED')))
      .groupBy(submissions.userId),
    tdb.db
      .select({
        userId: sql<string>`${lessonHistory.studentId}`.as('user_id'),
        attended: count().as('attended'),
        lastAt: sql<number | null>`max(${lessonHistory.start})`.as('last_at'),
      })
      .from(lessonHistory)
      .where(and(tdb.where(lessonHistory, inArray(lessonHistory.studentId, ids)), sql`${lessonHistory.studentJoinTime} is not null`))
      .groupBy(lessonHistory.studentId),
  ]);
  return learners.map((learner) => {
    const a = attempts.find((row) => row.userId === learner._id);
    const l = lessons.find((row) => row.userId === learner._id);
    const last = Math.max(a?.lastAt ?? 0, l?.lastAt ?? 0);
    return {
      learner,
      scorePercent: a && a.attempts > 0 ? percentOf(a.score, a.maxScore) : null,
      attempts: a?.attempts ?? 0,
      lessonsAttended: l?.attended ?? 0,
      lastActivityAt: last ? new Date(last).toISOString() : null,
    };
  });
}
