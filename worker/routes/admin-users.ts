import { and, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  adminNoteDeleteQuery,
  adminNoteInput,
  adminStudentsQuery,
  adminUserDropdownQuery,
  adminUserListQuery,
  createAdminUser,
  type DropdownUser,
  managedRoles,
  TEMPORARY_PASSWORD_SENT,
  updateAdminUser,
  userPlansInput,
} from '../../schema/contracts/admin-users';
import { adminNotes, sessions, type User, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { changedFields } from '../lib/changes';
import { adminUserRecord, adminUserRowColumns, findManagedUser, toAdminUserRow } from '../lib/admin-user-record';
import { assertMayHandOut, tenantRole } from '../lib/admin-role-grants';
import { paged, sortBy } from '../lib/pagination';
import { setUserPlans } from '../lib/pricing/user-plans';
import { hashPassword } from '../lib/passwords';
import { contains } from '../lib/search';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { mailTemporaryPassword, temporaryPassword } from '../lib/temporary-password';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';
import { impersonationRoutes } from './impersonation';

const can = (...actions: string[]) => [requireAuth, requirePermission('adminUsers', actions)] as const;

const sortable = {
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  role: users.role,
  country: users.country,
  createdAt: users.createdAt,
};

const listedRoles = () => inArray(users.role, [...managedRoles]);
const fullName = sql`${users.firstname} || ' ' || ${users.lastname}`;

function searchCondition(option: 'name' | 'email' | 'phone' | '_id', text: string): SQL {
  if (option === '_id') return eq(users._id, text);
  if (option === 'email') return contains(users.email, text);
  if (option === 'phone') return contains(users.phone, text);
  return contains(fullName, text);
}

async function assertEmailFree(tdb: TenantDb, email: string, exceptId?: string) {
  const taken = await tdb.db
    .select({ _id: users._id })
    .from(users)
    .where(tdb.where(users, eq(users.email, email), exceptId ? ne(users._id, exceptId) : undefined))
    .get();
  if (taken) throw new ApiError(409, 'email: is already used by another account', [{ path: 'email', message: 'is already used by another account' }]);
}

/** Managing an admin account needs at least that admin's powers (see assertMayHandOut). */
async function assertMayManage(tdb: TenantDb, callerId: string, target: Pick<User, 'role' | 'adminRoleId'>) {
  if (target.role !== 'ADMIN' || !target.adminRoleId) return;
  const role = await tenantRole(tdb, target.adminRoleId).catch(() => null);
  if (role) await assertMayHandOut(tdb, callerId, role.permissions, 'adminRoleId');
}

function requestOrigin(url: string) {
  return new URL(url).origin;
}

export const adminUserRoutes = new Hono<AppBindings>()
  .route('/', impersonationRoutes)
  .get('/admin/users', ...can('view'), validate('query', adminUserListQuery), async (c) => {
    const tdb = tenantDb(c);
    const query = c.req.valid('query');
    const where = tdb.where(
      users,
      isNull(users.deletedAt),
      query.role ? eq(users.role, query.role) : listedRoles(),
      query.country ? eq(users.country, query.country) : undefined,
      query.searchText ? searchCondition(query.searchOption, query.searchText) : undefined,
    );
    const [rows, total] = await Promise.all([
      tdb.db
        .select(adminUserRowColumns)
        .from(users)
        .where(where)
        .orderBy(sortBy(query, sortable, desc(users.createdAt)), users._id)
        .limit(query.limit)
        .offset(query.offset)
        .all(),
      tdb.db.select({ n: count() }).from(users).where(where).get(),
    ]);
    return c.json(paged(rows.map(toAdminUserRow), total?.n ?? 0, query));
  })
  .get('/admin/users/dropdown-list', ...can('view'), validate('query', adminUserDropdownQuery), async (c) => {
    const tdb = tenantDb(c);
    const query = c.req.valid('query');
    const rows = await tdb.db
      .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname, email: users.email, role: users.role })
      .from(users)
      .where(
        tdb.where(
          users,
          isNull(users.deletedAt),
          query.userTypes?.length ? inArray(users.role, query.userTypes) : listedRoles(),
          query.name ? contains(fullName, query.name) : undefined,
          query.country ? eq(users.country, query.country) : undefined,
          query.level ? eq(users.grade, query.level) : undefined,
        ),
      )
      .orderBy(users.firstname, users.lastname, users._id)
      .limit(query.limit)
      .offset(query.offset)
      .all();
    return c.json(rows as DropdownUser[]);
  })
  .get('/admin/users/students', ...can('view'), validate('query', adminStudentsQuery), async (c) => {
    const tdb = tenantDb(c);
    const query = c.req.valid('query');
    const where = tdb.where(
      users,
      isNull(users.deletedAt),
      eq(users.role, 'STUDENT'),
      query.searchText ? or(contains(fullName, query.searchText), contains(users.email, query.searchText)) : undefined,
    );
    const [rows, total] = await Promise.all([
      tdb.db
        .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname, email: users.email, country: users.country, curriculum: users.curriculum, grade: users.grade })
        .from(users)
        .where(where)
        .orderBy(users.firstname, users.lastname, users._id)
        .limit(query.limit)
        .offset(query.offset)
        .all(),
      tdb.db.select({ n: count() }).from(users).where(where).get(),
    ]);
    return c.json(paged(rows, total?.n ?? 0, query));
  })
  .get('/admin/users/:id', ...can('view'), async (c) => c.json(await adminUserRecord(tenantDb(c), c.req.param('id'))))
  .post('/admin/users', ...can('create'), validate('json', createAdminUser), async (c) => {
    const tdb = tenantDb(c);
    const { role, adminRoleId, ...fields } = c.req.valid('json');
    if (role === 'ADMIN' && adminRoleId) {
      const adminRole = await tenantRole(tdb, adminRoleId);
      await assertMayHandOut(tdb, authOf(c).userId, adminRole.permissions, 'adminRoleId');
    }
    await assertEmailFree(tdb, fields.email);
    const password = temporaryPassword();
    const created = await tdb.db
      .insert(users)
      .values(
        tdb.values(users, {
          ...fields,
          role,
          adminRoleId: role === 'ADMIN' ? adminRoleId : null,
          availabilityState: role === 'TUTOR' ? (fields.availabilityState ?? 'available') : null,
          passwordHash: await hashPassword(password),
          mustChangePassword: true,
          // Students and tutors tell us their subjects at onboarding; staff and parents have nothing to fill in.
          onboarded: role === 'ADMIN' || role === 'PARENT',
        }),
      )
      .returning()
      .get();
    await mailTemporaryPassword({ db: tdb.db, env: c.env, tenant: c.get('tenant'), origin: requestOrigin(c.req.url) }, { email: fields.email, firstname: fields.firstname }, password);
    return c.json(toAdminUserRow(created), 201);
  })
  .put('/admin/users/plans/:id', ...can('edit'), validate('json', userPlansInput), async (c) => {
    const tdb = tenantDb(c);
    const user = await findManagedUser(tdb, c.req.param('id'));
    return c.json(await setUserPlans(tdb, authOf(c), user._id, c.req.valid('json')));
  })
  .put('/admin/users/:id', ...can('edit'), validate('json', updateAdminUser), async (c) => {
    const tdb = tenantDb(c);
    const callerId = authOf(c).userId;
    const user = await findManagedUser(tdb, c.req.param('id'));
    const changes = changedFields(user, c.req.valid('json'));
    await assertMayManage(tdb, callerId, user);
    if (changes.email !== undefined) await assertEmailFree(tdb, changes.email, user._id);
    if (changes.adminRoleId !== undefined) {
      if (user.role !== 'ADMIN') throw new ApiError(400, 'adminRoleId: only admins hold a role', [{ path: 'adminRoleId', message: 'only admins hold a role' }]);
      if (!changes.adminRoleId) throw new ApiError(400, 'adminRoleId: is required for an admin', [{ path: 'adminRoleId', message: 'is required for an admin' }]);
      const adminRole = await tenantRole(tdb, changes.adminRoleId);
      await assertMayHandOut(tdb, callerId, adminRole.permissions, 'adminRoleId');
    }
    if (changes.availabilityState !== undefined && user.role !== 'TUTOR' && changes.availabilityState !== null) {
      throw new ApiError(400, 'availabilityState: only tutors have an availability', [{ path: 'availabilityState', message: 'only tutors have an availability' }]);
    }
    if (Object.values(changes).every((value) => value === undefined)) return c.json(toAdminUserRow(user));
    const updated = await tdb.db.update(users).set(changes).where(tdb.where(users, eq(users._id, user._id))).returning().get();
    return c.json(toAdminUserRow(updated));
  })
  .post('/admin/users/resend-user-password/:userId', ...can('resendPassword'), async (c) => {
    const tdb = tenantDb(c);
    const user = await findManagedUser(tdb, c.req.param('userId'));
    await assertMayManage(tdb, authOf(c).userId, user);
    if (!user.email) throw new ApiError(409, 'This user has no email address to send a password to');
    const password = temporaryPassword();
    await tdb.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), mustChangePassword: true })
      .where(tdb.where(users, eq(users._id, user._id)));
    // The old password is gone, so every session opened with it ends too.
    await tdb.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(tdb.where(sessions, eq(sessions.userId, user._id), isNull(sessions.revokedAt)));
    await mailTemporaryPassword({ db: tdb.db, env: c.env, tenant: c.get('tenant'), origin: requestOrigin(c.req.url) }, { email: user.email, firstname: user.firstname }, password);
    return c.json({ message: TEMPORARY_PASSWORD_SENT });
  })
  .post('/admin/users/admin-notes/:id', ...can('edit'), validate('json', adminNoteInput), async (c) => {
    const tdb = tenantDb(c);
    const user = await findManagedUser(tdb, c.req.param('id'));
    await tdb.db
      .insert(adminNotes)
      .values(tdb.values(adminNotes, { subjectType: 'USER', subjectId: user._id, note: c.req.valid('json').note, authorId: authOf(c).userId }));
    return c.json(await adminUserRecord(tdb, user._id), 201);
  })
  .delete('/admin/users/admin-notes/:id', ...can('edit'), validate('query', adminNoteDeleteQuery), async (c) => {
    const tdb = tenantDb(c);
    const user = await findManagedUser(tdb, c.req.param('id'));
    const removed = await tdb.db
      .delete(adminNotes)
      .where(tdb.where(adminNotes, and(eq(adminNotes._id, c.req.valid('query').noteId), eq(adminNotes.subjectType, 'USER'), eq(adminNotes.subjectId, user._id))))
      .returning({ _id: adminNotes._id })
      .get();
    if (!removed) throw new ApiError(404, 'Note not found');
    return c.json(await adminUserRecord(tdb, user._id));
  });
