import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type Stripe from 'stripe';
import { formatMoney } from '../../../schema/contracts/money';
import type { PaymentRecordStatus } from '../../../schema/contracts/payments';
import { paymentHistory, paymentSessions } from '../../../schema/tables';
import { auditStatement, nameOf } from '../audit';
import { startsWith } from '../search';
import type { TenantDb } from '../tenant-db';
import type { Effects } from './effects';
import { guardedCredit, guardedDebit, minutesTaken } from './guarded-debit';
import { idOf } from './stripe-ids';

type SessionRow = typeof paymentSessions.$inferSelect;

/** The minutes a share of the amount bought: rounded down, so a refund never takes back more than was paid for. */
const minutesFor = (session: SessionRow, amount: number) => Math.floor((session.minutes * Math.min(amount, session.amount)) / session.amount);

/**
 * Refunds and disputes of a paid session. A refund (`charge.refunded` carries the total refunded so far) takes back the
 * minutes its share bought, less what earlier refunds took; a dispute takes back what is left of the purchase, and a
 * dispute won gives it back. Each writes once by its source (the cumulative amount, or the dispute), never takes a
 * balance below zero (minutes already spent on lessons stay spent), and moves the history row's status.
 */
export async function reversalEffects(tdb: TenantDb, event: Stripe.Event, at: Date): Promise<Effects | null> {
  const object = event.data.object as Stripe.Charge | Stripe.Dispute;
  if (!['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed'].includes(event.type)) return null;
  const intent = idOf(object.payment_intent);
  const session = intent
    ? await tdb.db
        .select()
        .from(paymentSessions)
        .where(tdb.where(paymentSessions, eq(paymentSessions.providerPaymentId, intent)))
        .get()
    : undefined;
  if (!session) return { outcome: 'UNMATCHED', sessionId: null, statements: [] };
  const history = (status: PaymentRecordStatus) =>
    tdb.db
      .update(paymentHistory)
      .set({ status })
      .where(tdb.where(paymentHistory, eq(paymentHistory.paymentSessionId, session._id)));
  const take = (sourceId: string, wanted: ReturnType<typeof sql>, description: string) =>
    guardedDebit(tdb, { studentId: session.studentId, courseId: session.courseId, kind: 'REFUND', sourceId, description, wanted, at });
  const taken = minutesTaken(tdb, 'REFUND', (sourceId) => startsWith(sourceId, `${session._id}/refund/`));
  const label = `${session.description}, ${await nameOf(tdb, session.studentId)}`;
  // Stripe acted, not a person: the entry goes in the event's one batch with what it changed.
  const audit = (action: 'payment.refund' | 'payment.dispute' | 'payment.disputeClosed', summary: string) =>
    auditStatement(tdb, 'stripe', { action, subject: { type: 'payment', id: session._id, label }, summary });
  const effects = (statements: BatchItem<'sqlite'>[]): Effects => ({ outcome: 'UPDATED', sessionId: session._id, balanceOf: session.studentId, statements });
  const paid = formatMoney(session.amount, session.currency);

  if (event.type === 'charge.refunded') {
    const charge = object as Stripe.Charge;
    const full = charge.amount_refunded >= session.amount;
    return effects([
      take(
        `${session._id}/refund/${charge.amount_refunded}`,
        sql`(${minutesFor(session, charge.amount_refunded)} - ${taken})`,
        `Refund: ${session.description}`,
      ),
      history(full ? 'REFUNDED' : 'PAID'),
      audit('payment.refund', `Refunded ${formatMoney(charge.amount_refunded, session.currency)} of the ${paid} paid${full ? ' (all of it)' : ''}`),
    ]);
  }
  const dispute = object as Stripe.Dispute;
  if (event.type === 'charge.dispute.created') {
    return effects([
      take(`${session._id}/dispute/${dispute.id}`, sql`(${session.minutes} - ${taken})`, `Payment disputed: ${session.description}`),
      history('DISPUTED'),
      audit('payment.dispute', `The payer disputed the ${paid} payment; its minutes were taken back`),
    ]);
  }
  if (dispute.status !== 'won') return effects([history('REFUNDED'), audit('payment.disputeClosed', `The dispute of the ${paid} payment was lost`)]);
  // What the dispute took comes back as an adjustment, once, by the dispute's own source.
  const disputed = minutesTaken(tdb, 'REFUND', (sourceId) => eq(sourceId, `${session._id}/dispute/${dispute.id}`));
  return effects([
    guardedCredit(tdb, {
      studentId: session.studentId,
      courseId: session.courseId,
      kind: 'ADJUSTMENT',
      sourceId: `${session._id}/dispute-won/${dispute.id}`,
      description: `Dispute won: ${session.description}`,
      wanted: disputed,
      at,
    }),
    history('PAID'),
    audit('payment.disputeClosed', `The dispute of the ${paid} payment was won; its minutes came back`),
  ]);
}
