import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PricedPlan, RateExplanation } from '../../schema/contracts/pricing';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { flexiblePlans, pricingMembers, rates, rateVersions } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { db, seedDemo } from '../helpers/seed';

let as: Callers;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
});

const counts = async () =>
  Promise.all([flexiblePlans, pricingMembers, rates, rateVersions].map(async (table) => (await db.select({ n: count() }).from(table).get())?.n));

describe('the pricing demo', () => {
  it('prices Theo’s lesson with Sam by Sam’s own rate in the version that changed the date basis', async () => {
    const res = await call('GET', `/admin/rates/explain?tutorId=user_tutor&studentId=user_student&courseId=${SEED_COURSE_IDS.maths}&minutes=45`, as.admin);
    expect(await res.json<RateExplanation>()).toMatchObject({
      amount: 3000,
      currency: 'SGD',
      rateId: 'rate_2025_sam',
      explanation: 'one-to-one rate v2 (student assigned ≥ 2025-01-01), student Sam Student, tutor Theo Tutor: 40.00 SGD/h × 45 min = 30.00 SGD',
    });
    const group = await call('GET', `/admin/rates/explain?tutorId=user_tutor&studentId=user_student2&courseId=${SEED_COURSE_IDS.physics}`, as.admin);
    expect((await group.json<RateExplanation>()).explanation).toBe('group rate v1 (tutor registered ≥ 2020-01-01), course type Small Group: 18.00 SGD/h');
  });

  it('offers Maya the scholarship pack and her own price for the standard pack, and seeds nothing twice', async () => {
    const plans = await (await call('GET', '/flexible-plans?userId=user_student2', as.parent)).json<PricedPlan[]>();
    expect(plans.map((p) => p.name)).toContain('Scholarship pack, 10 hours');
    expect(plans.find((p) => p._id === 'flexible_plan_standard')!.price).toMatchObject({ amount: 50000, currency: 'SGD' });
    const sam = await (await call('GET', '/flexible-plans', as.student)).json<PricedPlan[]>();
    expect(sam.map((p) => p.name)).not.toContain('Scholarship pack, 10 hours');
    expect(sam.find((p) => p._id === 'flexible_plan_standard')!.price).toMatchObject({ amount: 52000, currency: 'SGD' });
    const before = await counts();
    await seedDemo();
    expect(await counts()).toEqual(before);
  });
});
