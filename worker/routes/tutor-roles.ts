import { count, desc, eq, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { listQuery } from '../../schema/contracts/common';
import { type TutorRole, tutorRoleInput, type VerifyDelete } from '../../schema/contracts/roles';
import { courseTutors, tutorRoles } from '../../schema/tables';
import type { AppBindings } from '../env';
import { changedFields } from '../lib/changes';
import { taken, uniqueWrite } from '../lib/unique';
import { paged } from '../lib/pagination';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('tutorRoles', actions)] as const;

type TutorRoleRow = typeof tutorRoles.$inferSelect;

const toTutorRole = ({ tenantId: _tenant, ...row }: TutorRoleRow): TutorRole => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function findTutorRole(tdb: TenantDb, id: string) {
  const role = await tdb.db.select().from(tutorRoles).where(tdb.where(tutorRoles, eq(tutorRoles._id, id))).get();
  if (!role) throw new ApiError(404, 'Tutor role not found');
  return role;
}

const nameTaken = () => taken('name', 'a tutor role with this name already exists');

/** The default role, and any role a course tutor holds, stay: deleting it would silently end their course access. */
async function verifyDelete(tdb: TenantDb, role: TutorRoleRow): Promise<VerifyDelete> {
  if (role.isDefault) return { canDelete: false, usersCount: 0, message: `The default role "${role.name}" cannot be deleted.` };
  const inUse = await tdb.db.select({ n: count() }).from(courseTutors).where(tdb.where(courseTutors, eq(courseTutors.tutorRoleId, role._id))).get();
  const usersCount = inUse?.n ?? 0;
  if (usersCount > 0) {
    return { canDelete: false, usersCount, message: `${usersCount === 1 ? '1 course tutor uses' : `${usersCount} course tutors use`} this role. Give them another role first.` };
  }
  return { canDelete: true, usersCount: 0, message: 'This tutor role is not in use and can be deleted.' };
}

export const tutorRoleRoutes = new Hono<AppBindings>()
  .get('/admin/tutor-roles', ...can('view'), validate('query', listQuery), async (c) => {
    const tdb = tenantDb(c);
    const query = c.req.valid('query');
    const where = tdb.where(tutorRoles);
    const [rows, total] = await Promise.all([
      tdb.db.select().from(tutorRoles).where(where).orderBy(desc(tutorRoles.isDefault), tutorRoles.name).limit(query.limit).offset(query.offset).all(),
      tdb.db.select({ n: count() }).from(tutorRoles).where(where).get(),
    ]);
    return c.json(paged(rows.map(toTutorRole), total?.n ?? 0, query));
  })
  .get('/admin/tutor-roles/verify-delete/:id', ...can('delete'), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await verifyDelete(tdb, await findTutorRole(tdb, c.req.param('id'))));
  })
  .post('/admin/tutor-roles', ...can('create'), validate('json', tutorRoleInput), async (c) => {
    const tdb = tenantDb(c);
    const input = c.req.valid('json');
    const insert = tdb.db.insert(tutorRoles).values(tdb.values(tutorRoles, { ...input, isDefault: false })).returning();
    const created = await uniqueWrite(() => insert.get(), nameTaken);
    return c.json(toTutorRole(created), 201);
  })
  .put('/admin/tutor-roles/:id', ...can('edit'), validate('json', tutorRoleInput), async (c) => {
    const tdb = tenantDb(c);
    const role = await findTutorRole(tdb, c.req.param('id'));
    const input = changedFields(role, c.req.valid('json'));
    if (Object.keys(input).length === 0) return c.json(toTutorRole(role));
    const update = tdb.db.update(tutorRoles).set(input).where(tdb.where(tutorRoles, eq(tutorRoles._id, role._id))).returning();
    const updated = (await uniqueWrite(() => update.get(), nameTaken))!;
    return c.json(toTutorRole(updated));
  })
  .delete('/admin/tutor-roles/:id', ...can('delete'), async (c) => {
    const tdb = tenantDb(c);
    const role = await findTutorRole(tdb, c.req.param('id'));
    const check = await verifyDelete(tdb, role);
    if (!check.canDelete) throw new ApiError(409, check.message);
    await tdb.db.delete(tutorRoles).where(tdb.where(tutorRoles, eq(tutorRoles._id, role._id), eq(tutorRoles.isDefault, false)));
    return c.json({ _id: role._id });
  });
