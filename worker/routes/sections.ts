import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { courseQuery, meetingCreateInput, resourceCreateInput, sectionCreateInput, sectionUpdateInput, sortingKeysInput } from '../../schema/contracts/sections';
import { courseRoleCatalogue, type PermissionMap } from '../../schema/contracts/permissions';
import { sections } from '../../schema/tables';
import type { CourseAccess } from '../lib/courses/access';
import type { AppBindings } from '../env';
import { assertParent, courseAccessFor, editableSection, nextSortingKey, readScope, requireSectionAction } from '../lib/sections/access';
import { createPlainSection, runBatch } from '../lib/sections/create';
import { createMeetingFromInput, createResourceFromInput, deleteSection, sectionResponse } from '../lib/sections/handlers';
import { liveSectionRows, loadSectionTree } from '../lib/sections/tree';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { fieldError } from '../../platform/errors';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });

/**
 * POST /sections takes any kind (SECTION when none is given); lessons and resources carry the same fields as on
 * their own routes.
 */
const anySectionInput = z.preprocess((body) => (body && typeof body === 'object' && !('kind' in body) ? { ...body, kind: 'SECTION' } : body), z.discriminatedUnion('kind', [
  sectionCreateInput.extend({ kind: z.literal('SECTION') }),
  meetingCreateInput.extend({ kind: z.enum(['ZOOM', 'TEAMS']) }),
  resourceCreateInput,
]));

/** Would moving `id` under `parent` put it below itself? `parents` is the course's parent map after the move. */
function makesCycle(parents: Map<string, string | null>, id: string) {
  const seen = new Set<string>();
  let current = parents.get(id) ?? null;
  while (current !== null) {
    if (current === id) return true;
    // A loop that does not pass through `id` belongs to another section and is reported for that one.
    if (seen.has(current)) return false;
    seen.add(current);
    current = parents.get(current) ?? null;
  }
  return false;
}

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

async function listTree(c: Ctx, courseId: string) {
  const access = await courseAccessFor(c, courseId);
  return loadSectionTree(tenantDb(c), courseId, readScope(access));
}

async function create(c: Ctx, input: z.output<typeof anySectionInput>) {
  if (input.kind === 'SECTION') {
    requireSectionAction(await courseAccessFor(c, input.course), 'SECTION', 'create');
    return createPlainSection(tenantDb(c), authOf(c).actingUserId, input);
  }
  if ('start' in input) return createMeetingFromInput(c, input.kind, input);
  return createResourceFromInput(c, input);
}

async function update(c: Ctx, id: string, input: z.output<typeof sectionUpdateInput>) {
  const { tdb, row } = await editableSection(c, id, ['SECTION', 'ZOOM', 'TEAMS', 'RESOURCE', 'HOMEWORK'], 'edit');
  const moving = input.parent !== undefined && input.parent !== row.parentId;
  if (moving) {
    const parent = input.parent ?? null;
    await assertParent(tdb, row.courseId, parent);
    const parents = new Map((await liveSectionRows(tdb, row.courseId)).map((r) => [r._id, r.parentId] as const));
    parents.set(row._id, parent);
    if (makesCycle(parents, row._id)) throw fieldError('parent', 'cannot be the section itself or one of its own sections');
  }
  const parentId = moving ? (input.parent ?? null) : row.parentId;
  const sortingKey = input.sortingKey ?? (moving ? await nextSortingKey(tdb, row.courseId, parentId) : row.sortingKey);
  await tdb.db
    .update(sections)
    .set({ title: input.title ?? row.title, description: input.description ?? row.description, parentId, sortingKey })
    .where(tdb.where(sections, eq(sections._id, row._id)));
  return sectionResponse(c, row._id);
}

/**
 * Saves a drag and drop: every named section must be a live section of the course, every parent a SECTION of it,
 * and the result must stay a tree. All keys are written in one batch, so a refused move changes nothing.
 */
async function saveSortingKeys(c: Ctx, input: z.output<typeof sortingKeysInput>) {
  const tdb = tenantDb(c);
  requireSectionAction(await courseAccessFor(c, input.course), 'SECTION', 'edit');
  const rows = await liveSectionRows(tdb, input.course);
  const byId = new Map(rows.map((r) => [r._id, r]));
  const parents = new Map(rows.map((r) => [r._id, r.parentId] as const));
  input.items.forEach((item, i) => {
    if (!byId.has(item._id)) throw fieldError(`items.${i}._id`, 'must be a section of this course');
    if (item.parent !== null && byId.get(item.parent)?.kind !== 'SECTION') throw fieldError(`items.${i}.parent`, 'must be a section of the same course');
    parents.set(item._id, item.parent);
  });
  input.items.forEach((item, i) => {
    if (makesCycle(parents, item._id)) throw fieldError(`items.${i}.parent`, 'cannot be the section itself or one of its own sections');
  });
  await runBatch(
    tdb,
    input.items.map((item) =>
      tdb.db
        .update(sections)
        .set({ parentId: item.parent, sortingKey: item.sortingKey })
        .where(tdb.where(sections, eq(sections._id, item._id), eq(sections.courseId, input.course))),
    ),
  );
  return loadSectionTree(tdb, input.course);
}

/**
 * The same calls for users (course role decides) and under /admin (the admin-course permission first, then the
 * same course checks).
 */
function sectionRoutesAt(base: string, admin: boolean) {
  const gate = (action: 'view' | 'create' | 'edit' | 'delete') => [requireAuth, requireAccount, admin ? requirePermission('adminCourse', [action]) : courseRoleDecides] as const;
  return new Hono<AppBindings>()
    .get(base, ...gate('view'), validate('query', courseQuery), async (c) => c.json(await listTree(c, c.req.valid('query').course)))
    .get(`${base}/access`, ...gate('view'), validate('query', courseQuery), async (c) => c.json(courseActions(await courseAccessFor(c, c.req.valid('query').course))))
    .post(base, ...gate('create'), validate('json', anySectionInput), async (c) => c.json(await create(c, c.req.valid('json')), 201))
    .put(`${base}/update-sorting-keys`, ...gate('edit'), validate('json', sortingKeysInput), async (c) => c.json(await saveSortingKeys(c, c.req.valid('json'))))
    .put(`${base}/:id`, ...gate('edit'), validate('param', idParam), validate('json', sectionUpdateInput), async (c) =>
      c.json(await update(c, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete(`${base}/:id`, ...gate('delete'), validate('param', idParam), validate('query', courseQuery), async (c) =>
      c.json(await deleteSection(c, c.req.valid('param').id, ['SECTION', 'ZOOM', 'TEAMS', 'RESOURCE', 'HOMEWORK'], c.req.valid('query').course)),
    );
}

export const sectionRoutes = new Hono<AppBindings>().route('/', sectionRoutesAt('/sections', false)).route('/', sectionRoutesAt('/admin/sections', true));

