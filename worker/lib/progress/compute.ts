import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import {
  type CurriculumProgress,
  type NextStep,
  PROGRESS_WEEKS,
  type ProgressDoc,
  type ProgressSubjectChoice,
  type SubjectProgress,
  type SubjectProgressDoc,
  type TopicProgress,
  type WeekPoint,
} from '../../../schema/contracts/progress';
import { type LearnerRef, percentOf, scoreBand } from '../../../schema/contracts/quiz';
import { curricula, subjects, subTopics, topics } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { oneRead } from './one-read';
import {
  attemptsBySubTopic,
  attemptsByWeek,
  type LessonTotals,
  learnersSubjects,
  lessonsBySubject,
  type SubTopicTotals,
  savedProgress,
  type WeekTotals,
  weekNumber,
  weekStart,
} from './totals';

/** Below this share of the marks a practised sub topic is worth revising (the spec's "Revise" band). */
const REVISE_BELOW = 60;
const NEXT_STEPS = 3;

const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);
const latest = (...values: (number | null | undefined)[]) => values.reduce<number | null>((a, b) => (b && (!a || b > a) ? b : a), null);

/** Subjects with their curriculum and how many sub topics they hold, every column aliased for the batch. */
function subjectRows(tdb: TenantDb, which: SQL) {
  return tdb.db
    .select({
      subjectId: sql<string>`${subjects._id}`.as('subject_id'),
      subject: sql<string>`${subjects.name}`.as('subject_name'),
      subjectCode: sql<string | null>`${subjects.subjectCode}`.as('subject_code'),
      curriculumId: sql<string>`${curricula._id}`.as('curriculum_id'),
      curriculum: sql<string>`${curricula.name}`.as('curriculum_name'),
      path: sql<string>`'/' || ${curricula.slug} || '/' || ${subjects.slug}`.as('subject_path'),
      totalSubTopics: sql<number>`(select count(*) from ${subTopics} inner join ${topics} on ${topics._id} = ${subTopics.topicId}
        where ${topics.tenantId} = ${subjects.tenantId} and ${topics.subjectId} = ${subjects._id})`.as('total_sub_topics'),
    })
    .from(subjects)
    .innerJoin(curricula, and(eq(curricula._id, subjects.curriculumId), eq(curricula.tenantId, tdb.tenantId)))
    .where(tdb.where(subjects, which));
}
type SubjectRow = Awaited<ReturnType<typeof subjectRows>>[number];

const lessonKey = (curriculum: string, subject: string) => `${curriculum}\u0000${subject}`;

function weekPoints(rows: WeekTotals[], now: Date): WeekPoint[] {
  const current = weekNumber(now.getTime());
  return Array.from({ length: PROGRESS_WEEKS }, (_, i) => {
    const week = current - PROGRESS_WEEKS + 1 + i;
    const row = rows.find((r) => r.week === week);
    return {
      week: weekStart(week).toISOString().slice(0, 10),
      attempts: row?.attempts ?? 0,
      scorePercent: row && row.maxScore > 0 ? percentOf(row.score, row.maxScore) : null,
    };
  });
}

/** One subject's numbers from its sub topics' totals, weeks and lessons. */
function subjectNumbers(
  row: SubjectRow,
  attempts: SubTopicTotals[],
  weeks: WeekTotals[],
  lessons: LessonTotals | undefined,
  choice: ProgressSubjectChoice | undefined,
  now: Date,
): SubjectProgress {
  const count = attempts.reduce((n, a) => n + a.attempts, 0);
  const score = attempts.reduce((n, a) => n + a.score, 0);
  const maxScore = attempts.reduce((n, a) => n + a.maxScore, 0);
  const practised = attempts.filter((a) => a.subTopicId !== null);
  const scorePercent = count > 0 ? percentOf(score, maxScore) : null;
  const mastered = practised.reduce((n, a) => n + percentOf(a.score, a.maxScore), 0);
  const total = Math.max(row.totalSubTopics, practised.length);
  return {
    subjectId: row.subjectId,
    subject: row.subject,
    subjectCode: row.subjectCode,
    curriculumId: row.curriculumId,
    curriculum: row.curriculum,
    path: row.path,
    followed: Boolean(choice),
    lastSubTopicId: choice?.lastSubTopicId ?? null,
    percent: total > 0 ? Math.round(mastered / total) : (scorePercent ?? 0),
    scorePercent,
    attempts: count,
    practisedSubTopics: practised.length,
    totalSubTopics: total,
    lessons: lessons?.lessons ?? 0,
    lessonsAttended: lessons?.attended ?? 0,
    lessonMinutes: Math.round((lessons?.seconds ?? 0) / 60),
    lastActivityAt: iso(latest(...attempts.map((a) => a.lastAt), lessons?.lastAt)),
    weeks: weekPoints(
      weeks.filter((w) => w.subjectId === row.subjectId),
      now,
    ),
  };
}

