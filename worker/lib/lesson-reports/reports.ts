import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { sendEmail } from '../../../platform/email/outbox';
import { ApiError } from '../../../platform/errors';
import type { ListQuery } from '../../../schema/contracts/common';
import type { LessonReportInput, LessonReportList, LessonReportView } from '../../../schema/contracts/lesson-reports';
import { courses, lessonHistory, lessonReports, sections, type Tenant, userMappers, users } from '../../../schema/tables';
import type { Actor, Env } from '../../env';
import { linkedParentIds } from '../family-links';
import { adminMay, notFound, ownViewer } from '../ledger/access';
import type { MailFrom } from '../mail-from';
import { paged } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { reportFacts } from './facts';
import { lessonReportMail } from './mail';

type ReportRow = typeof lessonReports.$inferSelect;
type Person = { _id: string; firstname: string; lastname: string };

/** The closed lesson a report is about: its section, course and history rows (one per student). */
async function closedLesson(tdb: TenantDb, sectionId: string) {
  const [section, rows] = await Promise.all([
    tdb.db
      .select()
      .from(sections)
      .where(tdb.where(sections, eq(sections._id, sectionId)))
      .get(),
    tdb.db
      .select({ studentId: lessonHistory.studentId, tutorId: lessonHistory.tutorId })
      .from(lessonHistory)
      .where(tdb.where(lessonHistory, eq(lessonHistory.sectionId, sectionId)))
      .all(),
  ]);
  if (!section?.start || section.deletedAt) return null;
  const course = await tdb.db
    .select({ _id: courses._id, title: courses.title })
    .from(courses)
    .where(tdb.where(courses, eq(courses._id, section.courseId)))
    .get();
  return course ? { section, course, tutorId: rows[0]?.tutorId ?? null, studentIds: rows.map((r) => r.studentId).filter(Boolean) } : null;
}

type Lesson = NonNullable<Awaited<ReturnType<typeof closedLesson>>>;

/** Which of the lesson's students' reports this caller may read, and whether they write them. */
async function accessTo(tdb: TenantDb, tenant: Pick<Tenant, 'permissions'>, actor: Actor, lesson: Lesson) {
  if (actor.role === 'TUTOR' && lesson.tutorId === actor.userId) return { writes: true, sentOnly: false, studentIds: lesson.studentIds };
  if (await adminMay(tdb, tenant, actor, { lessonHistory: ['view'] })) return { writes: false, sentOnly: false, studentIds: lesson.studentIds };
  const viewer = ownViewer(tdb, actor);
  if (viewer?.kind !== 'learner') return null;
  const mine = Array.isArray(viewer.studentIds) ? viewer.studentIds : await linkedStudents(tdb, actor.userId);
  const studentIds = lesson.studentIds.filter((id) => mine.includes(id));
  return studentIds.length ? { writes: false, sentOnly: true, studentIds } : null;
}

async function linkedStudents(tdb: TenantDb, parentId: string) {
  const rows = await tdb.db
    .select({ studentId: userMappers.studentId })
    .from(userMappers)
    .where(tdb.where(userMappers, eq(userMappers.parentId, parentId)))
    .all();
  return rows.map((r) => r.studentId);
}

async function peopleById(tdb: TenantDb, ids: string[]) {
  const rows = ids.length
    ? await tdb.db
        .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname, email: users.email, timezone: users.timezone })
        .from(users)
        .where(tdb.where(users, inArray(users._id, ids)))
        .all()
    : [];
  return new Map(rows.map((r) => [r._id, r]));
}

const personOf = (row: Person | undefined, id: string): Person =>
  row ? { _id: row._id, firstname: row.firstname, lastname: row.lastname } : { _id: id, firstname: '', lastname: '' };

/** What a report's view names of its lesson. */
type ReportLesson = Pick<Lesson, 'course' | 'tutorId'> & { section: Pick<Lesson['section'], '_id' | 'title' | 'start' | 'duration'> };

