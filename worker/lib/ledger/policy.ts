import { desc, eq } from 'drizzle-orm';
import { type CancellationPolicyView, type CancellationRules, DEFAULT_CANCELLATION_RULES } from '../../../schema/contracts/cancellation-policy';
import { cancellationPolicies } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

/** A share of an amount in minor units, rounded half up, in integers only. */
export const shareOf = (amount: number, basisPoints: number) => Math.floor((amount * basisPoints + 5_000) / 10_000);

const view = (row: typeof cancellationPolicies.$inferSelect | undefined): CancellationPolicyView =>
  row
    ? { version: row.version, rules: row.rules as CancellationRules, createdBy: row.createdBy, createdAt: row.createdAt.toISOString() }
    : { version: 1, rules: DEFAULT_CANCELLATION_RULES, createdBy: null, createdAt: null };

/** The tenant's policy in force: its latest saved version, or the default as version 1. */
export async function currentPolicy(tdb: TenantDb): Promise<CancellationPolicyView> {
  const row = await tdb.db.select().from(cancellationPolicies).where(tdb.where(cancellationPolicies)).orderBy(desc(cancellationPolicies.version)).get();
  return view(row);
}

/** A request's policy: the version it was made under, never a later one. */
export async function policyVersion(tdb: TenantDb, version: number): Promise<CancellationPolicyView> {
  const row = await tdb.db
    .select()
    .from(cancellationPolicies)
    .where(tdb.where(cancellationPolicies, eq(cancellationPolicies.version, version)))
    .get();
  return view(row);
}
