import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import {
  adminCourseListQuery,
  courseDetailQuery,
  courseInput,
  courseListQuery,
  courseUpdate,
  type MyCourse,
  tutorCourseUpdate,
} from '../../schema/contracts/courses';
import { courseStudents, courses, courseTutors, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { courseAccessOf, requireCourseAction } from '../lib/courses/access';
import { createCourse, deleteCourse, updateCourse, updateCourseText } from '../lib/courses/operations';
import { courseExtras, courseRecords, findCourse, nextLessons, toCourse } from '../lib/courses/records';
import { listPage, paged, sortBy } from '../lib/pagination';
import { contains } from '../lib/search';
import { loadSectionTree } from '../lib/sections/tree';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { parseJson, parseQuery, validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('adminCourse', actions)] as const;

const sortable = { title: courses.title, createdAt: courses.createdAt, updatedAt: courses.updatedAt, status: courses.status, kind: courses.kind };

const enrolledIn = (tdb: TenantDb, userId: string, status: 'ENROLLED' | 'UNENROLLED' = 'ENROLLED') =>
  tdb.db
    .select({ id: courseStudents.courseId })
    .from(courseStudents)
    .where(tdb.where(courseStudents, eq(courseStudents.userId, userId), eq(courseStudents.status, status)));

const tutoring = (tdb: TenantDb, userId: string) =>
  tdb.db
    .select({ id: courseTutors.courseId })
    .from(courseTutors)
    .where(tdb.where(courseTutors, eq(courseTutors.userId, userId), eq(courseTutors.status, 'ENABLE')));

async function detail(tdb: TenantDb, row: typeof courses.$inferSelect, withSections: boolean) {
  const [course] = await courseRecords(tdb, [row]);
  return withSections ? { ...course!, sections: await loadSectionTree(tdb, row._id) } : course!;
}

async function userTimezone(tdb: TenantDb, userId: string) {
  const user = await tdb.db
    .select({ timezone: users.timezone })
    .from(users)
    .where(tdb.where(users, eq(users._id, userId)))
    .get();
  return user?.timezone ?? 'UTC';
}

export const courseRoutes = new Hono<AppBindings>()
  .get('/admin/courses', ...can('view'), validate('query', adminCourseListQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const where = tdb.where(
      courses,
      isNull(courses.deletedAt),
      q.searchText ? contains(courses.title, q.searchText) : undefined,
      q.curriculum ? eq(courses.curriculum, q.curriculum) : undefined,
      q.subject ? eq(courses.subject, q.subject) : undefined,
      q.grade ? eq(courses.grade, q.grade) : undefined,
      q.status ? eq(courses.status, q.status) : undefined,
      q.type ? eq(courses.kind, q.type) : undefined,
      q.studentId ? inArray(courses._id, enrolledIn(tdb, q.studentId)) : undefined,
      q.tutorId ? inArray(courses._id, tutoring(tdb, q.tutorId)) : undefined,
    );
    const order = sortBy(q, sortable, desc(courses.createdAt));
    const page = await listPage(tdb.db, courses, where, q, (p) =>
      tdb.db.select().from(courses).where(where).orderBy(order, desc(courses._id)).limit(p.limit).offset(p.offset).all(),
    );
    return c.json(paged(await courseRecords(tdb, page.docs), page.totalDocs, q));
  })
  .post('/admin/courses', ...can('create'), validate('json', courseInput), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await detail(tdb, await createCourse(tdb, authOf(c), c.req.valid('json')), false), 201);
  })
  .get('/admin/courses/:id', ...can('view'), validate('param', idParam), validate('query', courseDetailQuery), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await detail(tdb, await findCourse(tdb, c.req.valid('param').id), Boolean(c.req.valid('query').subSections)));
  })
  .put('/admin/courses/:id', ...can('edit'), validate('param', idParam), validate('json', courseUpdate), async (c) => {
    const tdb = tenantDb(c);
    const course = await findCourse(tdb, c.req.valid('param').id);
    return c.json(await detail(tdb, await updateCourse(tdb, course, c.req.valid('json')), false));
  })
  .delete('/admin/courses/:id', ...can('delete'), validate('param', idParam), async (c) => c.json(await deleteCourse(tenantDb(c), c.req.valid('param').id)))
  .get('/courses', requireAuth, requireAccount, validate('query', courseListQuery), async (c) => {
    const tdb = tenantDb(c);
    const auth = authOf(c);
    const q = c.req.valid('query');
    const asStudent = and(inArray(courses._id, enrolledIn(tdb, auth.actingUserId, q.enrolment)), eq(courses.status, 'ACTIVE'));
    const member = q.enrolment === 'UNENROLLED' ? asStudent : or(asStudent, inArray(courses._id, tutoring(tdb, auth.actingUserId)));
    const where = tdb.where(
      courses,
      isNull(courses.deletedAt),
      member,
      q.searchText ? contains(courses.title, q.searchText) : undefined,
      q.isOneToOne === undefined ? undefined : eq(courses.isOneToOne, q.isOneToOne),
    );
    const page = await listPage(tdb.db, courses, where, q, (p) =>
      tdb.db.select().from(courses).where(where).orderBy(desc(courses.createdAt), desc(courses._id)).limit(p.limit).offset(p.offset).all(),
    );
    const rows = page.docs;
    const ids = rows.map((r) => r._id);
    const timeZone = q.deviceTimezone ?? (await userTimezone(tdb, auth.actingUserId));
    const [extras, lessons, enrolments, tutorOf] = await Promise.all([
      courseExtras(tdb, ids),
      nextLessons(tdb, ids, timeZone),
      ids.length
        ? tdb.db
            .select({ courseId: courseStudents.courseId, status: courseStudents.status })
            .from(courseStudents)
            .where(tdb.where(courseStudents, eq(courseStudents.userId, auth.actingUserId), inArray(courseStudents.courseId, ids)))
            .all()
        : [],
      ids.length ? tutoring(tdb, auth.actingUserId).all() : [],
    ]);
    const enrolmentOf = new Map(enrolments.map((e) => [e.courseId, e.status]));
    const tutorSet = new Set(tutorOf.map((t) => t.id));
    const docs: MyCourse[] = rows.map((row) => ({
      ...toCourse(row, extras),
      enrolment: enrolmentOf.get(row._id) ?? null,
      asTutor: tutorSet.has(row._id),
      nextLesson: lessons.get(row._id) ?? null,
    }));
    return c.json(paged(docs, page.totalDocs, q));
  })
  .get('/courses/:id', requireAuth, requireAccount, validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const auth = authOf(c);
    const access = await courseAccessOf(tdb, auth, c.req.valid('param').id);
    const q = await parseQuery(c, courseDetailQuery);
    const timeZone = q.deviceTimezone ?? (await userTimezone(tdb, auth.actingUserId));
    const course = await detail(tdb, access.course, Boolean(q.subSections));
    const lessons = await nextLessons(tdb, [course._id], timeZone);
    return c.json({
      ...course,
      enrolment: access.enrolled ? 'ENROLLED' : null,
      asTutor: Boolean(access.tutorPermissions),
      tutorPermissions: access.tutorPermissions,
      nextLesson: lessons.get(course._id) ?? null,
    });
  })
  .put('/courses/:id', requireAuth, requireAccount, validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const access = await courseAccessOf(tdb, authOf(c), c.req.valid('param').id);
    requireCourseAction(access, { COURSE: ['edit'] }, 'edit');
    return c.json(await detail(tdb, await updateCourseText(tdb, access.course, await parseJson(c, tutorCourseUpdate)), false));
  });