const bySubjectName = (a: SubjectProgress, b: SubjectProgress) => a.curriculum.localeCompare(b.curriculum) || a.subject.localeCompare(b.subject);

function curriculaOf(userId: string, list: SubjectProgress[]): CurriculumProgress[] {
  const groups = new Map<string, SubjectProgress[]>();
  for (const s of list) groups.set(s.curriculumId, [...(groups.get(s.curriculumId) ?? []), s]);
  return [...groups].map(([curriculumId, members]) => ({
    _id: curriculumId,
    curriculumId: { _id: curriculumId, name: members[0]!.curriculum },
    userId,
    percent: Math.round(members.reduce((n, s) => n + s.percent, 0) / members.length),
    subjects: members,
  }));
}

/**
 * A learner's progress over every subject they have worked in, follow, or had lessons in: grouped reads and the
 * subjects they name, in one D1 batch. Nothing is stored: a finished attempt or a closed lesson shows at once.
 */
export async function learnerProgress(tdb: TenantDb, learner: LearnerRef, now = new Date()): Promise<ProgressDoc> {
  const { bySubTopic, byWeek, lessons, saved, rows } = await oneRead(tdb, {
    bySubTopic: attemptsBySubTopic(tdb, learner._id),
    byWeek: attemptsByWeek(tdb, learner._id, now),
    lessons: lessonsBySubject(tdb, learner._id),
    saved: savedProgress(tdb, learner._id),
    rows: subjectRows(tdb, learnersSubjects(tdb, learner._id)),
  });
  const choices = saved[0]?.subjects ?? [];
  const lessonsOf = new Map(lessons.map((l) => [lessonKey(l.curriculum, l.subject), l]));
  const list = rows
    .map((row) =>
      subjectNumbers(
        row,
        bySubTopic.filter((a) => a.subjectId === row.subjectId),
        byWeek,
        lessonsOf.get(lessonKey(row.curriculum, row.subject)),
        choices.find((c) => c.subjectCode === row.subjectCode),
        now,
      ),
    )
    // A subject matched only by a lesson's name in another curriculum is not this learner's.
    .filter((s) => s.followed || s.attempts > 0 || s.lessons > 0)
    .sort(bySubjectName);
  return { _id: learner._id, userId: learner._id, learner, subjects: list, curricula: curriculaOf(learner._id, list) };
}

/** One curriculum of the learner's progress (spec 3 §7: GET progress/{id} also serves curriculum progress). */
export function curriculumProgress(doc: ProgressDoc, curriculumId: string): CurriculumProgress {
  return (
    doc.curricula.find((c) => c._id === curriculumId) ?? {
      _id: curriculumId,
      curriculumId: { _id: curriculumId, name: '' },
      userId: doc.userId,
      percent: 0,
      subjects: [],
    }
  );
}

