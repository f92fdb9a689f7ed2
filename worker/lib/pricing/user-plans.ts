import { eq, inArray } from 'drizzle-orm';
import { fieldError } from '../../../platform/errors';
import type { UserPlansInput } from '../../../schema/contracts/admin-users';
import { users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { type PlanKind, planTables } from './plans';

const words: Record<PlanKind, string> = { flexible: 'flexible plan', subscription: 'subscription plan' };

async function assertPlans(tdb: TenantDb, kind: PlanKind, ids: string[]) {
  if (ids.length === 0) return;
  const table = planTables[kind];
  const found = await tdb.db
    .select({ _id: table._id })
    .from(table)
    .where(tdb.where(table, inArray(table._id, ids)))
    .all();
  const known = new Set(found.map((row) => row._id));
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing >= 0) throw fieldError(`${kind}Plans.${missing}`, `is not a ${words[kind]} here`);
}

/** The plans an admin assigns a user; each id must name a plan of this tenant, so a student is never offered a phantom plan. */
export async function setUserPlans(tdb: TenantDb, _actor: Actor, userId: string, input: UserPlansInput) {
  const plans = { flexiblePlans: [...new Set(input.flexiblePlans)], subscriptionPlans: [...new Set(input.subscriptionPlans)] };
  await assertPlans(tdb, 'flexible', plans.flexiblePlans);
  await assertPlans(tdb, 'subscription', plans.subscriptionPlans);
  await tdb.db
    .update(users)
    .set({ plans })
    .where(tdb.where(users, eq(users._id, userId)));
  return { _id: userId, plans };
}
