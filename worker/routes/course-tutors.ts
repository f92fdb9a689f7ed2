import { count, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  courseIdQuery,
  type CourseTutor,
  courseTutorInput,
  courseTutorListQuery,
  courseTutorUpdate,
  type EnrolmentVerifyDelete,
  tutorVerifyQuery,
} from '../../schema/contracts/course-enrolments';
import { courses, courseTutors, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { assertTutorRole, defaultTutorRoleId, isEnrolmentTaken } from '../lib/courses/enrolments';
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
    .select({ row: courseTutors, courseTitle: courses.title, user: personColumns })
    .from(courseTutors)
    .innerJoin(courses, eq(courses._id, courseTutors.courseId))
    .innerJoin(users, eq(users._id, courseTutors.userId));

type Joined = Awaited<ReturnType<ReturnType<typeof select>['all']>>[number];

const toCourseTutor = ({ row, courseTitle, user }: Joined): CourseTutor => ({
  _id: row._id,
  course: row.courseId,
  courseTitle,
  user: toPerson(user),
  type: row.type,
  status: row.status,
  tutorRoleId: row.tutorRoleId,
  groupClassId: row.groupClassId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function findCourseTutor(tdb: TenantDb, id: string) {
  const found = await select(tdb).where(tdb.where(courseTutors, eq(courseTutors._id, id), isNull(courses.deletedAt))).get();
  if (!found) throw new ApiError(404, 'Course tutor not found');
  return found;
}

/**
 * A tutor can come off a course (deleted or disabled) unless they are its only enabled tutor while lessons are
 * still to come: those lessons would be left with nobody to teach them.
 */
async function verifyDelete(tdb: TenantDb, tutor: Joined, type: 'DELETE' | 'DISABLE'): Promise<EnrolmentVerifyDelete> {
  const upcomingLessons = await upcomingLessonCount(tdb, tutor.row.courseId);
  const others = await tdb.db
    .select({ n: count() })
    .from(courseTutors)
    .where(tdb.where(courseTutors, eq(courseTutors.courseId, tutor.row.courseId), eq(courseTutors.status, 'ENABLE')))
    .get();
  const enabledOthers = (others?.n ?? 0) - (tutor.row.status === 'ENABLE' ? 1 : 0);
  const name = `${tutor.user.firstname} ${tutor.user.lastname}`.trim();
  const verb = type === 'DELETE' ? 'removed from' : 'disabled on';
  if (upcomingLessons > 0 && enabledOthers === 0 && (type === 'DELETE' || tutor.row.status === 'ENABLE')) {
    return {
      canDelete: false,
      upcomingLessons,
      message: `${name} is the only tutor of "${tutor.courseTitle}", which has ${upcomingLessons} upcoming lesson${upcomingLessons === 1 ? '' : 's'}. Add another tutor first.`,
    };
  }
  return { canDelete: true, upcomingLessons, message: `${name} will be ${verb} "${tutor.courseTitle}".` };
}

export const courseTutorRoutes = new Hono<AppBindings>()
  .get('/admin/course-tutors', ...can('view'), validate('query', courseTutorListQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const where = tdb.where(
      courseTutors,
      isNull(courses.deletedAt),
      q.course ? eq(courseTutors.courseId, q.course) : undefined,
      q.status ? eq(courseTutors.status, q.status) : undefined,
    );
    const [rows, total] = await Promise.all([
      select(tdb).where(where).orderBy(desc(courseTutors.createdAt), desc(courseTutors._id)).limit(q.limit).offset(q.offset).all(),
      tdb.db.select({ n: count() }).from(courseTutors).innerJoin(courses, eq(courses._id, courseTutors.courseId)).where(where).get(),
    ]);
    return c.json(paged(rows.map(toCourseTutor), total?.n ?? 0, q));
  })
  .get('/admin/course-tutors/tutor/:tutorId', ...can('view'), async (c) => {
    const tdb = tenantDb(c);
    const rows = await select(tdb)
      .where(tdb.where(courseTutors, eq(courseTutors.userId, c.req.param('tutorId')), isNull(courses.deletedAt)))
      .orderBy(desc(courseTutors.createdAt))
      .all();
    return c.json(rows.map(toCourseTutor));
  })
  .get('/admin/course-tutors/verify-delete/:id', ...can('delete', 'edit'), validate('query', tutorVerifyQuery), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await verifyDelete(tdb, await findCourseTutor(tdb, c.req.param('id')), c.req.valid('query').type));
  })
  .post('/admin/course-tutors', ...can('create'), validate('json', courseTutorInput), async (c) => {
    const tdb = tenantDb(c);
    const input = c.req.valid('json');
    const course = await findCourse(tdb, input.course).catch(() => {
      throw new ApiError(400, 'course: is not a course of this site', [{ path: 'course', message: 'is not a course of this site' }]);
    });
    await assertUsers(tdb, [input.user], 'TUTOR', 'user', false);
    if (input.tutorRoleId) await assertTutorRole(tdb, input.tutorRoleId);
    if (await isEnrolmentTaken(tdb, courseTutors, course._id, input.user)) throw new ApiError(409, 'This tutor is already on the course');
    const created = await tdb.db
      .insert(courseTutors)
      .values(
        tdb.values(courseTutors, {
          courseId: course._id,
          userId: input.user,
          type: input.type,
          tutorRoleId: input.tutorRoleId ?? (await defaultTutorRoleId(tdb)),
          groupClassId: input.groupClassId ?? course.groupClassId,
        }),
      )
      .returning()
      .get();
    return c.json(toCourseTutor(await findCourseTutor(tdb, created._id)), 201);
  })
  .put('/admin/course-tutors/:id', ...can('edit'), validate('json', courseTutorUpdate), async (c) => {
    const tdb = tenantDb(c);
    const tutor = await findCourseTutor(tdb, c.req.param('id'));
    const { status, ...rest } = c.req.valid('json');
    if (rest.tutorRoleId) await assertTutorRole(tdb, rest.tutorRoleId);
    // The toggle rule: ENABLE adds or updates the tutor on the course; any other status takes them off it.
    const nextStatus = status === undefined ? tutor.row.status : status === 'ENABLE' ? 'ENABLE' : 'DISABLE';
    if (nextStatus === 'DISABLE' && tutor.row.status === 'ENABLE') {
      const check = await verifyDelete(tdb, tutor, 'DISABLE');
      if (!check.canDelete) throw new ApiError(409, check.message);
    }
    await tdb.db
      .update(courseTutors)
      .set({ ...rest, status: nextStatus })
      .where(tdb.where(courseTutors, eq(courseTutors._id, tutor.row._id)));
    return c.json(toCourseTutor(await findCourseTutor(tdb, tutor.row._id)));
  })
  .delete('/admin/course-tutors/:id', ...can('delete'), validate('query', courseIdQuery), async (c) => {
    const tdb = tenantDb(c);
    const tutor = await findCourseTutor(tdb, c.req.param('id'));
    if (tutor.row.courseId !== c.req.valid('query').course) throw new ApiError(404, 'Course tutor not found');
    const check = await verifyDelete(tdb, tutor, 'DELETE');
    if (!check.canDelete) throw new ApiError(409, check.message);
    await tdb.db.delete(courseTutors).where(tdb.where(courseTutors, eq(courseTutors._id, tutor.row._id)));
    return c.json({ _id: tutor.row._id });
  })
  .get('/user/enrolment-course-tutors', requireAuth, requireAccount, async (c) => {
    const tdb = tenantDb(c);
    const rows = await select(tdb)
      .where(tdb.where(courseTutors, eq(courseTutors.userId, authOf(c).actingUserId), isNull(courses.deletedAt)))
      .orderBy(desc(courseTutors.createdAt))
      .all();
    return c.json(rows.map(toCourseTutor));
  });