function nextSteps(topicsList: TopicProgress[], choice: ProgressSubjectChoice | undefined): NextStep[] {
  const all = topicsList.flatMap((t) => t.subTopics);
  const steps: NextStep[] = [];
  const last = all.find((s) => s.subTopicId === choice?.lastSubTopicId);
  if (last) steps.push({ subTopicId: last.subTopicId, name: last.name, kind: 'CONTINUE', text: `Carry on with ${last.name}, where you were last.` });
  const weak = all
    .filter((s) => s.scorePercent !== null && s.scorePercent < REVISE_BELOW && s.subTopicId !== last?.subTopicId)
    .sort((a, b) => (a.scorePercent ?? 0) - (b.scorePercent ?? 0));
  for (const s of weak)
    steps.push({ subTopicId: s.subTopicId, name: s.name, kind: 'REVISE', text: `Revise ${s.name}: ${s.scorePercent}% of the marks so far.` });
  for (const s of all.filter((s) => s.attempts === 0 && s.subTopicId !== last?.subTopicId))
    steps.push({ subTopicId: s.subTopicId, name: s.name, kind: 'START', text: `Start ${s.name}: not practised yet.` });
  return steps.slice(0, NEXT_STEPS);
}

/** One subject in depth: every topic and sub topic of it (practised or not), its weeks, lessons and what to do next. */
export async function subjectProgress(tdb: TenantDb, learner: LearnerRef, subjectId: string, now = new Date()): Promise<SubjectProgressDoc | null> {
  const { subjectRow, topicRows, subTopicRows, bySubTopic, byWeek, lessons, saved } = await oneRead(tdb, {
    subjectRow: subjectRows(tdb, eq(subjects._id, subjectId)),
    topicRows: tdb.db
      .select({ topicId: sql<string>`${topics._id}`.as('topic_id'), name: sql<string>`${topics.name}`.as('topic_name') })
      .from(topics)
      .where(tdb.where(topics, eq(topics.subjectId, subjectId)))
      .orderBy(asc(topics.sortingOrder), asc(topics.name)),
    subTopicRows: tdb.db
      .select({
        subTopicId: sql<string>`${subTopics._id}`.as('sub_topic_id'),
        topicId: sql<string>`${subTopics.topicId}`.as('topic_id'),
        name: sql<string>`${subTopics.name}`.as('sub_topic_name'),
      })
      .from(subTopics)
      .innerJoin(topics, and(eq(topics._id, subTopics.topicId), eq(topics.tenantId, tdb.tenantId)))
      .where(tdb.where(subTopics, eq(topics.subjectId, subjectId)))
      .orderBy(asc(subTopics.sortingOrder), asc(subTopics.name)),
    bySubTopic: attemptsBySubTopic(tdb, learner._id, subjectId),
    byWeek: attemptsByWeek(tdb, learner._id, now, subjectId),
    lessons: lessonsBySubject(tdb, learner._id),
    saved: savedProgress(tdb, learner._id),
  });
  const row = subjectRow[0];
  if (!row) return null;
  const choice = saved[0]?.subjects.find((c) => c.subjectCode === row.subjectCode);
  const lesson = lessons.find((l) => l.curriculum === row.curriculum && l.subject === row.subject);
  const numbers = subjectNumbers(row, bySubTopic, byWeek, lesson, choice, now);
  const topicList: TopicProgress[] = topicRows.map((topic) => {
    const own = bySubTopic.filter((a) => a.topicId === topic.topicId);
    const subs = subTopicRows
      .filter((s) => s.topicId === topic.topicId)
      .map((s) => {
        const totals = own.find((a) => a.subTopicId === s.subTopicId);
        const percent = totals ? percentOf(totals.score, totals.maxScore) : null;
        return {
          subTopicId: s.subTopicId,
          name: s.name,
          attempts: totals?.attempts ?? 0,
          scorePercent: percent,
          band: percent === null ? null : scoreBand(percent),
          lastAttemptAt: iso(totals?.lastAt),
        };
      });
    const attempts = own.reduce((n, a) => n + a.attempts, 0);
    const score = own.reduce((n, a) => n + a.score, 0);
    const maxScore = own.reduce((n, a) => n + a.maxScore, 0);
    return {
      topicId: topic.topicId,
      name: topic.name,
      percent: subs.length ? Math.round(subs.reduce((n, s) => n + (s.scorePercent ?? 0), 0) / subs.length) : 0,
      attempts,
      scorePercent: attempts > 0 ? percentOf(score, maxScore) : null,
      subTopics: subs,
    };
  });
  return { ...numbers, userId: learner._id, learner, topics: topicList, next: nextSteps(topicList, choice) };
}
