import { eq, ne } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { creditEntries, paymentHistory, paymentSessions, subscriptions } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { fulfilmentOf } from './fulfilments';
import { periodEndAfter } from './periods';

type SessionRow = typeof paymentSessions.$inferSelect;

/** What the provider told us about a payment: its own id, and for a subscription the subscription it started. */
export interface PaidBy {
  providerPaymentId: string | null;
  subscription: { providerSubscriptionId: string; providerCustomerId: string | null } | null;
}

/**
 * Every write of a paid session, each idempotent by its own unique key (the status by its guard, the entry by its
 * source, the history row by its session), so a duplicate or a racing delivery in its own batch adds nothing.
 */
export function fulfilStatements(tdb: TenantDb, session: SessionRow, paid: PaidBy, paidAt: Date) {
  const { providerPaymentId } = paid;
  const statements: BatchItem<'sqlite'>[] = [
    tdb.db
      .update(paymentSessions)
      .set({ status: 'PAID', providerPaymentId })
      .where(tdb.where(paymentSessions, eq(paymentSessions._id, session._id), ne(paymentSessions.status, 'PAID'))),
    tdb.db
      .insert(paymentHistory)
      .values(
        tdb.values(paymentHistory, {
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
        }),
      )
      .onConflictDoNothing(),
  ];
  if (session.minutes > 0) {
    statements.push(
      tdb.db
        .insert(creditEntries)
        .values(
          tdb.values(creditEntries, {
            studentId: session.studentId,
            courseId: session.courseId,
            kind: session.paymentType === 'COURSE_TOPUP' ? 'TOPUP' : 'PURCHASE',
            minutes: session.minutes,
            amount: session.amount,
            currency: session.currency,
            sourceId: session._id,
            expiresAt: session.creditExpiresAt,
            description: session.description,
          }),
        )
        .onConflictDoNothing(),
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
