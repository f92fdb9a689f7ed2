import { databaseFor } from '../../../platform/database';
import { tenants } from '../../../schema/tables';
import type { Env } from '../../env';
import { scopedDb } from '../tenant-db';
import { closeEndedLessons } from './close-ended-lessons';
import { remindOverdueInvoices } from './invoice-reminders';

/**
 * The one scheduled handler's work: each tenant's jobs, keyed by the run's scheduled time, so a cron delivery that
 * arrives twice finds its run recorded. A tenant whose job fails is logged and the others still run.
 */
export async function runScheduledJobs(env: Env, scheduledTime: number) {
  const db = databaseFor(env.DB);
  const runKey = new Date(scheduledTime).toISOString();
  const now = new Date(scheduledTime);
  const all = await db.select({ _id: tenants._id }).from(tenants).all();
  const jobs = [
    { name: 'Closing ended lessons', run: (tenantId: string) => closeEndedLessons(scopedDb(db, tenantId), runKey, now) },
    { name: 'Reminding of overdue invoices', run: (tenantId: string) => remindOverdueInvoices(scopedDb(db, tenantId), env, runKey, now) },
  ];
  const results = [];
  for (const job of jobs) {
    const settled = await Promise.allSettled(all.map((tenant) => job.run(tenant._id)));
    settled.forEach((result, i) => {
      if (result.status === 'rejected') console.error(`${job.name} failed for tenant ${all[i]!._id}`, result.reason);
    });
    results.push(...settled);
  }
  return results;
}
