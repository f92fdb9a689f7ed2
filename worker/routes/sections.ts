import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { idParam } from '../../schema/contracts/common';
import { courseRoleCatalogue, type PermissionMap } from '../../schema/contracts/permissions';
import type { Section } from '../../schema/contracts/sections';
import { anySectionInput, courseQuery, sectionUpdateInput, sortingKeysInput } from '../../schema/contracts/sections';
import type { AppBindings } from '../env';
import type { CourseAccess } from '../lib/courses/access';
import { afterAnswer, notifyContext } from '../lib/notifications/context';
import { notifyLesson } from '../lib/notifications/lesson-notices';
import { courseAccessFor, readScope, requireSectionAction } from '../lib/sections/access';
import { anySection, createSection, deleteSection, saveSortingKeys, updateSection } from '../lib/sections/operations';
import { loadSectionTree } from '../lib/sections/tree';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requireCourseStaff, requirePermission } from '../middleware/permissions';
import { parseJson, parseQuery, validate } from '../middleware/validate';

type Ctx = Context<AppBindings>;

/**
 * What the caller may do in the course, as a course-role map, so screens show only the buttons that will work: a
 * tutor's role map, or for an admin every course resource with the admin-course actions they hold.
 */
function courseActions(access: CourseAccess): PermissionMap {
  const adminActions = access.asAdmin?.adminCourse ?? [];
  const granted: PermissionMap = {};
  for (const [resource, actions] of Object.entries(courseRoleCatalogue)) {
    const allowed = actions.filter((a) => adminActions.includes(a) || access.tutorPermissions?.[resource]?.includes(a));
    if (allowed.length) granted[resource] = allowed;
  }
  return granted;
}

/** On the user routes the course role is checked in the handler, once the section's course is known. */
const courseRoleDecides = createMiddleware<AppBindings>(async (_c, next) => next());

/** The course a body names, and the caller's access to it: the gate, run before the rest of the body is read. */
async function bodyCourse(c: Ctx) {
  const { course } = await parseJson(c, courseQuery);
  return courseAccessFor(tenantDb(c), authOf(c), course);
}

const lessonEnv = (c: Ctx) => ({ production: c.env.APP_ENV === 'production' });

/**
 * The same calls for users (course role decides) and under /admin (the admin-course permission first, then the
 * same course checks).
 */
function sectionRoutesAt(base: string, admin: boolean) {
  const gate = (action: 'view' | 'create' | 'edit' | 'delete') =>
    [requireAuth, requireAccount, admin ? requirePermission('adminCourse', [action]) : courseRoleDecides] as const;
  return new Hono<AppBindings>()
    .get(base, ...gate('view'), validate('query', courseQuery), async (c) => {
      const { course } = c.req.valid('query');
      const tdb = tenantDb(c);
      return c.json(await loadSectionTree(tdb, course, readScope(await courseAccessFor(tdb, authOf(c), course))));
    })
    .get(`${base}/access`, ...gate('view'), validate('query', courseQuery), async (c) =>
      c.json(courseActions(await courseAccessFor(tenantDb(c), authOf(c), c.req.valid('query').course))),
    )
    .post(base, ...gate('create'), requireCourseStaff, async (c) => {
      await bodyCourse(c);
      const created = await createSection(tenantDb(c), authOf(c), await parseJson(c, anySectionInput), lessonEnv(c));
      const lessons: Section[] = ('occurrences' in created ? (created.occurrences as Section[] | undefined) : undefined) ?? [created];
      for (const lesson of lessons)
        if (lesson.start && (lesson.kind === 'ZOOM' || lesson.kind === 'TEAMS')) afterAnswer(c, notifyLesson(notifyContext(c), lesson._id, 'booked'));
      return c.json(created, 201);
    })
    .put(`${base}/update-sorting-keys`, ...gate('edit'), requireCourseStaff, async (c) => {
      requireSectionAction(await bodyCourse(c), 'SECTION', 'edit');
      const input = await parseJson(c, sortingKeysInput);
      const tdb = tenantDb(c);
      await saveSortingKeys(tdb, input);
      return c.json(await loadSectionTree(tdb, input.course));
    })
    .put(`${base}/:id`, ...gate('edit'), validate('param', idParam), async (c) => {
      const tdb = tenantDb(c);
      const { row } = await anySection(tdb, authOf(c), c.req.valid('param').id, 'edit');
      return c.json(await updateSection(tdb, row, await parseJson(c, sectionUpdateInput)));
    })
    .delete(`${base}/:id`, ...gate('delete'), validate('param', idParam), async (c) => {
      const tdb = tenantDb(c);
      const { row } = await anySection(tdb, authOf(c), c.req.valid('param').id, 'delete');
      return c.json(await deleteSection(tdb, row, (await parseQuery(c, courseQuery)).course));
    });
}

export const sectionRoutes = new Hono<AppBindings>().route('/', sectionRoutesAt('/sections', false)).route('/', sectionRoutesAt('/admin/sections', true));
