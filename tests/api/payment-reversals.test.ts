import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TENANT_IDS } from '../../schema/seed';
import { creditEntries, paymentHistory, paymentSessions, users } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import { stripeEventOf } from '../../worker/lib/payments/simulated';
import { deliver, eventFor, openSession, type Session } from '../helpers/payments';
import { db, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

/** A session paid through the webhook, as Stripe would report it: 600 minutes for 120.00 SGD. */
async function paid(studentId: string) {
  const session = await openSession(studentId);
  expect((await deliver(eventFor(session, 'checkout.session.completed'))).status).toBe(200);
  return (await db.select().from(paymentSessions).where(eq(paymentSessions._id, session._id)).get())!;
}

const event = (type: string, object: Record<string, unknown>) => stripeEventOf(type, object, new Date(), `evt_${newId()}`);
const refunded = (session: Session, amountRefunded: number) =>
  event('charge.refunded', {
    id: `ch_${newId()}`,
    object: 'charge',
    payment_intent: session.providerPaymentId,
    amount: session.amount,
    amount_refunded: amountRefunded,
  });
const dispute = (type: string, session: Session, id: string, status = 'needs_response') =>
  event(type, { id, object: 'dispute', payment_intent: session.providerPaymentId, amount: session.amount, status });

/** A fresh student of our own per test, so balances start at zero. */
async function student() {
  const row = await db
    .insert(users)
    .values({ tenantId: TENANT_IDS.studyhall, email: `refund-${newId()}@studyhall.test`, role: 'STUDENT', firstname: 'Rae', lastname: 'Fund' })
    .returning()
    .get();
  return row._id;
}
const balanceOf = async (studentId: string) =>
  (await db.select().from(creditEntries).where(eq(creditEntries.studentId, studentId)).all()).reduce((total, e) => total + e.minutes, 0);
const historyOf = async (session: Session) => (await db.select().from(paymentHistory).where(eq(paymentHistory.paymentSessionId, session._id)).get())?.status;

describe('refunds and disputes take back what they paid for', () => {
  it('takes back the minutes a partial refund bought, then the rest on the full refund, each once', async () => {
    const id = await student();
    const session = await paid(id);
    expect(await balanceOf(id)).toBe(600);
    const half = refunded(session, 6_000);
    await deliver(half);
    await deliver(half);
    expect(await balanceOf(id)).toBe(300);
    expect(await historyOf(session)).toBe('PAID');
    await deliver(refunded(session, 12_000));
    expect(await balanceOf(id)).toBe(0);
    expect(await historyOf(session)).toBe('REFUNDED');
    const refunds = (await db.select().from(creditEntries).where(eq(creditEntries.studentId, id)).all()).filter((e) => e.kind === 'REFUND');
    expect(refunds.map((e) => e.minutes).sort()).toEqual([-300, -300]);
  });

  it('never takes a balance below zero: minutes already spent on lessons stay spent', async () => {
    const id = await student();
    const session = await paid(id);
    await db
      .insert(creditEntries)
      .values({ tenantId: TENANT_IDS.studyhall, studentId: id, kind: 'LESSON', minutes: -500, sourceId: newId(), description: 'Lessons' });
    await deliver(refunded(session, 12_000));
    expect(await balanceOf(id)).toBe(0);
  });

  it('takes back what is left on a dispute and gives it back when the dispute is won, once', async () => {
    const id = await student();
    const session = await paid(id);
    await deliver(dispute('charge.dispute.created', session, 'dp_1'));
    expect(await balanceOf(id)).toBe(0);
    expect(await historyOf(session)).toBe('DISPUTED');
    const won = dispute('charge.dispute.closed', session, 'dp_1', 'won');
    await deliver(won);
    await deliver({ ...won, id: `evt_${newId()}` });
    expect(await balanceOf(id)).toBe(600);
    expect(await historyOf(session)).toBe('PAID');
  });

  it('marks a lost dispute refunded and leaves the minutes taken', async () => {
    const id = await student();
    const session = await paid(id);
    await deliver(dispute('charge.dispute.created', session, 'dp_2'));
    await deliver(dispute('charge.dispute.closed', session, 'dp_2', 'lost'));
    expect(await balanceOf(id)).toBe(0);
    expect(await historyOf(session)).toBe('REFUNDED');
  });

  it('acknowledges a refund of a payment it does not know, and writes nothing', async () => {
    const answer = await deliver(event('charge.refunded', { id: 'ch_x', object: 'charge', payment_intent: 'pi_unknown', amount: 100, amount_refunded: 100 }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ outcome: 'UNMATCHED' });
  });
});
