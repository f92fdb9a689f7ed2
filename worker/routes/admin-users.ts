import { count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { ApiError } from '../../platform/errors';
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
import { users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { adminUserRecord, adminUserRowColumns, findManagedUser, toAdminUserRow } from '../lib/admin-user-record';
import { addAdminNote, assertMayManage, createManagedUser, removeAdminNote, replaceWithTemporaryPassword, updateManagedUser } from '../lib/admin-users';
import { paged, sortBy } from '../lib/pagination';
import { setUserPlans } from '../lib/pricing/user-plans';
import { contains } from '../lib/search';
import { mailTemporaryPassword } from '../lib/temporary-password';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';
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
        .select({
          _id: users._id,
          firstname: users.firstname,
          lastname: users.lastname,
          email: users.email,
          country: users.country,
          curriculum: users.curriculum,
          grade: users.grade,
        })
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
    const { user, password } = await createManagedUser(tenantDb(c), authOf(c), c.req.valid('json'));
    await mailTemporaryPassword(
      { db: c.get('db'), env: c.env, tenant: c.get('tenant'), origin: requestOrigin(c.req.url) },
      { email: user.email!, firstname: user.firstname },
      password,
    );
    return c.json(toAdminUserRow(user), 201);
  })
  .put('/admin/users/plans/:id', ...can('edit'), validate('json', userPlansInput), async (c) => {
    const tdb = tenantDb(c);
    const user = await findManagedUser(tdb, c.req.param('id'));
    return c.json(await setUserPlans(tdb, authOf(c), user._id, c.req.valid('json')));
  })
  // Gated on the record (managing an admin needs their powers) before the body is read.
  .put('/admin/users/:id', ...can('edit'), async (c) => {
    const tdb = tenantDb(c);
    const actor = authOf(c);
    const user = await findManagedUser(tdb, c.req.param('id'));
    await assertMayManage(tdb, actor, user);
    return c.json(toAdminUserRow(await updateManagedUser(tdb, actor, user, await parseJson(c, updateAdminUser))));
  })
  .post('/admin/users/resend-user-password/:userId', ...can('resendPassword'), async (c) => {
    const tdb = tenantDb(c);
    const user = await findManagedUser(tdb, c.req.param('userId'));
    await assertMayManage(tdb, authOf(c), user);
    if (!user.email) throw new ApiError(409, 'This user has no email address to send a password to');
    const password = await replaceWithTemporaryPassword(tdb, user);
    await mailTemporaryPassword(
      { db: tdb.db, env: c.env, tenant: c.get('tenant'), origin: requestOrigin(c.req.url) },
      { email: user.email, firstname: user.firstname },
      password,
    );
    return c.json({ message: TEMPORARY_PASSWORD_SENT });
  })
  .post('/admin/users/admin-notes/:id', ...can('edit'), validate('json', adminNoteInput), async (c) => {
    const tdb = tenantDb(c);
    const user = await findManagedUser(tdb, c.req.param('id'));
    await addAdminNote(tdb, authOf(c), user, c.req.valid('json').note);
    return c.json(await adminUserRecord(tdb, user._id), 201);
  })
  .delete('/admin/users/admin-notes/:id', ...can('edit'), validate('query', adminNoteDeleteQuery), async (c) => {
    const tdb = tenantDb(c);
    const user = await findManagedUser(tdb, c.req.param('id'));
    await removeAdminNote(tdb, user, c.req.valid('query').noteId);
    return c.json(await adminUserRecord(tdb, user._id));
  });
