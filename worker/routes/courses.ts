import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminCourseListQuery, courseDetailQuery, courseInput, courseListQuery, courseUpdate, type MyCourse, tutorCourseUpdate } from '../../schema/contracts/courses';
import { courses, courseStudents, courseTutors, users } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import type { AppBindings } from '../env';
import { courseAccess, requireCourseAction } from '../lib/courses/access';
import { defaultTutorRoleId } from '../lib/courses/enrolments';
import { assertCatalogue, assertUsers, courseExtras, courseRecords, findCourse, nextLessons, toCourse } from '../lib/courses/records';
import { paged, sortBy } from '../lib/pagination';
import { contains } from '../lib/search';
import { loadSectionTree } from '../lib/sections/tree';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { fieldError } from '../../platform/errors';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

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
  const user = await tdb.db.select({ timezone: users.timezone }).from(users).where(tdb.where(users, eq(users._id, userId))).get();
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
    const [rows, total] = await Promise.all([
      tdb.db.select().from(courses).where(where).orderBy(order, desc(courses._id)).limit(q.limit).offset(q.offset).all(),
      tdb.db.select({ n: count() }).from(courses).where(where).get(),
    ]);
    return c.json(paged(await courseRecords(tdb, rows), total?.n ?? 0, q));
  })
  .post('/admin/courses', ...can('create'), validate('json', courseInput), async (c) => {
    const tdb = tenantDb(c);
    const { tutors, students, ...input } = c.req.valid('json');
    const isOneToOne = input.kind === 'One-to-One';
    if (isOneToOne && students.length > 1) throw fieldError('students', 'a one-to-one course has one student');
    if (new Set(tutors).size !== tutors.length) throw fieldError('tutors', 'lists a tutor twice');
    if (new Set(students).size !== students.length) throw fieldError('students', 'lists a student twice');
    await assertCatalogue(tdb, input);
    await assertUsers(tdb, tutors, 'TUTOR', 'tutors');
    await assertUsers(tdb, students, 'STUDENT', 'students');
    const tutorRoleId = tutors.length > 0 ? await defaultTutorRoleId(tdb) : '';
    const courseId = newId();
    // One batch, so a course is never left without the people it was created with.
    await tdb.db.batch([
      tdb.db.insert(courses).values(tdb.values(courses, { ...input, _id: courseId, isOneToOne, createdBy: authOf(c).userId })),
      ...tutors.map((userId, i) =>
        tdb.db.insert(courseTutors).values(tdb.values(courseTutors, { courseId, userId, type: i === 0 ? 'PRIMARY' : 'SUBSTITUTE', tutorRoleId })),
      ),
      ...students.map((userId) => tdb.db.insert(courseStudents).values(tdb.values(courseStudents, { courseId, userId, paymentType: input.paymentType }))),
    ]);
    const created = await findCourse(tdb, courseId);
    return c.json(await detail(tdb, created, false), 201);
  })
  .get('/admin/courses/:id', ...can('view'), validate('query', courseDetailQuery), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await detail(tdb, await findCourse(tdb, c.req.param('id')), Boolean(c.req.valid('query').subSections)));
  })
  .put('/admin/courses/:id', ...can('edit'), validate('json', courseUpdate), async (c) => {
    const tdb = tenantDb(c);
    const course = await findCourse(tdb, c.req.param('id'));
    const input = c.req.valid('json');
    const merged = { curriculum: input.curriculum ?? course.curriculum, subject: input.subject ?? course.subject, grade: input.grade ?? course.grade };
    if (input.curriculum || input.subject || input.grade) await assertCatalogue(tdb, merged);
    const kind = input.kind ?? course.kind;
    if (kind === 'One-to-One' && !course.isOneToOne) {
      const enrolled = await tdb.db
        .select({ n: count() })
        .from(courseStudents)
        .where(tdb.where(courseStudents, eq(courseStudents.courseId, course._id), eq(courseStudents.status, 'ENROLLED')))
        .get();
      if ((enrolled?.n ?? 0) > 1) throw fieldError('kind', 'the course has more than one student, so it cannot be one-to-one');
    }
    const updated = await tdb.db
      .update(courses)
      .set({ ...input, isOneToOne: kind === 'One-to-One' })
      .where(tdb.where(courses, eq(courses._id, course._id)))
      .returning()
      .get();
    return c.json(await detail(tdb, updated, false));
  })
  .delete('/admin/courses/:id', ...can('delete'), async (c) => {
    const tdb = tenantDb(c);
    const course = await findCourse(tdb, c.req.param('id'));
    await tdb.db
      .update(courses)
      .set({ deletedAt: new Date() })
      .where(tdb.where(courses, eq(courses._id, course._id)));
    return c.json({ _id: course._id });
  })
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
    const [rows, total] = await Promise.all([
      tdb.db.select().from(courses).where(where).orderBy(desc(courses.createdAt), desc(courses._id)).limit(q.limit).offset(q.offset).all(),
      tdb.db.select({ n: count() }).from(courses).where(where).get(),
    ]);
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
    return c.json(paged(docs, total?.n ?? 0, q));
  })
  .get('/courses/:id', requireAuth, requireAccount, validate('query', courseDetailQuery), async (c) => {
    const tdb = tenantDb(c);
    const auth = authOf(c);
    const q = c.req.valid('query');
    const access = await courseAccess(tdb, c.get('tenant').permissions, auth, c.req.param('id'));
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
  .put('/courses/:id', requireAuth, requireAccount, validate('json', tutorCourseUpdate), async (c) => {
    const tdb = tenantDb(c);
    const access = await courseAccess(tdb, c.get('tenant').permissions, authOf(c), c.req.param('id'));
    requireCourseAction(access, { COURSE: ['edit'] }, 'edit');
    const updated = await tdb.db
      .update(courses)
      .set(c.req.valid('json'))
      .where(tdb.where(courses, eq(courses._id, access.course._id)))
      .returning()
      .get();
    return c.json(await detail(tdb, updated, false));
  });
