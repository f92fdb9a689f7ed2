import { databaseFor } from '../../../platform/database';
import { tenants } from '../../../schema/tables';
import type { Env } from '../../env';
import { tellCreditsChanged } from '../payments/credit-news';
import { scopedDb } from '../tenant-db';
import { tenantOrigin } from '../tenant-origin';
import { closeEndedLessons } from './close-ended-lessons';
import { expireCredits } from './expire-credits';
import { remindOverdueInvoices } from './invoice-reminders';
import { remindOfLessons } from './lesson-reminders';
import { sendProgressDigests } from './progress-digest';

type Tenant = Pick<typeof tenants.$inferSelect, '_id' | 'name' | 'domain'>;

/**
 * The one scheduled handler's work: each tenant's jobs, keyed by the run's scheduled time, so a cron delivery that
 * arrives twice finds its run recorded. A tenant whose job fails is logged and the others still run.
 */
export async function runScheduledJobs(env: Env, scheduledTime: number) {
  const db = databaseFor(env.DB);
  const runKey = new Date(scheduledTime).toISOString();
  const now = new Date(scheduledTime);
  const all = await db.select({ _id: tenants._id, name: tenants.name, domain: tenants.domain }).from(tenants).all();
  // Whose balance a job moved, per tenant: their open tabs are told once the jobs are done.
  const moved = new Map(all.map((tenant) => [tenant._id, new Set<string>()]));
  // Lessons close first, so a lesson held before its minutes lapsed is paid from them before they expire.
  const jobs = [
    { name: 'Closing ended lessons', run: (tenant: Tenant) => closeEndedLessons(scopedDb(db, tenant._id), runKey, now, moved.get(tenant._id)) },
    {
      name: 'Expiring lesson time',
      run: (tenant: Tenant) =>
        expireCredits(scopedDb(db, tenant._id), env, { name: tenant.name, origin: tenantOrigin(env, tenant.domain) }, now, moved.get(tenant._id)),
    },
    { name: 'Reminding of overdue invoices', run: (tenant: Tenant) => remindOverdueInvoices(scopedDb(db, tenant._id), env, runKey, now) },
    {
      name: 'Reminding of lessons',
      run: (tenant: Tenant) => remindOfLessons(scopedDb(db, tenant._id), env, { name: tenant.name, origin: tenantOrigin(env, tenant.domain) }, now),
    },
    {
      name: 'Sending weekly progress digests',
      run: (tenant: Tenant) => sendProgressDigests(scopedDb(db, tenant._id), env, { name: tenant.name, origin: tenantOrigin(env, tenant.domain) }, now),
    },
  ];
  const results = [];
  for (const job of jobs) {
    const settled = await Promise.allSettled(all.map((tenant) => job.run(tenant)));
    settled.forEach((result, i) => {
      if (result.status === 'rejected') console.error(`${job.name} failed for tenant ${all[i]!._id}`, result.reason);
    });
    results.push(...settled);
  }
  await Promise.all([...moved].flatMap(([tenantId, students]) => [...students].map((studentId) => tellCreditsChanged(env, scopedDb(db, tenantId), studentId))));
  return results;
}
