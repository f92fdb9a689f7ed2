import { and, count, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import { PROGRESS_WEEKS } from '../../../schema/contracts/progress';
import { lessonHistory, progress, quizzes, subjects, submissions, topics } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

/**
 * The aggregate reads progress is made of: each is one GROUP BY over the learner's own rows, read through the
 * covering index `submissions_user_progress` (or `lesson_history_student`), so a learner with thousands of attempts
 * costs a few small result sets, never every row. Every column is aliased: D1 keys a batch's rows by column name.
 */

const WEEK_MS = 7 * 24 * 60 * 60_000;
/** 1970-01-01 was a Thursday: weeks counted from this offset start on Mondays (UTC). */
const MONDAY_OFFSET_MS = 4 * 24 * 60 * 60_000;

/** The Monday (UTC) of the week `at` falls in, as the number of whole weeks since the first Monday of 1970. */
export const weekNumber = (at: number) => Math.floor((at - MONDAY_OFFSET_MS) / WEEK_MS);
export const weekStart = (week: number) => new Date(week * WEEK_MS + MONDAY_OFFSET_MS);

const marks = {
  attempts: count().as('attempts'),
  score: sql<number>`coalesce(sum(${submissions.score}), 0)`.as('score_sum'),
  maxScore: sql<number>`coalesce(sum(${submissions.maxScore}), 0)`.as('max_score_sum'),
};

const finishedAttempts = (tdb: TenantDb, userId: string) => tdb.where(submissions, eq(submissions.userId, userId), eq(submissions.status, 'COMPLETED'));

/**
 * The learner's finished attempts grouped per quiz (and sub topic), read from the covering index alone; the quiz,
 * topic and subject are joined to these few groups afterwards, never to each attempt.
 */
function perQuiz(tdb: TenantDb, userId: string) {
  return tdb.db
    .select({
      quizId: sql<string>`${submissions.quizId}`.as('quiz_id'),
      ownSubTopicId: sql<string | null>`${submissions.subTopicId}`.as('own_sub_topic_id'),
      ...marks,
      lastAt: sql<number | null>`max(${submissions.completedAt})`.as('last_at'),
    })
    .from(submissions)
    .where(finishedAttempts(tdb, userId))
    .groupBy(submissions.quizId, submissions.subTopicId)
    .as('per_quiz');
}

/*
 * Cross joins keep SQLite's join order: from the learner's few grouped rows out to their quizzes and topics by
 * primary key, never from the tenant's whole catalogue in.
 */
const quizOf = (tdb: TenantDb, quizId: SQL | SQL.Aliased) => and(eq(quizzes._id, quizId), eq(quizzes.tenantId, tdb.tenantId));
const topicJoin = (tdb: TenantDb) => and(eq(topics._id, quizzes.topicId), eq(topics.tenantId, tdb.tenantId));

/** Finished attempts per sub topic (a topic's own quizzes under a null sub topic), optionally of one subject. */
export function attemptsBySubTopic(tdb: TenantDb, userId: string, subjectId?: string) {
  const g = perQuiz(tdb, userId);
  const subTopicOf = sql<string | null>`coalesce(${g.ownSubTopicId}, ${quizzes.subTopicId})`;
  return tdb.db
    .select({
      subjectId: sql<string>`${topics.subjectId}`.as('subject_id'),
      topicId: sql<string>`${quizzes.topicId}`.as('topic_id'),
      subTopicId: subTopicOf.as('sub_topic_id'),
      attempts: sql<number>`sum(${g.attempts})`.as('attempts_sum'),
      score: sql<number>`sum(${g.score})`.as('score_total'),
      maxScore: sql<number>`sum(${g.maxScore})`.as('max_score_total'),
      lastAt: sql<number | null>`max(${g.lastAt})`.as('last_attempt_at'),
    })
    .from(g)
    .crossJoin(quizzes)
    .crossJoin(topics)
    .where(and(quizOf(tdb, g.quizId), topicJoin(tdb), subjectId ? eq(topics.subjectId, subjectId) : undefined))
    .groupBy(topics.subjectId, quizzes.topicId, subTopicOf);
}

/** Finished attempts per subject and week, over the last PROGRESS_WEEKS weeks. */
export function attemptsByWeek(tdb: TenantDb, userId: string, now: Date, subjectId?: string) {
  const since = weekStart(weekNumber(now.getTime()) - PROGRESS_WEEKS + 1);
  // D1 binds numbers as reals, so the division is cast back to a whole week.
  const week = sql<number>`cast((${submissions.completedAt} - ${MONDAY_OFFSET_MS}) / ${WEEK_MS} as integer)`;
  const g = tdb.db
    .select({ quizId: sql<string>`${submissions.quizId}`.as('quiz_id'), week: week.as('week'), ...marks })
    .from(submissions)
    .where(and(finishedAttempts(tdb, userId), gte(submissions.completedAt, since)))
    .groupBy(submissions.quizId, week)
    .as('per_quiz_week');
  return tdb.db
    .select({
      subjectId: sql<string>`${topics.subjectId}`.as('subject_id'),
      week: sql<number>`${g.week}`.as('week_number'),
      attempts: sql<number>`sum(${g.attempts})`.as('attempts_sum'),
      score: sql<number>`sum(${g.score})`.as('score_total'),
      maxScore: sql<number>`sum(${g.maxScore})`.as('max_score_total'),
    })
    .from(g)
    .crossJoin(quizzes)
    .crossJoin(topics)
    .where(and(quizOf(tdb, g.quizId), topicJoin(tdb), subjectId ? eq(topics.subjectId, subjectId) : undefined))
    .groupBy(topics.subjectId, sql`${g.week}`);
}

/**
 * Which subjects are the learner's, as one condition on `subjects`: one with a finished attempt, one they follow,
 * or one of the names their closed lessons carry (the ledger keeps names; compute.ts matches the curriculum too).
 */
export function learnersSubjects(tdb: TenantDb, userId: string) {
  const quizIds = tdb.db
    .selectDistinct({ quizId: sql<string>`${submissions.quizId}`.as('quiz_id') })
    .from(submissions)
    .where(finishedAttempts(tdb, userId))
    .as('attempted_quizzes');
  const attempted = tdb.db
    .selectDistinct({ subjectId: topics.subjectId })
    .from(quizIds)
    .crossJoin(quizzes)
    .crossJoin(topics)
    .where(and(quizOf(tdb, quizIds.quizId), topicJoin(tdb)));
  const lessonNames = tdb.db
    .selectDistinct({ subject: lessonHistory.subject })
    .from(lessonHistory)
    .where(tdb.where(lessonHistory, eq(lessonHistory.studentId, userId)));
  const followed = sql`${subjects.subjectCode} in (select json_extract(value, '$.subjectCode') from ${progress}, json_each(${progress.subjects})
    where ${progress.tenantId} = ${tdb.tenantId} and ${progress.userId} = ${userId})`;
  return or(inArray(subjects._id, attempted), inArray(subjects.name, lessonNames), followed)!;
}

/** Closed lessons per curriculum and subject (the ledger keeps their names), with how many the learner joined. */
export function lessonsBySubject(tdb: TenantDb, userId: string) {
  return tdb.db
    .select({
      curriculum: sql<string>`${lessonHistory.curriculum}`.as('curriculum'),
      subject: sql<string>`${lessonHistory.subject}`.as('subject'),
      lessons: count().as('lessons'),
      attended: sql<number>`coalesce(sum(case when ${lessonHistory.studentJoinTime} is not null then 1 else 0 end), 0)`.as('attended'),
      seconds: sql<number>`coalesce(sum(${lessonHistory.studentSecondsInRoom}), 0)`.as('seconds'),
      lastAt: sql<number | null>`max(${lessonHistory.start})`.as('last_at'),
    })
    .from(lessonHistory)
    .where(tdb.where(lessonHistory, eq(lessonHistory.studentId, userId)))
    .groupBy(lessonHistory.curriculum, lessonHistory.subject);
}

/** What the learner saved: the subjects they follow and where they were. */
export function savedProgress(tdb: TenantDb, userId: string) {
  return tdb.db
    .select({ _id: progress._id, subjects: progress.subjects })
    .from(progress)
    .where(tdb.where(progress, eq(progress.userId, userId)));
}

export type SubTopicTotals = Awaited<ReturnType<typeof attemptsBySubTopic>>[number];
export type WeekTotals = Awaited<ReturnType<typeof attemptsByWeek>>[number];
export type LessonTotals = Awaited<ReturnType<typeof lessonsBySubject>>[number];
