import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { idParam, recordId } from '../../schema/contracts/common';
import { courseIdQuery, courseTutorInput, courseTutorListQuery, courseTutorUpdate, tutorVerifyQuery } from '../../schema/contracts/course-students';
import { courseTutors } from '../../schema/tables';
import type { AppBindings } from '../env';
import {
  addCourseTutor,
  findCourseTutor,
  removeCourseTutor,
  selectCourseTutors,
  toCourseTutor,
  updateCourseTutor,
  verifyTutorRemoval,
} from '../lib/courses/course-tutors';
import { memberListWhere, membershipsOf } from '../lib/courses/records';
import { listPage, paged } from '../lib/pagination';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('adminCourse', actions)] as const;
const tutorIdParam = z.object({ tutorId: recordId });

export const courseTutorRoutes = new Hono<AppBindings>()
  .get('/admin/course-tutors', ...can('view'), validate('query', courseTutorListQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const where = memberListWhere(tdb, courseTutors, q);
    const page = await listPage(tdb.db, courseTutors, where, q, (p) =>
      selectCourseTutors(tdb).where(where).orderBy(desc(courseTutors.createdAt), desc(courseTutors._id)).limit(p.limit).offset(p.offset).all(),
    );
    return c.json(paged(page.docs.map(toCourseTutor), page.totalDocs, q));
  })
  .get('/admin/course-tutors/tutor/:tutorId', ...can('view'), validate('param', tutorIdParam), async (c) => {
    const tdb = tenantDb(c);
    const rows = await selectCourseTutors(tdb)
      .where(membershipsOf(tdb, courseTutors, c.req.valid('param').tutorId))
      .orderBy(desc(courseTutors.createdAt))
      .all();
    return c.json(rows.map(toCourseTutor));
  })
  .get('/admin/course-tutors/verify-delete/:id', ...can('delete', 'edit'), validate('param', idParam), validate('query', tutorVerifyQuery), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await verifyTutorRemoval(tdb, await findCourseTutor(tdb, c.req.valid('param').id), c.req.valid('query').type));
  })
  .post('/admin/course-tutors', ...can('create'), validate('json', courseTutorInput), async (c) =>
    c.json(toCourseTutor(await addCourseTutor(tenantDb(c), c.req.valid('json'))), 201),
  )
  .put('/admin/course-tutors/:id', ...can('edit'), validate('param', idParam), validate('json', courseTutorUpdate), async (c) => {
    const tdb = tenantDb(c);
    return c.json(toCourseTutor(await updateCourseTutor(tdb, await findCourseTutor(tdb, c.req.valid('param').id), c.req.valid('json'))));
  })
  .delete('/admin/course-tutors/:id', ...can('delete'), validate('param', idParam), validate('query', courseIdQuery), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await removeCourseTutor(tdb, await findCourseTutor(tdb, c.req.valid('param').id), c.req.valid('query').course));
  })
  .get('/user/enrolment-course-tutors', requireAuth, requireAccount, async (c) => {
    const tdb = tenantDb(c);
    const rows = await selectCourseTutors(tdb)
      .where(membershipsOf(tdb, courseTutors, authOf(c).actingUserId))
      .orderBy(desc(courseTutors.createdAt))
      .all();
    return c.json(rows.map(toCourseTutor));
  });