function viewOf(
  lesson: ReportLesson,
  people: Map<string, Person>,
  studentId: string,
  row: ReportRow | undefined,
  facts: ReportRow | null = null,
): LessonReportView {
  const source = row ?? facts;
  return {
    _id: row?._id ?? null,
    sectionId: lesson.section._id,
    status: row?.status ?? 'DRAFT',
    lesson: { title: lesson.section.title, start: lesson.section.start!.toISOString(), duration: lesson.section.duration ?? 0, course: lesson.course },
    tutor: lesson.tutorId ? personOf(people.get(lesson.tutorId), lesson.tutorId) : null,
    student: personOf(people.get(studentId), studentId),
    summary: source?.summary ?? '',
    covered: source?.covered ?? [],
    bookmarkedPages: source?.bookmarkedPages ?? [],
    boardPages: source?.boardPages ?? 0,
    minutesInRoom: source?.minutesInRoom ?? 0,
    homework: source?.homework ?? [],
    sentAt: row?.sentAt ? row.sentAt.toISOString() : null,
  };
}

const reportsOf = (tdb: TenantDb, sectionId: string, studentIds: string[]) =>
  tdb.db
    .select()
    .from(lessonReports)
    .where(tdb.where(lessonReports, eq(lessonReports.sectionId, sectionId), inArray(lessonReports.studentId, studentIds)))
    .all();

