import { tz } from '@date-fns/tz';
import { format, getISOWeek, getISOWeekYear } from 'date-fns';
import { and, count, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { percentOf } from '../../../schema/contracts/quiz';
import { courseStudents, courseTutors, jobRuns, lessonHistory, quizzes, submissions, subTopics, topics, userMappers, users } from '../../../schema/tables';
import type { Env } from '../../env';
import { notify } from '../notifications/send';
import { subjectProgress } from '../progress/compute';
import { weekNumber, weekStart } from '../progress/totals';
import { unsubscribeToken } from '../progress/unsubscribe';
import type { TenantDb } from '../tenant-db';

export const PROGRESS_DIGEST_JOB = 'progress-digest';
const UTC = tz('UTC');

export interface DigestRunSummary {
  week: string;
  students: number;
  people: number;
}

/** `2026-W05`: the ISO week a digest covers, which with the person is the digest's once-only key. */
export const isoWeekLabel = (monday: Date) => `${getISOWeekYear(monday, { in: UTC })}-W${String(getISOWeek(monday, { in: UTC })).padStart(2, '0')}`;

interface StudentWeek {
  _id: string;
  name: string;
  attempts: number;
  score: number;
  maxScore: number;
  practised: string[];
  /** The subject with most finished attempts this week: what to do next is drawn from it. */
  mainSubjectId: string | null;
  lessons: number;
  minutes: number;
  lessonSubjects: string[];
  next: string | null;
}

/** Finished attempts of the week, per learner and sub topic, with the subject each belongs to. */
function weekAttempts(tdb: TenantDb, from: Date, to: Date) {
  return tdb.db
    .select({
      userId: sql<string>`${submissions.userId}`.as('user_id'),
      subjectId: sql<string>`${topics.subjectId}`.as('subject_id'),
      subTopic: sql<string>`coalesce(${subTopics.name}, ${topics.name})`.as('sub_topic_name'),
      attempts: count().as('attempts'),
      score: sql<number>`coalesce(sum(${submissions.score}), 0)`.as('score_sum'),
      maxScore: sql<number>`coalesce(sum(${submissions.maxScore}), 0)`.as('max_score_sum'),
    })
    .from(submissions)
    .innerJoin(quizzes, and(eq(quizzes._id, submissions.quizId), eq(quizzes.tenantId, tdb.tenantId)))
    .innerJoin(topics, and(eq(topics._id, quizzes.topicId), eq(topics.tenantId, tdb.tenantId)))
    .leftJoin(subTopics, and(eq(subTopics._id, sql`coalesce(${submissions.subTopicId}, ${quizzes.subTopicId})`), eq(subTopics.tenantId, tdb.tenantId)))
    .where(tdb.where(submissions, eq(submissions.status, 'COMPLETED'), gte(submissions.completedAt, from), lt(submissions.completedAt, to)))
    .groupBy(submissions.userId, topics.subjectId, sql`sub_topic_name`);
}

/** Lessons of the week the learner joined, per learner and subject. */
function weekLessons(tdb: TenantDb, from: Date, to: Date) {
  return tdb.db
    .select({
      userId: sql<string>`${lessonHistory.studentId}`.as('user_id'),
      subject: sql<string>`${lessonHistory.subject}`.as('subject'),
      lessons: count().as('lessons'),
      seconds: sql<number>`coalesce(sum(${lessonHistory.studentSecondsInRoom}), 0)`.as('seconds'),
    })
    .from(lessonHistory)
    .where(
      tdb.where(
        lessonHistory,
        gte(lessonHistory.start, from),
        lt(lessonHistory.start, to),
        ne(lessonHistory.studentId, ''),
        sql`${lessonHistory.studentJoinTime} is not null`,
      ),
    )
    .groupBy(lessonHistory.studentId, lessonHistory.subject);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listed = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** One learner's week in a sentence or two, in the words a parent or tutor reads. */
function studentLine(s: StudentWeek) {
  const practised =
    s.attempts > 0
      ? `finished ${plural(s.attempts, 'quiz', 'quizzes')} on ${listed(s.practised.slice(0, 3))}${s.practised.length > 3 ? ' and more' : ''}, scoring ${percentOf(s.score, s.maxScore)}% of the marks`
      : 'finished no quizzes';
  const lessons =
    s.lessons > 0 ? `attended ${plural(s.lessons, 'lesson')} (${listed(s.lessonSubjects)}, ${plural(s.minutes, 'minute')})` : 'attended no lessons';
  return `${s.name} ${practised}, and ${lessons}.${s.next ? ` Next: ${s.next}` : ''}`;
}

/**
 * The weekly progress digest (issue 33): on the first run of each ISO week, every learner who finished a quiz or
 * attended a lesson the week before is summed up for their linked parents and their tutors, one e-mail per person
 * listing each of their learners. The notice's key is the week, so a person hears once a week however often the
 * cron runs (or if two runs race); the job's run record then spares later runs the reading.
 */
export async function sendProgressDigests(tdb: TenantDb, env: Env, tenant: { name: string; origin: string }, now: Date): Promise<DigestRunSummary> {
  const thisWeek = weekNumber(now.getTime());
  const from = weekStart(thisWeek - 1);
  const to = weekStart(thisWeek);
  const week = isoWeekLabel(from);
  const done = await tdb.db
    .select({ summary: jobRuns.summary })
    .from(jobRuns)
    .where(tdb.where(jobRuns, eq(jobRuns.job, PROGRESS_DIGEST_JOB), eq(jobRuns.runKey, week)))
    .get();
  if (done) return done.summary as DigestRunSummary;

  const [attempts, lessons] = await tdb.db.batch([weekAttempts(tdb, from, to), weekLessons(tdb, from, to)]);
  const activeIds = [...new Set([...attempts.map((a) => a.userId), ...lessons.map((l) => l.userId)])];
  const summary: DigestRunSummary = { week, students: 0, people: 0 };
  if (activeIds.length) {
    const [students, parents, tutors] = await tdb.db.batch([
      tdb.db
        .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(tdb.where(users, inArray(users._id, activeIds), eq(users.role, 'STUDENT'), isNull(users.deletedAt))),
      tdb.db
        .select({ personId: userMappers.parentId, studentId: userMappers.studentId })
        .from(userMappers)
        .where(tdb.where(userMappers, inArray(userMappers.studentId, activeIds))),
      tdb.db
        .selectDistinct({ personId: sql<string>`${courseTutors.userId}`.as('person_id'), studentId: sql<string>`${courseStudents.userId}`.as('student_id') })
        .from(courseTutors)
        .innerJoin(courseStudents, and(eq(courseStudents.courseId, courseTutors.courseId), eq(courseStudents.status, 'ENROLLED')))
        .where(tdb.where(courseTutors, eq(courseTutors.status, 'ENABLE'), inArray(courseStudents.userId, activeIds))),
    ]);
    const weeks = new Map<string, StudentWeek>();
    for (const student of students) {
      const own = attempts.filter((a) => a.userId === student._id);
      const ownLessons = lessons.filter((l) => l.userId === student._id);
      const bySubject = new Map<string, number>();
      for (const a of own) bySubject.set(a.subjectId, (bySubject.get(a.subjectId) ?? 0) + a.attempts);
      weeks.set(student._id, {
        _id: student._id,
        name: `${student.firstname} ${student.lastname}`.trim(),
        attempts: own.reduce((n, a) => n + a.attempts, 0),
        score: own.reduce((n, a) => n + a.score, 0),
        maxScore: own.reduce((n, a) => n + a.maxScore, 0),
        practised: [...new Set(own.sort((a, b) => b.attempts - a.attempts).map((a) => a.subTopic))],
        mainSubjectId: [...bySubject].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null,
        lessons: ownLessons.reduce((n, l) => n + l.lessons, 0),
        minutes: Math.round(ownLessons.reduce((n, l) => n + l.seconds, 0) / 60),
        lessonSubjects: [...new Set(ownLessons.map((l) => l.subject))],
        next: null,
      });
    }
    for (const s of weeks.values()) {
      const detail = s.mainSubjectId ? await subjectProgress(tdb, { _id: s._id, firstname: '', lastname: '' }, s.mainSubjectId, now) : null;
      s.next = detail?.next[0]?.text ?? (s.lessons > 0 ? `Try a quiz on ${s.lessonSubjects[0]} to see how the lessons have landed.` : null);
    }
    const learnersOf = new Map<string, StudentWeek[]>();
    for (const { personId, studentId } of [...parents, ...tutors]) {
      const student = weeks.get(studentId);
      if (!student) continue;
      const list = learnersOf.get(personId) ?? [];
      if (!list.includes(student)) list.push(student);
      learnersOf.set(personId, list);
    }
    const links = new Map(
      await Promise.all(
        [...learnersOf.keys()].map(
          async (personId) =>
            [
              personId,
              `${tenant.origin}/learning-portal/unsubscribe/progress?token=${await unsubscribeToken(env.TOKEN_SECRET, tdb.tenantId, personId)}`,
            ] as const,
        ),
      ),
    );
    const heading = `Progress for the week of ${format(from, 'd MMMM yyyy', { in: UTC })}`;
    await notify({ env, tdb, origin: tenant.origin, productName: tenant.name }, [...learnersOf.keys()], (person) => {
      const list = learnersOf.get(person._id);
      if (!list) return null;
      return {
        kind: 'progress',
        key: `progress-digest:${week}`,
        title: heading,
        body: [`Here is how the week went (${week}).`, ...list.map(studentLine), 'Charts of every subject are on the progress page.'].join('\n'),
        link: '/dashboard/progress',
        unsubscribeUrl: links.get(person._id),
      };
    });
    summary.students = weeks.size;
    summary.people = learnersOf.size;
  }
  await tdb.db
    .insert(jobRuns)
    .values(tdb.values(jobRuns, { job: PROGRESS_DIGEST_JOB, runKey: week, summary }))
    .onConflictDoNothing();
  return summary;
}
