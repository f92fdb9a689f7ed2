import { eq } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { DiagnosticPaymentOffer, DiagnosticRecommendation } from '../../../schema/contracts/diagnostics';
import { users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { PaymentsAdapter } from '../payments/adapter';
import { startCheckout } from '../payments/checkout';
import { expiryAfter } from '../payments/periods';
import { buyingFor } from '../payments/plan-checkout';
import { plansForStudent } from '../pricing/plans';
import type { TenantDb } from '../tenant-db';
import { type DiagnosticRow, ownOrChild, readableDiagnostic } from './access';
import { diagnosticDoc } from './read';

/**
 * The recommended plan as this student is offered it, at the price their plan list shows them. A plan since
 * withdrawn, or not offered to their group, gives way to the offered plan closest to the advised hours.
 */
async function pricedPlan(tdb: TenantDb, studentId: string, r: DiagnosticRecommendation) {
  const offered = await plansForStudent(tdb, 'flexible', studentId);
  const target = r.hours * 60;
  return (
    offered.find((p) => p._id === r.plan?._id) ??
    [...offered].sort((a, b) => Math.abs(a.minutes - target) - Math.abs(b.minutes - target) || a.minutes - b.minutes)[0] ??
    null
  );
}

async function learnerOf(tdb: TenantDb, row: DiagnosticRow) {
  return tdb.db
    .select({ role: users.role, firstname: users.firstname })
    .from(users)
    .where(tdb.where(users, eq(users._id, row.userId)))
    .get();
}

/** What the payment page shows: the plan and its price for this learner, or the sentence saying what comes first. */
export async function paymentOffer(tdb: TenantDb, actor: Actor, id: string, shareToken?: string): Promise<DiagnosticPaymentOffer> {
  const { row, access } = await readableDiagnostic(tdb, actor, id, shareToken);
  const diagnostic = await diagnosticDoc(tdb, row, access);
  const learner = await learnerOf(tdb, row);
  const name = diagnostic.learnerName;
  const family = await ownOrChild(tdb, actor, row);
  let blocked: string | null = null;
  if (learner?.role !== 'STUDENT')
    blocked =
      family === 'own'
        ? 'Create a free account to pay: your result stays with you when you sign up.'
        : `${name} needs a student account before lessons can be bought for them: ask them to sign up from their result.`;
  else if (!family) blocked = `Sign in as ${name}’s parent to pay for their lessons.`;
  const plan = learner?.role === 'STUDENT' ? await pricedPlan(tdb, row.userId, row.recommendation) : null;
  if (!blocked && !plan) blocked = 'No lesson plan is on sale right now: ask us to call you and we will set one up.';
  return { diagnostic, plan: plan && { _id: plan._id, name: plan.name, minutes: plan.minutes, price: plan.price }, blocked };
}

/**
 * Starts Checkout for the recommended plan, priced by our own rules for the learner who took the diagnostic; the
 * student pays for themselves, or a parent for their linked child. Nothing in the request says what it costs.
 */
export async function startDiagnosticCheckout(tdb: TenantDb, actor: Actor, adapter: PaymentsAdapter, id: string, origin: string) {
  const { row } = await readableDiagnostic(tdb, actor, id);
  const learner = await learnerOf(tdb, row);
  if (learner?.role !== 'STUDENT') throw new ApiError(409, 'Create a free account to pay: your result stays with you when you sign up.');
  const studentId = await buyingFor(tdb, actor, row.userId);
  const plan = await pricedPlan(tdb, studentId, row.recommendation);
  if (!plan) throw new ApiError(409, 'No lesson plan is on sale right now: ask us to call you and we will set one up.');
  const { url } = await startCheckout(
    tdb,
    adapter,
    {
      payerId: actor.userId,
      studentId,
      paymentType: 'FLEXIBLE',
      itemKind: 'diagnosticPlan',
      itemId: plan._id,
      description: `${plan.name} for ${learner.firstname || 'your lessons'}, as the ${row.subject} diagnostic recommends`,
      minutes: plan.minutes,
      amount: plan.price.amount,
      currency: plan.price.currency,
      creditExpiresAt: expiryAfter(new Date(), plan.duration, plan.durationUnit),
    },
    origin,
  );
  return { url };
}
