import { desc, eq } from 'drizzle-orm';
import type { CustomerPortalData, SubscriptionView } from '../../../schema/contracts/payments';
import { subscriptions } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import type { PaymentsAdapter } from './adapter';
import { premiumUntil } from './premium';
import { ownPaymentViewer, viewerScope } from './viewer';

type Row = typeof subscriptions.$inferSelect;

export const subscriptionView = (row: Row): SubscriptionView => ({
  _id: row._id,
  studentId: row.studentId,
  paymentType: row.paymentType,
  itemId: row.itemId,
  courseId: row.courseId,
  description: row.description,
  status: row.status,
  currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The subscriptions a person may see, as payment history sees payments: their own, or a parent's family's. */
export function subscriptionsFor(tdb: TenantDb, actor: Actor): Promise<Row[]> {
  const scope = viewerScope(ownPaymentViewer(tdb, actor), { payer: subscriptions.payerId, student: subscriptions.studentId });
  return tdb.db.select().from(subscriptions).where(tdb.where(subscriptions, scope)).orderBy(desc(subscriptions.createdAt)).all();
}

/** The subscriptions a payer manages (in the provider's portal): those they pay for, newest first. */
export const paidBy = (tdb: TenantDb, payerId: string) =>
  tdb.db
    .select()
    .from(subscriptions)
    .where(tdb.where(subscriptions, eq(subscriptions.payerId, payerId)))
    .orderBy(desc(subscriptions.createdAt))
    .all();

/**
 * The caller's subscriptions and the provider's portal for the ones they pay for (Stripe's, or in simulated mode our
 * own stand-in). Only the payer manages a subscription: a student whose parent pays sees it and no portal.
 */
export async function customerPortalData(tdb: TenantDb, actor: Actor, adapter: PaymentsAdapter, returnUrl: string): Promise<CustomerPortalData> {
  const rows = await subscriptionsFor(tdb, actor);
  const customer = rows.find((row) => row.payerId === actor.userId && row.providerCustomerId)?.providerCustomerId;
  return { subscriptions: rows.map(subscriptionView), url: customer ? await adapter.customerPortalUrl(customer, returnUrl) : null };
}

/** The ACTIVE subscriptions a student learns under now, for what they unlock (usage limits, a course's lessons). */
export const activeSubscriptions = (tdb: TenantDb, studentId: string, now: Date) =>
  tdb.db
    .select()
    .from(subscriptions)
    .where(tdb.where(subscriptions, eq(subscriptions.studentId, studentId), eq(subscriptions.status, 'ACTIVE')))
    .all()
    .then((rows) => rows.filter((row) => !row.currentPeriodEnd || row.currentPeriodEnd > now));

/**
 * Whether a learner's quota is lifted: an active subscription, or a premium upgrade paid, not refunded and not run
 * out, both read from what the payments recorded rather than from plan ids kept on the user.
 */
export async function hasPaidAccess(tdb: TenantDb, studentId: string, now: Date) {
  const [active, premium] = await Promise.all([activeSubscriptions(tdb, studentId, now), premiumUntil(tdb, studentId, now)]);
  return active.length > 0 || premium !== undefined;
}
