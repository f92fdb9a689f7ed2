import { asc, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  courseFromTemplateInput,
  type CourseTemplate,
  courseTemplateInput,
  courseTemplateListQuery,
  courseTemplateUpdate,
  templateDetailQuery,
} from '../../schema/contracts/course-templates';
import { courses, courseTemplates, sections } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import type { AppBindings } from '../env';
import { assertCatalogue, courseRecords, findCourse } from '../lib/courses/records';
import { countSections, courseTreeAsTemplate, templateRows } from '../lib/courses/template-tree';
import { paged } from '../lib/pagination';
import { contains } from '../lib/search';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('adminCourse', actions)] as const;

type TemplateRow = typeof courseTemplates.$inferSelect;

const toTemplate = ({ tenantId: _t, sections: tree, ...row }: TemplateRow, withSections = false): CourseTemplate => ({
  ...row,
  sectionsCount: countSections(tree),
  ...(withSections ? { sections: tree } : {}),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function findTemplate(tdb: TenantDb, id: string) {
  const row = await tdb.db.select().from(courseTemplates).where(tdb.where(courseTemplates, eq(courseTemplates._id, id))).get();
  if (!row) throw new ApiError(404, 'Course template not found');
  return row;
}

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
    const [rows, total] = await Promise.all([
      tdb.db.select().from(courseTemplates).where(where).orderBy(order, desc(courseTemplates._id)).limit(q.limit).offset(q.offset).all(),
      tdb.db.select({ n: count() }).from(courseTemplates).where(where).get(),
    ]);
    return c.json(paged(rows.map((row) => toTemplate(row)), total?.n ?? 0, q));
  })
  .post('/admin/course-templates', ...can('create'), validate('json', courseTemplateInput), async (c) => {
    const tdb = tenantDb(c);
    const { fromCourseId, sections: given, ...input } = c.req.valid('json');
    await assertCatalogue(tdb, input);
    if (fromCourseId) {
      await findCourse(tdb, fromCourseId).catch(() => {
        throw new ApiError(400, 'fromCourseId: is not a course of this site', [{ path: 'fromCourseId', message: 'is not a course of this site' }]);
      });
    }
    const tree = given ?? (await courseTreeAsTemplate(tdb, fromCourseId!));
    const created = await tdb.db
      .insert(courseTemplates)
      .values(tdb.values(courseTemplates, { ...input, courseId: fromCourseId ?? null, sections: tree }))
      .returning()
      .get();
    return c.json(toTemplate(created, true), 201);
  })
  .get('/admin/course-templates/:id', ...can('view'), validate('query', templateDetailQuery), async (c) => {
    const tdb = tenantDb(c);
    return c.json(toTemplate(await findTemplate(tdb, c.req.param('id')), Boolean(c.req.valid('query').isSectionsAllowed)));
  })
  .put('/admin/course-templates/:id', ...can('edit'), validate('json', courseTemplateUpdate), async (c) => {
    const tdb = tenantDb(c);
    const template = await findTemplate(tdb, c.req.param('id'));
    const input = c.req.valid('json');
    if (input.curriculum || input.subject || input.grade) {
      await assertCatalogue(tdb, { curriculum: input.curriculum ?? template.curriculum, subject: input.subject ?? template.subject, grade: input.grade ?? template.grade });
    }
    const updated = await tdb.db.update(courseTemplates).set(input).where(tdb.where(courseTemplates, eq(courseTemplates._id, template._id))).returning().get();
    return c.json(toTemplate(updated, true));
  })
  .delete('/admin/course-templates/:id', ...can('delete'), async (c) => {
    const tdb = tenantDb(c);
    const template = await findTemplate(tdb, c.req.param('id'));
    await tdb.db.delete(courseTemplates).where(tdb.where(courseTemplates, eq(courseTemplates._id, template._id)));
    return c.json({ _id: template._id });
  })
  .post('/admin/courses/from-template/:templateId', ...can('create'), validate('json', courseFromTemplateInput), async (c) => {
    const tdb = tenantDb(c);
    const template = await findTemplate(tdb, c.req.param('templateId'));
    const input = c.req.valid('json');
    const createdBy = authOf(c).userId;
    const courseId = newId();
    // One batch, so a course never exists without the tree it was made from.
    await tdb.db.batch([
      tdb.db.insert(courses).values(
        tdb.values(courses, {
          _id: courseId,
          title: input.title ?? template.title,
          description: template.description,
          kind: template.kind,
          isOneToOne: template.kind === 'One-to-One',
          status: input.status,
          paymentType: input.paymentType,
          curriculum: template.curriculum,
          subject: template.subject,
          grade: template.grade,
          createdBy,
        }),
      ),
      ...templateRows(tdb, courseId, createdBy, template.sections).map((row) => tdb.db.insert(sections).values(row)),
    ]);
    const course = await findCourse(tdb, courseId);
    const [record] = await courseRecords(tdb, [course]);
    return c.json(record!, 201);
  });
