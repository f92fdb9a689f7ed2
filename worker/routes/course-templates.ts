import { asc, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { idParam, recordId } from '../../schema/contracts/common';
import {
  courseFromTemplateInput,
  courseTemplateInput,
  courseTemplateListQuery,
  courseTemplateUpdate,
  templateDetailQuery,
} from '../../schema/contracts/course-templates';
import { courseTemplates } from '../../schema/tables';
import type { AppBindings } from '../env';
import { courseRecords } from '../lib/courses/records';
import { courseFromTemplate, createTemplate, deleteTemplate, findTemplate, toTemplate, updateTemplate } from '../lib/courses/templates';
import { listPage, paged } from '../lib/pagination';
import { contains } from '../lib/search';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('adminCourse', actions)] as const;
const templateIdParam = z.object({ templateId: recordId });

const sortColumns = { title: courseTemplates.title, createdAt: courseTemplates.createdAt, updatedAt: courseTemplates.updatedAt };

export const courseTemplateRoutes = new Hono<AppBindings>()
  .get('/admin/course-templates', ...can('view'), validate('query', courseTemplateListQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const where = tdb.where(
      courseTemplates,
      q.searchText ? contains(courseTemplates.title, q.searchText) : undefined,
      q.courseId ? eq(courseTemplates.courseId, q.courseId) : undefined,
      q.curriculum ? eq(courseTemplates.curriculum, q.curriculum) : undefined,
      q.subject ? eq(courseTemplates.subject, q.subject) : undefined,
      q.grade ? eq(courseTemplates.grade, q.grade) : undefined,
    );
    const key = (q.sort?.replace(/^-/, '') ?? 'createdAt') as keyof typeof sortColumns;
    const order = q.sort && !q.sort.startsWith('-') ? asc(sortColumns[key]) : desc(sortColumns[key]);
    const page = await listPage(tdb.db, courseTemplates, where, q, (p) =>
      tdb.db.select().from(courseTemplates).where(where).orderBy(order, desc(courseTemplates._id)).limit(p.limit).offset(p.offset).all(),
    );
    return c.json(
      paged(
        page.docs.map((row) => toTemplate(row)),
        page.totalDocs,
        q,
      ),
    );
  })
  .post('/admin/course-templates', ...can('create'), validate('json', courseTemplateInput), async (c) =>
    c.json(toTemplate(await createTemplate(tenantDb(c), c.req.valid('json')), true), 201),
  )
  .get('/admin/course-templates/:id', ...can('view'), validate('param', idParam), validate('query', templateDetailQuery), async (c) =>
    c.json(toTemplate(await findTemplate(tenantDb(c), c.req.valid('param').id), Boolean(c.req.valid('query').isSectionsAllowed))),
  )
  .put('/admin/course-templates/:id', ...can('edit'), validate('param', idParam), validate('json', courseTemplateUpdate), async (c) => {
    const tdb = tenantDb(c);
    return c.json(toTemplate(await updateTemplate(tdb, await findTemplate(tdb, c.req.valid('param').id), c.req.valid('json')), true));
  })
  .delete('/admin/course-templates/:id', ...can('delete'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await deleteTemplate(tdb, await findTemplate(tdb, c.req.valid('param').id)));
  })
  .post(
    '/admin/courses/from-template/:templateId',
    ...can('create'),
    validate('param', templateIdParam),
    validate('json', courseFromTemplateInput),
    async (c) => {
      const tdb = tenantDb(c);
      const template = await findTemplate(tdb, c.req.valid('param').templateId);
      const course = await courseFromTemplate(tdb, authOf(c), template, c.req.valid('json'));
      const [record] = await courseRecords(tdb, [course]);
      return c.json(record!, 201);
    },
  );
