import { and, asc, eq } from 'drizzle-orm';
import type { CancellationRules, PolicyVersionSummary, PolicyWithVersions } from '../../../schema/contracts/cancellation-policy';
import { cancellationPolicies, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { currentPolicy } from './policy';

/**
 * The policy editor's reads and writes. Every save is a new version (the next number; the built-in default is
 * version 1, so a tenant's first save is version 2) and no version is ever changed, so a request keeps the rules it
 * was made under. Two admins saving at once both ask for the same number: the unique key refuses the second (409).
 */

/** The version in force, with every version the tenant has had (the default first when it was ever in force), each naming who saved it. */
export async function policyWithVersions(tdb: TenantDb): Promise<PolicyWithVersions> {
  const [current, rows] = await Promise.all([
    currentPolicy(tdb),
    tdb.db
      .select({
        version: cancellationPolicies.version,
        createdBy: cancellationPolicies.createdBy,
        createdAt: cancellationPolicies.createdAt,
        firstname: users.firstname,
        lastname: users.lastname,
      })
      .from(cancellationPolicies)
      .leftJoin(users, and(eq(users._id, cancellationPolicies.createdBy), eq(users.tenantId, cancellationPolicies.tenantId)))
      .where(tdb.where(cancellationPolicies))
      .orderBy(asc(cancellationPolicies.version))
      .all(),
  ]);
  const saved: PolicyVersionSummary[] = rows.map((r) => ({
    version: r.version,
    createdBy: r.createdBy,
    createdByName: `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim() || null,
    createdAt: r.createdAt.toISOString(),
  }));
  const versions = saved.some((v) => v.version === 1) ? saved : [{ version: 1, createdBy: null, createdByName: null, createdAt: null }, ...saved];
  return { ...current, createdByName: versions.find((v) => v.version === current.version)?.createdByName ?? null, versions };
}

/** Saves the rules as the next version; earlier requests keep theirs. */
export async function savePolicy(tdb: TenantDb, actor: Actor, rules: CancellationRules): Promise<PolicyWithVersions> {
  const { version } = await currentPolicy(tdb);
  await tdb.db.insert(cancellationPolicies).values(tdb.values(cancellationPolicies, { version: version + 1, rules, createdBy: actor.userId }));
  return policyWithVersions(tdb);
}
