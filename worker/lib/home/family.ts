import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ChildResults, FamilyLesson } from '../../../schema/contracts/home';
import { quizzes, submissions, userMappers, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { findLessons } from '../schedule/lessons';
import type { TenantDb } from '../tenant-db';

const DAY = 24 * 60 * 60_000;
/** A lesson under way started at most this long ago. */
const LONGEST_LESSON_MS = DAY / 2;
/** The family schedule looks as far ahead as a child's own home does. */
const AHEAD_MS = 60 * DAY;
/** A home lists the nearest few; each child's quiz history and schedule hold the rest. */
const RESULTS_PER_CHILD = 3;
const FAMILY_LESSONS = 20;

/** The parent's linked children of this tenant, by first name; nobody else's. */
const childrenOf = (tdb: TenantDb, parentId: string) =>
  tdb.db
    .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname })
    .from(userMappers)
    .innerJoin(users, and(eq(users._id, userMappers.studentId), eq(users.tenantId, userMappers.tenantId)))
    .where(tdb.where(userMappers, eq(userMappers.parentId, parentId), isNull(users.deletedAt)))
    .orderBy(users.firstname, users._id)
    .all();

const latestResults = (tdb: TenantDb, childId: string) =>
  tdb.db
    .select({
      _id: submissions._id,
      quizId: quizzes._id,
      title: quizzes.title,
      subject: quizzes.subject,
      score: submissions.score,
      maxScore: submissions.maxScore,
      completedAt: submissions.completedAt,
      updatedAt: submissions.updatedAt,
    })
    .from(submissions)
    .innerJoin(quizzes, and(eq(quizzes._id, submissions.quizId), eq(quizzes.tenantId, submissions.tenantId)))
    .where(tdb.where(submissions, eq(submissions.userId, childId), eq(submissions.status, 'COMPLETED')))
    .orderBy(desc(submissions.completedAt), desc(submissions.updatedAt))
    .limit(RESULTS_PER_CHILD)
    .all();

/**
 * A parent's home (signed in as themselves, not acting for a child): each linked child's latest finished quizzes
 * with their scores, and one schedule of the children's lessons to come, a lesson two children share listed once
 * with both names. Homework has no marks in the product, so results are quiz results only.
 */
export async function familyHome(tdb: TenantDb, actor: Actor, now: Date): Promise<{ children: ChildResults[]; familySchedule: FamilyLesson[] }> {
  if (actor.role !== 'PARENT' || actor.actingUserId !== actor.userId) return { children: [], familySchedule: [] };
  const family = await childrenOf(tdb, actor.userId);
  const at = now.getTime();
  const [results, schedules] = await Promise.all([
    Promise.all(family.map((child) => latestResults(tdb, child._id))),
    Promise.all(
      family.map((child) => findLessons(tdb, { memberId: child._id, startDate: new Date(at - LONGEST_LESSON_MS), endDate: new Date(at + AHEAD_MS) })),
    ),
  ]);
  const lessons = new Map<string, FamilyLesson>();
  family.forEach((child, i) => {
    for (const { updatedAt: _stamp, ...lesson } of schedules[i]!) {
      if ((lesson.lessonStatus !== 'scheduled' && lesson.lessonStatus !== 'live') || Date.parse(lesson.end) <= at) continue;
      const label = { _id: child._id, firstname: child.firstname };
      const seen = lessons.get(lesson._id);
      if (seen) seen.children.push(label);
      else lessons.set(lesson._id, { ...lesson, children: [label] });
    }
  });
  return {
    children: family.map((child, i) => ({
      child,
      quizResults: results[i]!.map(({ completedAt, updatedAt, ...result }) => ({ ...result, finishedAt: (completedAt ?? updatedAt).toISOString() })),
    })),
    familySchedule: [...lessons.values()].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a._id.localeCompare(b._id)).slice(0, FAMILY_LESSONS),
  };
}
