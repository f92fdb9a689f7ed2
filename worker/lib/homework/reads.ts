import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { ListQuery } from '../../../schema/contracts/common';
import type { CourseHomework, HandIn, StudentHandInSummary } from '../../../schema/contracts/homework';
import { courses, curricula, homeworkSubmissions, sections, subjects, topics } from '../../../schema/tables';
import type { Actor } from '../../env';
import { listPage } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { enrolledStudentIds, type HandInAccess, handInAccess, homeworkFor, seesStudent, studentScope, visibleHandIn } from './access';
import { handInViews, isLate, oneView, peopleById, personOf } from './views';

type Page = Pick<ListQuery, 'limit' | 'offset'>;

const newestFirst = [desc(homeworkSubmissions.handedInAt), desc(homeworkSubmissions._id)];

function pageOf(tdb: TenantDb, where: SQL | undefined, query: Page) {
  return listPage(tdb.db, homeworkSubmissions, where, query, async (page) =>
    handInViews(
      tdb,
      await tdb.db
        .select()
        .from(homeworkSubmissions)
        .where(where)
        .orderBy(...newestFirst)
        .limit(page.limit)
        .offset(page.offset)
        .all(),
    ),
  );
}

const unseen = () => new ApiError(404, 'Student not found');

/** A student the caller asks about must be one whose hand-ins they see; without one, the caller's own. */
function studentOf(access: HandInAccess, actor: Actor, student: string | undefined) {
  const id = student ?? (access.students === 'all' ? undefined : access.students.length === 1 ? access.students[0] : undefined);
  const chosen = id ?? actor.actingUserId;
  if (!seesStudent(access, chosen)) throw unseen();
  return chosen;
}

/** `GET /homework-submissions/{id}` */
export async function readHandIn(tdb: TenantDb, actor: Actor, id: string): Promise<HandIn> {
  return oneView(tdb, (await visibleHandIn(tdb, actor, id)).row);
}

/** `GET /homework-submissions?section=&student=`: a homework's hand-ins the caller sees, one student's if named. */
export async function sectionHandIns(tdb: TenantDb, actor: Actor, query: Page & { section: string; student?: string }) {
  const { homework, access } = await homeworkFor(tdb, actor, query.section);
  if (query.student && !seesStudent(access, query.student)) throw unseen();
  const where = tdb.where(
    homeworkSubmissions,
    eq(homeworkSubmissions.sectionId, homework._id),
    studentScope(access),
    query.student ? eq(homeworkSubmissions.studentId, query.student) : undefined,
  );
  return pageOf(tdb, where, query);
}

/** `GET /homework-submissions/by-course?course=&section=`: the course's hand-ins the caller sees, newest first. */
export async function courseHandInPage(tdb: TenantDb, actor: Actor, query: Page & { course: string; section?: string }) {
  const access = await handInAccess(tdb, actor, query.course);
  const where = tdb.where(
    homeworkSubmissions,
    eq(homeworkSubmissions.courseId, query.course),
    studentScope(access),
    query.section ? eq(homeworkSubmissions.sectionId, query.section) : undefined,
  );
  return pageOf(tdb, where, query);
}

/** `GET /admin/homework-submissions`: every hand-in of the tenant, by course, homework, student and status. */
export async function adminHandInPage(tdb: TenantDb, query: Page & { course?: string; section?: string; student?: string; status?: 'HANDED_IN' | 'MARKED' }) {
  const where = tdb.where(
    homeworkSubmissions,
    query.course ? eq(homeworkSubmissions.courseId, query.course) : undefined,
    query.section ? eq(homeworkSubmissions.sectionId, query.section) : undefined,
    query.student ? eq(homeworkSubmissions.studentId, query.student) : undefined,
    query.status ? eq(homeworkSubmissions.status, query.status) : undefined,
  );
  return pageOf(tdb, where, query);
}

/**
 * `GET /homework-submissions/course/{id}`: the course's homework, each with the hand-ins the caller sees and (for
 * tutors and admins) who has not handed in; what the caller may do. The course page's homework reads this.
 */
export async function courseHomework(tdb: TenantDb, actor: Actor, courseId: string): Promise<CourseHomework> {
  const access = await handInAccess(tdb, actor, courseId);
  const everyone = access.students === 'all';
  const [homework, rows, enrolled] = await Promise.all([
    tdb.db
      .select()
      .from(sections)
      .where(
        tdb.where(
          sections,
          eq(sections.courseId, courseId),
          eq(sections.kind, 'HOMEWORK'),
          isNull(sections.deletedAt),
          everyone ? undefined : eq(sections.status, 'ACTIVE'),
        ),
      )
      .orderBy(asc(sections.dueAt), asc(sections._id))
      .all(),
    tdb.db
      .select()
      .from(homeworkSubmissions)
      .where(tdb.where(homeworkSubmissions, eq(homeworkSubmissions.courseId, courseId), studentScope(access)))
      .orderBy(...newestFirst)
      .all(),
    everyone ? enrolledStudentIds(tdb, courseId) : Promise.resolve([]),
  ]);
  const views = await handInViews(tdb, rows);
  const people = await peopleById(tdb, enrolled);
  return {
    canHandIn: access.handsIn,
    seesAll: everyone,
    canMark: access.marks,
    homework: homework.map((h) => {
      const handIns = views.filter((v) => v.section === h._id);
      const handedIn = new Set(handIns.map((v) => v.student._id));
      return {
        _id: h._id,
        title: h.title,
        description: h.description,
        dueAt: h.dueAt ? h.dueAt.toISOString() : null,
        status: h.status,
        handIns,
        missing: enrolled.filter((id) => !handedIn.has(id)).map((id) => personOf(people, id)),
      };
    }),
  };
}

