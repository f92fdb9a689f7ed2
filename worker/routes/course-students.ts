import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import { courseStudentInput, courseStudentListQuery, courseStudentUpdate } from '../../schema/contracts/course-students';
import { courseStudents } from '../../schema/tables';
import type { AppBindings } from '../env';
import { enrolStudent, findEnrolment, removeEnrolment, selectEnrolments, toCourseStudent, updateEnrolment, verifyDelete } from '../lib/courses/course-students';
import { memberListWhere, membershipsOf } from '../lib/courses/records';
import { listPage, paged } from '../lib/pagination';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('adminCourse', actions)] as const;

export const courseStudentRoutes = new Hono<AppBindings>()
  .get('/admin/course-students', ...can('view'), validate('query', courseStudentListQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const where = memberListWhere(tdb, courseStudents, q);
    const page = await listPage(tdb.db, courseStudents, where, q, (p) =>
      selectEnrolments(tdb).where(where).orderBy(desc(courseStudents.createdAt), desc(courseStudents._id)).limit(p.limit).offset(p.offset).all(),
    );
    return c.json(paged(page.docs.map(toCourseStudent), page.totalDocs, q));
  })
  .get('/admin/course-students/verify-delete/:id', ...can('delete'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await verifyDelete(tdb, await findEnrolment(tdb, c.req.valid('param').id)));
  })
  .post('/admin/course-students', ...can('create'), validate('json', courseStudentInput), async (c) =>
    c.json(toCourseStudent(await enrolStudent(tenantDb(c), c.req.valid('json'))), 201),
  )
  .put('/admin/course-students/:id', ...can('edit'), validate('param', idParam), validate('json', courseStudentUpdate), async (c) => {
    const tdb = tenantDb(c);
    return c.json(toCourseStudent(await updateEnrolment(tdb, await findEnrolment(tdb, c.req.valid('param').id), c.req.valid('json'))));
  })
  .delete('/admin/course-students/:id', ...can('delete'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await removeEnrolment(tdb, await findEnrolment(tdb, c.req.valid('param').id)));
  })
  .get('/user/enrolment-course-students', requireAuth, requireAccount, async (c) => {
    const tdb = tenantDb(c);
    const rows = await selectEnrolments(tdb)
      .where(membershipsOf(tdb, courseStudents, authOf(c).actingUserId))
      .orderBy(desc(courseStudents.createdAt))
      .all();
    return c.json(rows.map(toCourseStudent));
  });
