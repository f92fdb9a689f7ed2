import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ApiError } from '../../platform/errors';
import type { PermissionMap } from '../../schema/contracts/permissions';
import { hasPermission } from '../../schema/contracts/permissions';
import { sections } from '../../schema/tables';
import type { Actor } from '../env';
import { courseAccess } from './courses/access';
import type { TenantDb } from './tenant-db';

const notFound = () => new ApiError(404, 'Lesson not found');

/**
 * A live lesson (ZOOM or TEAMS section) with the caller's place in it, by the same rule as the document rooms: the
 * signed-in person counts (a parent acting for a child has no seat); non-members get the same 404 as a missing lesson.
 */
export async function lessonAccess(tdb: TenantDb, tenantPermissions: PermissionMap, signedIn: Actor, sectionId: string) {
  const auth = { ...signedIn, actingUserId: signedIn.userId };
  const section = await tdb.db
    .select()
    .from(sections)
    .where(tdb.where(sections, and(eq(sections._id, sectionId), inArray(sections.kind, ['ZOOM', 'TEAMS']), isNull(sections.deletedAt))))
    .get();
  if (!section) throw notFound();
  const access = await courseAccess(tdb, tenantPermissions, auth, section.courseId).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? notFound() : error;
  });
  const adminEdits = hasPermission(access.asAdmin, { adminCourse: ['edit'] });
  return {
    tdb,
    section,
    access,
    userId: signedIn.userId,
    canEdit: access.enrolled || Boolean(access.tutorPermissions) || adminEdits,
    leads: Boolean(access.tutorPermissions) || adminEdits,
  };
}

export type LessonAccess = Awaited<ReturnType<typeof lessonAccess>>;

export function requireLessonEdit(lesson: { canEdit: boolean }) {
  if (!lesson.canEdit) throw new ApiError(403, 'You can watch this lesson but not change it');
}
