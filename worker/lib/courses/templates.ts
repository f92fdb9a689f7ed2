import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../../platform/errors';
import type { CourseTemplate, courseFromTemplateInput, courseTemplateInput, courseTemplateUpdate } from '../../../schema/contracts/course-templates';
import { courses, courseTemplates, sections } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { assertCatalogue, findCourse } from './records';
import { countSections, courseTreeAsTemplate, templateRows } from './template-tree';

export type TemplateRow = typeof courseTemplates.$inferSelect;

export const toTemplate = ({ tenantId: _t, sections: tree, ...row }: TemplateRow, withSections = false): CourseTemplate => ({
  ...row,
  sectionsCount: countSections(tree),
  ...(withSections ? { sections: tree } : {}),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function findTemplate(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(courseTemplates)
    .where(tdb.where(courseTemplates, eq(courseTemplates._id, id)))
    .get();
  if (!row) throw new ApiError(404, 'Course template not found');
  return row;
}

/** A template from the sections given, or from a course's live tree. */
export async function createTemplate(tdb: TenantDb, input: z.output<typeof courseTemplateInput>) {
  const { fromCourseId, sections: given, ...fields } = input;
  await assertCatalogue(tdb, fields);
  if (fromCourseId) {
    await findCourse(tdb, fromCourseId).catch(() => {
      throw new ApiError(400, 'fromCourseId: is not a course of this site', [{ path: 'fromCourseId', message: 'is not a course of this site' }]);
    });
  }
  const tree = given ?? (await courseTreeAsTemplate(tdb, fromCourseId!));
  return tdb.db
    .insert(courseTemplates)
    .values(tdb.values(courseTemplates, { ...fields, courseId: fromCourseId ?? null, sections: tree }))
    .returning()
    .get();
}

/** Only the fields given change; with none, the template is answered as it is. */
export async function updateTemplate(tdb: TenantDb, template: TemplateRow, input: z.output<typeof courseTemplateUpdate>) {
  const change = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as typeof input;
  if (Object.keys(change).length === 0) return template;
  if (change.curriculum || change.subject || change.grade) {
    await assertCatalogue(tdb, {
      curriculum: change.curriculum ?? template.curriculum,
      subject: change.subject ?? template.subject,
      grade: change.grade ?? template.grade,
    });
  }
  return tdb.db
    .update(courseTemplates)
    .set(change)
    .where(tdb.where(courseTemplates, eq(courseTemplates._id, template._id)))
    .returning()
    .get();
}

export async function deleteTemplate(tdb: TenantDb, template: TemplateRow) {
  await tdb.db.delete(courseTemplates).where(tdb.where(courseTemplates, eq(courseTemplates._id, template._id)));
  return { _id: template._id };
}

/** A new course with the template's tree, in one batch, so a course never exists without the tree it was made from. */
export async function courseFromTemplate(tdb: TenantDb, actor: Actor, template: TemplateRow, input: z.output<typeof courseFromTemplateInput>) {
  const createdBy = actor.userId;
  const courseId = newId();
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
  return findCourse(tdb, courseId);
}
