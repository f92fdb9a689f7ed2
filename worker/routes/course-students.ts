import { count, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { type CourseStudent, courseStudentInput, courseStudentListQuery, courseStudentUpdate, type EnrolmentVerifyDelete } from '../../schema/contracts/course-enrolments';
import { courses, courseStudents, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { assertSeatFree, isEnrolmentTaken } from '../lib/courses/enrolments';
import { assertUsers, findCourse, personColumns, toPerson, upcomingLessonCount } from '../lib/courses/records';
import { paged } from '../lib/pagination';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('adminCourse', actions)] as const;

const select = (tdb: TenantDb) =>
  tdb.db
    .select({ row: courseStudents, courseTitle: courses.title, user: personColumns })
    .from(courseStudents)
    .innerJoin(courses, eq(courses._id, courseStudents.courseId))
    .innerJoin(users, eq(users._id, courseStudents.userId));

type Joined = Awaited<ReturnType<ReturnType<typeof select>['all']>>[number];

const toCourseStudent = ({ row, courseTitle, user }: Joined): CourseStudent => ({
  _id: row._id,
  course: row.courseId,
  courseTitle,
  user: toPerson(user),
  status: row.status,
  paymentType: row.paymentType,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function findEnrolment(tdb: TenantDb, id: string) {
  const found = await select(tdb).where(tdb.where(courseStudents, eq(courseStudents._id, id), isNull(courses.deletedAt))).get();
  if (!found) throw new ApiError(404, 'Enrolment not found');
  return found;
}

async function verifyDelete(tdb: TenantDb, enrolment: Joined): Promise<EnrolmentVerifyDelete> {
  const upcomingLessons = await upcomingLessonCount(tdb, enrolment.row.courseId);
  const name = `${enrolment.user.firstname} ${enrolment.user.lastname}`.trim();
  return {
    canDelete: true,
    upcomingLessons,
    message:
      upcomingLessons > 0
        ? `${name} will be removed from "${enrolment.courseTitle}", which has ${upcomingLessons} upcoming lesson${upcomingLessons === 1 ? '' : 's'}.`
        : `${name} will be removed from "${enrolment.courseTitle}".`,
  };
}

export const courseStudentRoutes = new Hono<AppBindings>()
  .get('/admin/course-students', ...can('view'), validate('query', courseStudentListQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const where = tdb.where(
      courseStudents,
      isNull(courses.deletedAt),
      q.course ? eq(courseStudents.courseId, q.course) : undefined,
      q.status ? eq(courseStudents.status, q.status) : undefined,
    );
    const [rows, total] = await Promise.all([
      select(tdb).where(where).orderBy(desc(courseStudents.createdAt), desc(courseStudents._id)).limit(q.limit).offset(q.offset).all(),
      tdb.db.select({ n: count() }).from(courseStudents).innerJoin(courses, eq(courses._id, courseStudents.courseId)).where(where).get(),
    ]);
    return c.json(paged(rows.map(toCourseStudent), total?.n ?? 0, q));
  })
  .get('/admin/course-students/verify-delete/:id', ...can('delete'), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await verifyDelete(tdb, await findEnrolment(tdb, c.req.param('id'))));
  })
  .post('/admin/course-students', ...can('create'), validate('json', courseStudentInput), async (c) => {
    const tdb = tenantDb(c);
    const input = c.req.valid('json');
    const course = await findCourse(tdb, input.course).catch(() => {
      throw new ApiError(400, 'course: is not a course of this site', [{ path: 'course', message: 'is not a course of this site' }]);
    });
    await assertUsers(tdb, [input.user], 'STUDENT', 'user', false);
    if (await isEnrolmentTaken(tdb, courseStudents, course._id, input.user)) throw new ApiError(409, 'This student is already on the course');
    if (input.status === 'ENROLLED') await assertSeatFree(tdb, course);
    const created = await tdb.db
      .insert(courseStudents)
      .values(tdb.values(courseStudents, { courseId: course._id, userId: input.user, status: input.status, paymentType: input.paymentType }))
      .returning()
      .get();
    return c.json(toCourseStudent(await findEnrolment(tdb, created._id)), 201);
  })
  .put('/admin/course-students/:id', ...can('edit'), validate('json', courseStudentUpdate), async (c) => {
    const tdb = tenantDb(c);
    const enrolment = await findEnrolment(tdb, c.req.param('id'));
    const input = c.req.valid('json');
    if (input.status === 'ENROLLED' && enrolment.row.status !== 'ENROLLED') await assertSeatFree(tdb, await findCourse(tdb, enrolment.row.courseId), enrolment.row.userId);
    await tdb.db.update(courseStudents).set(input).where(tdb.where(courseStudents, eq(courseStudents._id, enrolment.row._id)));
    return c.json(toCourseStudent(await findEnrolment(tdb, enrolment.row._id)));
  })
  .delete('/admin/course-students/:id', ...can('delete'), async (c) => {
    const tdb = tenantDb(c);
    const enrolment = await findEnrolment(tdb, c.req.param('id'));
    await tdb.db.delete(courseStudents).where(tdb.where(courseStudents, eq(courseStudents._id, enrolment.row._id)));
    return c.json({ _id: enrolment.row._id });
  })
  .get('/user/enrolment-course-students', requireAuth, requireAccount, async (c) => {
    const tdb = tenantDb(c);
    const rows = await select(tdb)
      .where(tdb.where(courseStudents, eq(courseStudents.userId, authOf(c).actingUserId), isNull(courses.deletedAt)))
      .orderBy(desc(courseStudents.createdAt))
      .all();
    return c.json(rows.map(toCourseStudent));
  });