/** `GET /homework-submissions/course/{courseId}/student?student=`: one student's hand-ins in the course. */
export async function studentCourseHandIns(tdb: TenantDb, actor: Actor, courseId: string, student: string | undefined) {
  const access = await handInAccess(tdb, actor, courseId);
  const studentId = studentOf(access, actor, student);
  const rows = await tdb.db
    .select()
    .from(homeworkSubmissions)
    .where(tdb.where(homeworkSubmissions, eq(homeworkSubmissions.courseId, courseId), eq(homeworkSubmissions.studentId, studentId)))
    .orderBy(...newestFirst)
    .all();
  return handInViews(tdb, rows);
}

/** `GET /homework-submissions/course/{id}/students`: per student of the course, what they handed in and how it went. */
export async function courseStudentSummaries(tdb: TenantDb, actor: Actor, courseId: string): Promise<StudentHandInSummary[]> {
  const access = await handInAccess(tdb, actor, courseId);
  const [homework, rows, enrolled] = await Promise.all([
    tdb.db
      .select({ _id: sections._id, dueAt: sections.dueAt })
      .from(sections)
      .where(tdb.where(sections, eq(sections.courseId, courseId), eq(sections.kind, 'HOMEWORK'), eq(sections.status, 'ACTIVE'), isNull(sections.deletedAt)))
      .all(),
    tdb.db
      .select()
      .from(homeworkSubmissions)
      .where(tdb.where(homeworkSubmissions, eq(homeworkSubmissions.courseId, courseId), studentScope(access)))
      .all(),
    enrolledStudentIds(tdb, courseId),
  ]);
  const studentIds = enrolled.filter((id) => seesStudent(access, id));
  const people = await peopleById(tdb, studentIds);
  const dueOf = new Map(homework.map((h) => [h._id, h.dueAt]));
  return studentIds.map((id) => {
    const own = rows.filter((r) => r.studentId === id);
    const marked = own.filter((r) => r.status === 'MARKED' && r.outOf);
    return {
      student: personOf(people, id),
      homework: homework.length,
      handedIn: own.length,
      late: own.filter((r) => isLate(r.handedInAt, dueOf.get(r.sectionId) ?? null)).length,
      marked: marked.length,
      averagePercent: marked.length ? Math.round((marked.reduce((sum, r) => sum + r.mark! / r.outOf!, 0) / marked.length) * 100) : null,
    };
  });
}

/**
 * `GET /homework-submissions/topic/{topicId}/student?student=`: one student's hand-ins in the courses of the topic's
 * curriculum and subject (homework names no topic; its course names the subject).
 */
export async function topicStudentHandIns(tdb: TenantDb, actor: Actor, topicId: string, student: string | undefined) {
  const topic = await tdb.db
    .select({ subject: subjects.name, curriculum: curricula.name })
    .from(topics)
    .innerJoin(subjects, and(eq(subjects._id, topics.subjectId), eq(subjects.tenantId, topics.tenantId)))
    .innerJoin(curricula, and(eq(curricula._id, subjects.curriculumId), eq(curricula.tenantId, subjects.tenantId)))
    .where(tdb.where(topics, eq(topics._id, topicId)))
    .get();
  if (!topic) throw new ApiError(404, 'Topic not found');
  const courseRows = await tdb.db
    .select({ _id: courses._id })
    .from(courses)
    .where(tdb.where(courses, eq(courses.curriculum, topic.curriculum), eq(courses.subject, topic.subject), isNull(courses.deletedAt)))
    .all();
  const visible: string[] = [];
  let studentId: string | null = null;
  for (const course of courseRows) {
    const access = await handInAccess(tdb, actor, course._id).catch(() => null);
    if (!access) continue;
    const chosen = student ?? actor.actingUserId;
    if (!seesStudent(access, chosen)) continue;
    studentId = chosen;
    visible.push(course._id);
  }
  if (!studentId || !visible.length) {
    if (student) throw unseen();
    return [];
  }
  const rows = await tdb.db
    .select()
    .from(homeworkSubmissions)
    .where(tdb.where(homeworkSubmissions, inArray(homeworkSubmissions.courseId, visible), eq(homeworkSubmissions.studentId, studentId)))
    .orderBy(...newestFirst)
    .all();
  return handInViews(tdb, rows);
}
