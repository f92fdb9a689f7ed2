import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TemplateSection } from '../../../schema/contracts/course-templates';
import { sections } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { TenantDb } from '../tenant-db';

type SectionRow = typeof sections.$inferSelect;

/**
 * A course's live tree as template JSON: titles, kinds, order, meeting lengths and links. Dates, files and
 * cancelled meetings stay behind, since a template describes the plan, not what happened on one course.
 */
export async function courseTreeAsTemplate(tdb: TenantDb, courseId: string): Promise<TemplateSection[]> {
  const rows = await tdb.db
    .select()
    .from(sections)
    .where(tdb.where(sections, and(eq(sections.courseId, courseId), isNull(sections.deletedAt))))
    .orderBy(asc(sections.sortingKey))
    .all();
  const children = new Map<string | null, SectionRow[]>();
  for (const row of rows) {
    if (row.status === 'CANCELLED') continue;
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const build = (parentId: string | null): TemplateSection[] =>
    (children.get(parentId) ?? []).map((row) => {
      const nested = row.kind === 'SECTION' ? build(row._id) : [];
      return {
        kind: row.kind,
        title: row.title,
        ...(row.description ? { description: row.description } : {}),
        ...(row.duration ? { duration: row.duration } : {}),
        ...(row.link ? { link: row.link } : {}),
        ...(nested.length ? { sections: nested } : {}),
      };
    });
  return build(null);
}

export const countSections = (tree: TemplateSection[]): number => tree.reduce((n, node) => n + 1 + countSections(node.sections ?? []), 0);

/**
 * The section rows that build `tree` on a course: siblings get sortingKey 1000, 2000, … and nested items point at
 * their parent. Meetings come without a start, to be scheduled later.
 */
export function templateRows(tdb: TenantDb, courseId: string, createdBy: string, tree: TemplateSection[]) {
  const rows: (typeof sections.$inferInsert)[] = [];
  const walk = (nodes: TemplateSection[], parentId: string | null) =>
    nodes.forEach((node, i) => {
      const _id = newId();
      const meeting = node.kind === 'ZOOM' || node.kind === 'TEAMS';
      rows.push(
        tdb.values(sections, {
          _id,
          courseId,
          parentId,
          sortingKey: (i + 1) * 1000,
          kind: node.kind,
          title: node.title,
          description: node.description ?? '',
          link: node.link ?? null,
          duration: meeting ? (node.duration ?? 60) : null,
          lessonKind: meeting ? 'LESSON' : null,
          billingKind: meeting ? 'BILLABLE' : null,
          createdBy,
        }),
      );
      if (node.sections) walk(node.sections, _id);
    });
  walk(tree, null);
  return rows;
}
