import { eq, ne, sql } from 'drizzle-orm';
import { creditEntries, paymentHistory, paymentSessions, subscriptions } from '../../../schema/tables';
import { compiled, compiledInsertOnce, type Runnable } from '../compiled';
import type { TenantDb } from '../tenant-db';
import { fulfilmentOf } from './fulfilments';
import { periodEndAfter } from './periods';

type SessionRow = typeof paymentSessions.$inferSelect;

/** What the provider told us about a payment: its own id, and for a subscription the subscription it started. */
export interface PaidBy {
  providerPaymentId: string | null;
  subscription: { providerSubscriptionId: string; providerCustomerId: string | null } | null;
}

/** The session marked PAID unless it already is; its guard makes a second run a no-op. */
const markPaid = compiled(['sessionId', 'providerPaymentId', 'paid', 'at'], (tdb, p) =>
  tdb.db
    .update(paymentSessions)
    .set({ status: sql`${p.paid}`, providerPaymentId: sql`${p.providerPaymentId}`, updatedAt: sql`${p.at}` })
    .where(tdb.where(paymentSessions, eq(paymentSessions._id, p.sessionId), ne(paymentSessions.status, p.paid))),
);

/** The payment's history row, once per session by its unique key. */
const recordPayment = compiledInsertOnce(paymentHistory, [
  'paymentSessionId',
  'userId',
  'studentId',
  'paymentType',
  'description',
  'amount',
  'currency',
  'status',
  'provider',
  'providerPaymentId',
  'paidAt',
  'adminNotes',
]);

/** The minutes bought, once per session by the entry's unique source. */
const creditPurchase = compiledInsertOnce(creditEntries, [
  'studentId',
  'courseId',
  'kind',
  'minutes',
  'amount',
  'currency',
  'sourceId',
  'expiresAt',
  'description',
  'adminNotes',
]);

/**
 * Every write of a paid session, each idempotent by its own unique key (the status by its guard, the entry by its
 * source, the history row by its session), so a duplicate or a racing delivery in its own batch adds nothing. The
 * common three are compiled: they run for every paying event.
 */
export function fulfilStatements(tdb: TenantDb, session: SessionRow, paid: PaidBy, paidAt: Date) {
  const { providerPaymentId } = paid;
  const statements: Runnable[] = [
    markPaid(tdb, { sessionId: session._id, providerPaymentId, paid: 'PAID', at: Date.now() }),
    recordPayment(tdb, {
      paymentSessionId: session._id,
      userId: session.payerId,
      studentId: session.studentId,
      paymentType: session.paymentType,
      description: session.description,
      amount: session.amount,
      currency: session.currency,
      status: 'PAID',
      provider: session.provider,
      providerPaymentId,
      paidAt,
      adminNotes: [],
    }),
  ];
  if (session.minutes > 0) {
    statements.push(
      creditPurchase(tdb, {
        studentId: session.studentId,
        courseId: session.courseId,
        kind: session.paymentType === 'COURSE_TOPUP' ? 'TOPUP' : 'PURCHASE',
        minutes: session.minutes,
        amount: session.amount,
        currency: session.currency,
        sourceId: session._id,
        expiresAt: session.creditExpiresAt,
        description: session.description,
        adminNotes: [],
      }),
    );
  }
  if (paid.subscription) {
    statements.push(
      tdb.db
        .insert(subscriptions)
        .values(
          tdb.values(subscriptions, {
            paymentSessionId: session._id,
            payerId: session.payerId,
            studentId: session.studentId,
            paymentType: session.paymentType,
            itemKind: session.itemKind,
            itemId: session.itemId,
            courseId: session.courseId,
            description: session.description,
            ...paid.subscription,
            currentPeriodEnd: periodEndAfter(paidAt, session),
          }),
        )
        .onConflictDoNothing(),
    );
  }
  statements.push(...fulfilmentOf(session.paymentType)(tdb, session, paidAt));
  return statements;
}
