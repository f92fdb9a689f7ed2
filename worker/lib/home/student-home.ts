import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { StudentHomeData } from '../../../schema/contracts/home';
import { courseStudents, courses, quizzes, sections, submissions } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';

/** A home lists the nearest few; the course pages and quiz history hold the rest. */
const LIMIT = 5;

/**
 * The homework due and the quizzes in progress of the person the caller acts for (a parent acting for a child sees
 * the child's): homework of the courses they are enrolled in, due from now on, soonest first; their unfinished
 * attempts, the last touched first. Nothing of another user or tenant can appear: every table is read through the
 * tenant and the user.
 */
export async function studentHome(tdb: TenantDb, actor: Actor, now: Date): Promise<StudentHomeData> {
  const userId = actor.actingUserId;
  const [homework, attempts] = await Promise.all([
    tdb.db
      .select({ _id: sections._id, title: sections.title, dueAt: sections.dueAt, courseId: courses._id, courseTitle: courses.title })
      .from(sections)
      .innerJoin(courseStudents, and(eq(courseStudents.courseId, sections.courseId), eq(courseStudents.tenantId, sections.tenantId)))
      .innerJoin(courses, and(eq(courses._id, sections.courseId), eq(courses.tenantId, sections.tenantId)))
      .where(
        tdb.where(
          sections,
          eq(sections.kind, 'HOMEWORK'),
          eq(sections.status, 'ACTIVE'),
          gte(sections.dueAt, now),
          eq(courseStudents.userId, userId),
          eq(courseStudents.status, 'ENROLLED'),
        ),
      )
      .orderBy(asc(sections.dueAt))
      .limit(LIMIT),
    tdb.db
      .select({ _id: submissions._id, quizId: quizzes._id, title: quizzes.title, subject: quizzes.subject, updatedAt: submissions.updatedAt })
      .from(submissions)
      .innerJoin(quizzes, and(eq(quizzes._id, submissions.quizId), eq(quizzes.tenantId, submissions.tenantId)))
      .where(tdb.where(submissions, eq(submissions.userId, userId), eq(submissions.status, 'IN_PROGRESS')))
      .orderBy(desc(submissions.updatedAt))
      .limit(LIMIT),
  ]);
  return {
    homeworkDue: homework.map(({ courseId, courseTitle, dueAt, ...row }) => ({
      ...row,
      dueAt: (dueAt as Date).toISOString(),
      course: { _id: courseId, title: courseTitle },
    })),
    quizzesInProgress: attempts.map(({ updatedAt, ...row }) => ({ ...row, updatedAt: updatedAt.toISOString() })),
  };
}
