import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { LessonRoomInfo } from '../../schema/contracts/lesson-room';
import { hasPermission } from '../../schema/contracts/permissions';
import { sections } from '../../schema/tables';
import type { AppBindings } from '../env';
import { courseAccess } from '../lib/courses/access';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError } from '../middleware/errors';
import { requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const notFound = () => new ApiError(404, 'Lesson not found');

/** The lesson room's header: the lesson, its course and what the caller may do there. Members only. */
export const lessonRoomRoutes = new Hono<AppBindings>().get(
  '/lesson-rooms/:sectionId',
  requireAuth,
  requireAccount,
  validate('param', z.object({ sectionId: z.string().min(1).max(64) })),
  async (c) => {
    const tdb = tenantDb(c);
    // As in the document rooms, the signed-in person counts: a parent acting for a child has no seat in the room.
    const signedIn = authOf(c);
    const auth = { ...signedIn, actingUserId: signedIn.userId };
    const row = await tdb.db
      .select()
      .from(sections)
      .where(tdb.where(sections, and(eq(sections._id, c.req.valid('param').sectionId), inArray(sections.kind, ['ZOOM', 'TEAMS']), isNull(sections.deletedAt))))
      .get();
    if (!row) throw notFound();
    // The same relation the document rooms check, so the page and its documents agree on who is in.
    const access = await courseAccess(tdb, c.get('tenant').permissions, auth, row.courseId).catch((error: unknown) => {
      throw error instanceof ApiError && error.status === 404 ? notFound() : error;
    });
    const adminEdits = hasPermission(access.asAdmin, { adminCourse: ['edit'] });
    const body: LessonRoomInfo = {
      section: {
        _id: row._id,
        title: row.title,
        kind: row.kind as 'ZOOM' | 'TEAMS',
        start: row.start?.toISOString() ?? null,
        duration: row.duration,
        joinUrl: row.joinUrl,
      },
      course: { _id: access.course._id, title: access.course.title, subject: access.course.subject },
      canEdit: access.enrolled || Boolean(access.tutorPermissions) || adminEdits,
      leads: Boolean(access.tutorPermissions) || adminEdits,
    };
    return c.json(body);
  },
);
