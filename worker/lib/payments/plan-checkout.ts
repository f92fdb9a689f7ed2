import { eq } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import type { FlexibleSessionInput } from '../../../schema/contracts/payments';
import { users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { isLinkedChild } from '../family-links';
import { type PlanKind, plansForStudent } from '../pricing/plans';
import type { TenantDb } from '../tenant-db';
import type { PaymentsAdapter } from './adapter';
import { startCheckout } from './checkout';
import { billingIntervalOf, expiryAfter } from './periods';

/**
 * The student a purchase is for: a student buys for themselves; a parent for a linked child, named in the body or
 * the one they are acting for. Any other student answers 404, so another family's children are not revealed.
 */
export async function buyingFor(tdb: TenantDb, actor: Actor, studentId: string | undefined): Promise<string> {
  const notFound = new ApiError(404, 'Student not found');
  if (actor.role === 'STUDENT') {
    if (studentId !== undefined && studentId !== actor.userId) throw notFound;
    return actor.userId;
  }
  const child = studentId ?? (actor.actingUserId === actor.userId ? undefined : actor.actingUserId);
  if (child === undefined) throw fieldError('studentId', 'choose which of your children this plan is for');
  if (!(await isLinkedChild(tdb, actor.userId, child))) throw notFound;
  return child;
}

/**
 * Starts Checkout for a plan, priced for that student by the same rules that list the plans to them (their student
 * rate by country, curriculum and grade, else the list price). A plan not offered to them cannot be bought. A
 * subscription renews every plan duration and its minutes last that long; a flexible plan's last its duration.
 */
export async function startPlanCheckout(tdb: TenantDb, actor: Actor, adapter: PaymentsAdapter, kind: PlanKind, input: FlexibleSessionInput, origin: string) {
  const studentId = await buyingFor(tdb, actor, input.studentId);
  const plan = (await plansForStudent(tdb, kind, studentId)).find((offered) => offered._id === input.planId);
  if (!plan) throw fieldError('planId', `is not a ${kind} plan offered to this student`);
  const student = await tdb.db
    .select({ firstname: users.firstname })
    .from(users)
    .where(tdb.where(users, eq(users._id, studentId)))
    .get();
  const { url } = await startCheckout(
    tdb,
    adapter,
    {
      payerId: actor.userId,
      studentId,
      paymentType: kind === 'flexible' ? 'FLEXIBLE' : 'SUBSCRIPTION',
      itemKind: `${kind}Plan`,
      itemId: plan._id,
      description: student?.firstname ? `${plan.name} for ${student.firstname}` : plan.name,
      minutes: plan.minutes,
      amount: plan.price.amount,
      currency: plan.price.currency,
      creditExpiresAt: expiryAfter(new Date(), plan.duration, plan.durationUnit),
      billingInterval: kind === 'subscription' ? billingIntervalOf(plan.durationUnit) : null,
      intervalCount: kind === 'subscription' ? plan.duration : null,
    },
    origin,
  );
  return { url };
}
