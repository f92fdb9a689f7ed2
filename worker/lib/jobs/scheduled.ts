import { databaseFor } from '../../../platform/database';
import { tenants } from '../../../schema/tables';
import type { Env } from '../../env';
import { scopedDb } from '../tenant-db';
import { tenantOrigin } from '../tenant-origin';
import { closeEndedLessons } from './close-ended-lessons';
import { expireCredits } from './expire-credits';

/**
 * The one scheduled handler's work: each tenant's jobs, keyed by the run's scheduled time, so a cron delivery that
 * arrives twice finds its run recorded. A tenant whose job fails is logged and the others still run.
 */
export async function runScheduledJobs(env: Env, scheduledTime: number) {
  const db = databaseFor(env.DB);
  const runKey = new Date(scheduledTime).toISOString();
  const now = new Date(scheduledTime);
  const all = await db.select({ _id: tenants._id, name: tenants.name, domain: tenants.domain }).from(tenants).all();
  // Lessons close before balances expire, so a lesson held before its minutes lapsed is paid from them.
  const results = await Promise.allSettled(all.map((tenant) => closeEndedLessons(scopedDb(db, tenant._id), runKey, now)));
  const expiries = await Promise.allSettled(
    all.map((tenant) => expireCredits(scopedDb(db, tenant._id), env, { name: tenant.name, origin: tenantOrigin(env, tenant.domain) }, now)),
  );
  results.forEach((result, i) => {
    if (result.status === 'rejected') console.error(`Closing ended lessons failed for tenant ${all[i]!._id}`, result.reason);
  });
  expiries.forEach((result, i) => {
    if (result.status === 'rejected') console.error(`Expiring lesson time failed for tenant ${all[i]!._id}`, result.reason);
  });
  return results;
}
