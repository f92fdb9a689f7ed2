import { eq, inArray, isNull, max, type SQL } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import { hasPermission, type Requirement } from '../../../schema/contracts/permissions';
import type { SectionKind } from '../../../schema/contracts/sections';
import { sections } from '../../../schema/tables';
import type { Actor } from '../../env';
import { type CourseAccess, courseAccessOf, requireCourseAction } from '../courses/access';
import type { TenantDb } from '../tenant-db';
import type { SectionRow } from './tree';

export type SectionAction = 'create' | 'edit' | 'delete';

/**
 * The course-role requirement for acting on a section of this kind (spec 1 section 6). RESOURCE only has a create
 * action, so it covers editing and removing resources and homework too.
 */
export function requirementFor(kind: SectionKind, action: SectionAction): Requirement {
  if (kind === 'RESOURCE' || kind === 'HOMEWORK') return { RESOURCE: ['create'] };
  return { [kind]: [action] };
}

export const requireSectionAction = (access: CourseAccess, kind: SectionKind, action: SectionAction) =>
  requireCourseAction(access, requirementFor(kind, action), action);

/** Who may read the tree: admins and tutors with COURSE view see everything, enrolled students ACTIVE sections only. */
export function readScope(access: CourseAccess): { activeOnly: boolean } {
  if (hasPermission(access.asAdmin, { adminCourse: ['view'] }) || hasPermission(access.tutorPermissions, { COURSE: ['view'] })) return { activeOnly: false };
  if (access.enrolled) return { activeOnly: true };
  throw new ApiError(403, 'Your course role does not allow this (COURSE: view)');
}

export const courseAccessFor = courseAccessOf;

const sectionNotFound = () => new ApiError(404, 'Section not found');

/**
 * A live section of one of `kinds` with the caller's access to its course, after the course-role check for
 * `action`. Non-members get the same 404 as a missing section.
 */
export async function editableSection(tdb: TenantDb, actor: Actor, id: string, kinds: readonly SectionKind[], action: SectionAction) {
  const row = await tdb.db
    .select()
    .from(sections)
    .where(tdb.where(sections, eq(sections._id, id), isNull(sections.deletedAt)))
    .get();
  if (!row || !kinds.includes(row.kind)) throw sectionNotFound();
  const access = await courseAccessFor(tdb, actor, row.courseId);
  requireSectionAction(access, row.kind, action);
  return { row, access };
}

/** A parent must be a live SECTION (not a lesson or resource) of the same course. */
export async function assertParent(tdb: TenantDb, courseId: string, parentId: string | null, path = 'parent') {
  if (parentId === null) return;
  const parent = await tdb.db
    .select({ kind: sections.kind })
    .from(sections)
    .where(tdb.where(sections, eq(sections._id, parentId), eq(sections.courseId, courseId), isNull(sections.deletedAt)))
    .get();
  if (!parent || parent.kind !== 'SECTION') throw fieldError(path, 'must be a section of the same course');
}

/** New sections go to the end of their siblings. */
export async function nextSortingKey(tdb: TenantDb, courseId: string, parentId: string | null) {
  const row = await tdb.db
    .select({ last: max(sections.sortingKey) })
    .from(sections)
    .where(
      tdb.where(
        sections,
        eq(sections.courseId, courseId),
        parentId === null ? isNull(sections.parentId) : eq(sections.parentId, parentId),
        isNull(sections.deletedAt),
      ),
    )
    .get();
  return (row?.last ?? 0) + 1;
}

/** The ids of the section and everything below it. */
export function withDescendants(rows: Pick<SectionRow, '_id' | 'parentId'>[], id: string) {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parentId && found.has(row.parentId) && !found.has(row._id)) {
        found.add(row._id);
        grew = true;
      }
    }
  }
  return [...found];
}

/** D1 binds at most 100 values per statement, so long id lists are split. */
export function chunks<T>(items: T[], size = 90): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** Statements that soft-delete the given sections (for one D1 batch with whatever else the call writes). */
export function softDeleteStatements(tdb: TenantDb, ids: string[], now = new Date(), guard?: SQL) {
  return chunks(ids).map((part) =>
    tdb.db
      .update(sections)
      .set({ deletedAt: now })
      .where(tdb.where(sections, inArray(sections._id, part), isNull(sections.deletedAt), guard)),
  );
}
