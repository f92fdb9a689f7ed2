import { databaseFor } from '../../../platform/database';
import { tenants } from '../../../schema/tables';
import type { Env } from '../../env';
import { scopedDb } from '../tenant-db';
import { closeEndedLessons } from './close-ended-lessons';

/**
 * The one scheduled handler's work: each tenant's jobs, keyed by the run's scheduled time, so a cron delivery that
 * arrives twice finds its run recorded. A tenant whose job fails is logged and the others still run.
 */
export async function runScheduledJobs(env: Env, scheduledTime: number) {
  const db = databaseFor(env.DB);
  const runKey = new Date(scheduledTime).toISOString();
  const now = new Date(scheduledTime);
  const all = await db.select({ _id: tenants._id }).from(tenants).all();
  const results = await Promise.allSettled(all.map((tenant) => closeEndedLessons(scopedDb(db, tenant._id), runKey, now)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') console.error(`Closing ended lessons failed for tenant ${all[i]!._id}`, result.reason);
  });
  return results;
}