/** A draft's row as it would be stored: the rooms' facts, nothing written yet. */
async function draftFacts(tdb: TenantDb, env: Env, lesson: Lesson, studentId: string): Promise<ReportRow> {
  const facts = await reportFacts(tdb, env, lesson.section, studentId);
  const now = new Date();
  return {
    _id: '',
    tenantId: tdb.tenantId,
    sectionId: lesson.section._id,
    studentId,
    tutorId: lesson.tutorId ?? '',
    status: 'DRAFT',
    summary: '',
    ...facts,
    sentAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

async function lessonFor(tdb: TenantDb, tenant: Pick<Tenant, 'permissions'>, actor: Actor, sectionId: string) {
  const lesson = await closedLesson(tdb, sectionId);
  const access = lesson && (await accessTo(tdb, tenant, actor, lesson));
  if (!lesson || !access) throw notFound('Lesson report');
  return { lesson, access };
}

/**
 * `GET /lesson-reports/{sectionId}`: one report per student of a closed lesson. Its tutor gets every one, an unsaved
 * draft assembled from the rooms; an admin reads them; a student or parent only the sent ones of their own.
 */
export async function lessonReportsFor(tdb: TenantDb, env: Env, tenant: Pick<Tenant, 'permissions'>, actor: Actor, sectionId: string) {
  const { lesson, access } = await lessonFor(tdb, tenant, actor, sectionId);
  const stored = new Map((await reportsOf(tdb, sectionId, access.studentIds)).map((r) => [r.studentId, r]));
  const studentIds = access.sentOnly ? access.studentIds.filter((id) => stored.get(id)?.status === 'SENT') : access.studentIds;
  if (access.sentOnly && !studentIds.length) throw notFound('Lesson report');
  const people = await peopleById(tdb, [...studentIds, ...(lesson.tutorId ? [lesson.tutorId] : [])]);
  return Promise.all(
    studentIds.map(async (id) => {
      const row = stored.get(id);
      return viewOf(lesson, people, id, row, row || !access.writes ? null : await draftFacts(tdb, env, lesson, id));
    }),
  );
}

/**
 * The tutor saves a report (a draft, or sends it). The rooms' facts are taken when a draft is first saved; a sent
 * report cannot change. Sending mails it to the student and every parent linked to them.
 */
/** The 404 a caller who does not write this report gets, before anything reads the body. */
export async function assertReportWriter(tdb: TenantDb, tenant: Pick<Tenant, 'permissions'>, actor: Actor, target: { sectionId: string; studentId: string }) {
  const found = await lessonFor(tdb, tenant, actor, target.sectionId);
  if (!found.access.writes || !found.access.studentIds.includes(target.studentId)) throw notFound('Lesson report');
  return found;
}

export async function saveLessonReport(
  tdb: TenantDb,
  env: Env,
  tenant: Pick<Tenant, 'permissions'>,
  actor: Actor,
  target: { sectionId: string; studentId: string },
  input: LessonReportInput,
  send: MailFrom | null,
): Promise<LessonReportView> {
  const { lesson } = await assertReportWriter(tdb, tenant, actor, target);
  const [existing] = await reportsOf(tdb, target.sectionId, [target.studentId]);
  if (existing?.status === 'SENT') throw new ApiError(409, 'This report was already sent, so it can no longer be changed.');
  const base = existing ?? (await draftFacts(tdb, env, lesson, target.studentId));
  const now = new Date();
  const values = {
    summary: input.summary,
    covered: input.covered,
    status: send ? ('SENT' as const) : ('DRAFT' as const),
    sentAt: send ? now : null,
    updatedAt: now,
  };
  const { _id: _unsaved, tenantId: _tenant, createdAt: _created, ...facts } = base;
  // Only a draft moves: two sends racing write one SENT report, and the second is refused below.
  const row = await tdb.db
    .insert(lessonReports)
    .values(tdb.values(lessonReports, { ...facts, ...values }))
    .onConflictDoUpdate({
      target: [lessonReports.tenantId, lessonReports.sectionId, lessonReports.studentId],
      set: values,
      setWhere: sql`${lessonReports.status} = 'DRAFT'`,
    })
    .returning()
    .get();
  if (!row) throw new ApiError(409, 'This report was already sent, so it can no longer be changed.');
  const people = await peopleById(tdb, [target.studentId, ...(lesson.tutorId ? [lesson.tutorId] : [])]);
  const view = viewOf(lesson, people, target.studentId, row);
  if (send) await mailReport(tdb, send, view);
  return view;
}

async function mailReport(tdb: TenantDb, from: MailFrom, report: LessonReportView) {
  const parents = await linkedParentIds(tdb, report.student._id);
  const readers = [...(await peopleById(tdb, [report.student._id, ...parents])).values()].filter((p) => p.email);
  const link = `${from.origin}/learning-portal/portal/lesson-reports/${report.sectionId}`;
  const ctx = { db: tdb.db, env: from.env, tenantId: tdb.tenantId, waitUntil: from.waitUntil };
  for (const reader of readers) {
    await sendEmail(
      ctx,
      lessonReportMail({ to: reader.email!, firstname: reader.firstname, timezone: reader.timezone, productName: from.productName, link, report }),
    );
  }
}

/** `GET /lesson-reports`: the sent reports a student or parent may read, newest first. */
export async function sentLessonReports(tdb: TenantDb, actor: Actor, query: Pick<ListQuery, 'limit' | 'offset'>): Promise<LessonReportList> {
  const viewer = ownViewer(tdb, actor);
  if (viewer?.kind !== 'learner') throw new ApiError(403, 'Lesson reports are listed for students and parents.');
  const scope: SQL = Array.isArray(viewer.studentIds)
    ? inArray(lessonReports.studentId, viewer.studentIds)
    : sql`${lessonReports.studentId} in ${viewer.studentIds}`;
  const where = tdb.where(lessonReports, eq(lessonReports.status, 'SENT'), scope);
  // Not a D1 batch: its rows come back keyed by column name, and the three tables' `_id`s would overwrite each other.
  const [rows, [total]] = await Promise.all([
    tdb.db
      .select({
        report: lessonReports,
        lesson: { _id: sections._id, title: sections.title, start: sections.start, duration: sections.duration },
        course: { _id: courses._id, title: courses.title },
      })
      .from(lessonReports)
      .innerJoin(sections, and(eq(sections._id, lessonReports.sectionId), eq(sections.tenantId, lessonReports.tenantId)))
      .innerJoin(courses, and(eq(courses._id, sections.courseId), eq(courses.tenantId, sections.tenantId)))
      .where(where)
      .orderBy(desc(lessonReports.sentAt), desc(lessonReports._id))
      .limit(query.limit)
      .offset(query.offset)
      .all(),
    tdb.db.select({ n: sql<number>`count(*)` }).from(lessonReports).where(where).all(),
  ]);
  const people = await peopleById(tdb, [...new Set(rows.flatMap((r) => [r.report.studentId, r.report.tutorId]))]);
  const docs = rows.map(({ report, lesson, course }) => viewOf({ section: lesson, course, tutorId: report.tutorId || null }, people, report.studentId, report));
  return paged(docs, total?.n ?? 0, query);
}
