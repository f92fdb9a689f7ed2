import { desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../platform/errors';
import { idParam } from '../../schema/contracts/common';
import { hasTenantPermission } from '../../schema/contracts/permissions';
import { flexiblePlanInput, pricingListQuery, publicPlansQuery, subscriptionPlanInput } from '../../schema/contracts/pricing';
import type { AppBindings } from '../env';
import { adminPermissions } from '../lib/admin-permissions';
import { listPage, sortBy } from '../lib/pagination';
import { deletePlan, findPlan, type PlanKind, plansForStudent, planTables, savePlan, toPlan, verifyPlanDelete } from '../lib/pricing/plans';
import { managedStudents } from '../lib/public-user';
import { nameAndStatusFilter } from '../lib/search';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { parseQuery, validate } from '../middleware/validate';

const userIdParam = z.object({ userId: z.string().trim().min(1).max(64) });
const inputs = { flexible: flexiblePlanInput, subscription: subscriptionPlanInput };
const resources = { flexible: 'flexiblePlans', subscription: 'subscriptionPlans' } as const;

function adminPlanRoutes(kind: PlanKind) {
  const path = `/admin/${kind}-plans`;
  const table = planTables[kind];
  const can = (action: string) => [requireAuth, requirePermission(resources[kind], [action])] as const;
  return new Hono<AppBindings>()
    .get(path, ...can('view'), validate('query', pricingListQuery), async (c) => {
      const tdb = tenantDb(c);
      const q = c.req.valid('query');
      const where = tdb.where(table, ...nameAndStatusFilter(table, q));
      const columns = { name: table.name, amount: table.amount, status: table.status, createdAt: table.createdAt, updatedAt: table.updatedAt };
      const order = sortBy(q, columns, desc(table.createdAt));
      return c.json(
        await listPage(tdb.db, table, where, q, async (page) =>
          (await tdb.db.select().from(table).where(where).orderBy(order, desc(table._id)).limit(page.limit).offset(page.offset).all()).map(toPlan),
        ),
      );
    })
    .get(`${path}/dropdown-list`, ...can('view'), async (c) => {
      const tdb = tenantDb(c);
      return c.json(
        await tdb.db
          .select({ _id: table._id, name: table.name, amount: table.amount, currency: table.currency })
          .from(table)
          .where(tdb.where(table, eq(table.status, 'ACTIVE')))
          .orderBy(table.name)
          .all(),
      );
    })
    .get(`${path}/verify-delete/:id`, ...can('delete'), validate('param', idParam), async (c) =>
      c.json(await verifyPlanDelete(tenantDb(c), kind, c.req.valid('param').id)),
    )
    .get(`${path}/user/:userId`, ...can('view'), validate('param', userIdParam), async (c) =>
      c.json(await plansForStudent(tenantDb(c), kind, c.req.valid('param').userId)),
    )
    .get(`${path}/:id`, ...can('view'), validate('param', idParam), async (c) => c.json(toPlan(await findPlan(tenantDb(c), kind, c.req.valid('param').id))))
    .post(path, ...can('create'), validate('json', inputs[kind]), async (c) => c.json(await savePlan(tenantDb(c), authOf(c), kind, c.req.valid('json')), 201))
    .put(`${path}/:id`, ...can('edit'), validate('param', idParam), validate('json', inputs[kind]), async (c) =>
      c.json(await savePlan(tenantDb(c), authOf(c), kind, c.req.valid('json'), c.req.valid('param').id)),
    )
    .delete(`${path}/:id`, ...can('delete'), validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      await deletePlan(tenantDb(c), authOf(c), kind, id);
      return c.json({ _id: id });
    });
}

/** A student sees their own plans, a parent their children's, an admin anyone's with billing or plan view. */
async function mayLoadPlansOf(c: Context<AppBindings>, kind: PlanKind, userId: string) {
  const auth = authOf(c);
  if (userId === auth.actingUserId) return true;
  const tdb = tenantDb(c);
  if (auth.role === 'ADMIN') {
    const granted = await adminPermissions(tdb.db, tdb.tenantId, auth.userId);
    return hasTenantPermission(granted, c.get('tenant').permissions, { billing: ['view'], [resources[kind]]: ['view'] });
  }
  return (await managedStudents(tdb, { _id: auth.userId, role: auth.role as 'PARENT' })).some((s) => s._id === userId);
}

function publicPlanRoutes(kind: PlanKind) {
  return new Hono<AppBindings>().get(`/${kind}-plans`, requireAuth, requireAccount, async (c) => {
    const { userId = authOf(c).actingUserId } = await parseQuery(c, publicPlansQuery);
    if (!(await mayLoadPlansOf(c, kind, userId))) throw new ApiError(403, 'You do not have permission to do this');
    return c.json(await plansForStudent(tenantDb(c), kind, userId));
  });
}

export const pricingPlanRoutes = new Hono<AppBindings>()
  .route('/', adminPlanRoutes('flexible'))
  .route('/', adminPlanRoutes('subscription'))
  .route('/', publicPlanRoutes('flexible'))
  .route('/', publicPlanRoutes('subscription'));
