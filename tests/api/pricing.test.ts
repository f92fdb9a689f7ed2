import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { Plan, PricedPlan, PricingSet, Rate, RateExplanation, RateVersion, VerifyDelete } from '../../schema/contracts/pricing';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import {
  flexiblePlans,
  groupCourseTypes,
  pricingMembers,
  rates,
  rateVersions,
  studentGroups,
  studentTypes,
  subscriptionPlans,
  users,
} from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { type ErrorJson, expectFieldError } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;
const SAM = 'user_student';
const MAYA = 'user_student2';
const THEO = 'user_tutor';

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  // The demo's plans and rates would compete with the ones each test makes; these tests start from none.
  for (const table of [rates, rateVersions, pricingMembers, studentGroups, studentTypes, groupCourseTypes, flexiblePlans, subscriptionPlans])
    await db.delete(table);
  await db.update(users).set({ country: 'SG' }).where(eq(users._id, THEO));
  await db.update(users).set({ country: 'MY' }).where(eq(users._id, SAM));
  as = await callers();
});

const json = async <T>(res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json<T>();
};
const post = <T>(path: string, body: unknown) => call('POST', path, as.admin, body).then((res) => json<T>(res, 201));
const get = <T>(path: string, token = as.admin) => call('GET', path, token).then((res) => json<T>(res));

const flexible = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  amount: 12000,
  currency: 'sgd',
  minutes: 600,
  duration: 3,
  durationUnit: 'MONTHS',
  ...extra,
});

describe('plans', () => {
  it('creates, lists with search, status and sort, offers active ones in the dropdown, updates', async () => {
    const a = await post<Plan>('/admin/flexible-plans', flexible('Ten hours'));
    const b = await post<Plan>('/admin/flexible-plans', flexible('Twenty hours', { amount: 22000 }));
    expect(a).toMatchObject({ currency: 'SGD', amount: 12000, inclusionMode: 'ALL', status: 'ACTIVE' });
    expect(a).not.toHaveProperty('tenantId');
    const updated = await json<Plan>(await call('PUT', `/admin/flexible-plans/${b._id}`, as.admin, flexible('Twenty hours', { status: 'INACTIVE' })));
    expect(updated.status).toBe('INACTIVE');
    const list = await get<ListResponse<Plan>>('/admin/flexible-plans?sortKey=name&sortValue=desc&searchText=hours');
    expect(list.docs.map((p) => p.name)).toEqual(['Twenty hours', 'Ten hours']);
    expect(list.totalDocs).toBe(2);
    const active = await get<ListResponse<Plan>>('/admin/flexible-plans?statuses=ACTIVE&limit=1');
    expect(active).toMatchObject({ totalDocs: 1, limit: 1, offset: 0 });
    const dropdown = await get<{ name: string }[]>('/admin/flexible-plans/dropdown-list');
    expect(dropdown.map((p) => p.name)).toEqual(['Ten hours']);
  });

  it('refuses amounts that would need a float, unknown currencies, units and empty inclusion lists', async () => {
    await expectFieldError(await call('POST', '/admin/flexible-plans', as.admin, flexible('x', { amount: 10.5 })), 'amount');
    await expectFieldError(await call('POST', '/admin/flexible-plans', as.admin, flexible('x', { currency: 'XXQ' })), 'currency');
    await expectFieldError(await call('POST', '/admin/subscription-plans', as.admin, flexible('x', { durationUnit: 'MINUTES' })), 'durationUnit');
    await expectFieldError(await call('POST', '/admin/flexible-plans', as.admin, flexible('x', { inclusionMode: 'INCLUDE' })), 'groupIds');
    await expectFieldError(
      await call('POST', '/admin/flexible-plans', as.admin, flexible('x', { inclusionMode: 'EXCLUDE', groupIds: ['nope'] })),
      'groupIds.0',
    );
    await expectFieldError(await call('GET', '/admin/flexible-plans?sortKey=tenantId', as.admin), 'sortKey');
  });

  it('keeps a plan students hold: verify-delete says DISABLE and delete refuses the same way', async () => {
    const plan = await post<Plan>('/admin/subscription-plans', flexible('Monthly', { durationUnit: 'MONTHS', duration: 1 }));
    await db
      .update(users)
      .set({ plans: { flexiblePlans: [], subscriptionPlans: [plan._id] } })
      .where(eq(users._id, MAYA));
    const check = await get<VerifyDelete>(`/admin/subscription-plans/verify-delete/${plan._id}`);
    expect(check).toMatchObject({
      type: 'DISABLE',
      canDelete: false,
      message: 'This subscription plan is used by 1 students: set it to INACTIVE instead of deleting it.',
    });
    const refused = await call('DELETE', `/admin/subscription-plans/${plan._id}`, as.admin);
    expect(refused.status).toBe(409);
    expect((await refused.json<ErrorJson>()).message).toBe(check.message);
    await db
      .update(users)
      .set({ plans: { flexiblePlans: [], subscriptionPlans: [] } })
      .where(eq(users._id, MAYA));
    expect(await get<VerifyDelete>(`/admin/subscription-plans/verify-delete/${plan._id}`)).toMatchObject({ type: 'DELETE', canDelete: true });
    expect((await call('DELETE', `/admin/subscription-plans/${plan._id}`, as.admin)).status).toBe(200);
    expect((await call('GET', `/admin/subscription-plans/${plan._id}`, as.admin)).status).toBe(404);
  });
});

describe('groups and public plan lists', () => {
  it('every tenant has a Default Group that cannot be deleted', async () => {
    const groups = await get<ListResponse<PricingSet>>('/admin/groups');
    const fallback = groups.docs.find((g) => g.name === 'Default Group')!;
    expect(fallback.isDefault).toBe(true);
    const check = await get<VerifyDelete>(`/admin/groups/verify-delete/${fallback._id}`);
    expect(check).toMatchObject({ canDelete: false, type: 'DISABLE' });
    expect((await call('DELETE', `/admin/groups/${fallback._id}`, as.admin)).status).toBe(409);
    const partner = await json<ListResponse<PricingSet>>(await call('GET', '/admin/groups', as.partner, undefined, PARTNER_HOST));
    expect(partner.docs.map((g) => g.name)).toEqual(['Default Group']);
    expect(partner.docs[0]!._id).not.toBe(fallback._id);
  });

  it('offers INCLUDE plans to the group only and EXCLUDE plans to everyone else, priced for the student', async () => {
    const vip = await post<PricingSet>('/admin/groups', { name: 'VIP', memberIds: [SAM] });
    expect(vip.memberIds).toEqual([SAM]);
    await expectFieldError(await call('POST', '/admin/groups', as.admin, { name: 'vip' }), 'name');
    await expectFieldError(await call('POST', '/admin/groups', as.admin, { name: 'Tutors', memberIds: [THEO] }), 'memberIds.0');
    const only = await post<Plan>('/admin/flexible-plans', flexible('VIP pack', { inclusionMode: 'INCLUDE', groupIds: [vip._id] }));
    const notVip = await post<Plan>('/admin/flexible-plans', flexible('Starter pack', { inclusionMode: 'EXCLUDE', groupIds: [vip._id] }));
    const samSees = (await get<PricedPlan[]>('/flexible-plans', as.student)).map((p) => p.name);
    expect(samSees).toContain('VIP pack');
    expect(samSees).not.toContain('Starter pack');
    const mayaSees = (await get<PricedPlan[]>(`/flexible-plans?userId=${MAYA}`, as.parent)).map((p) => p.name);
    expect(mayaSees).toContain('Starter pack');
    expect(mayaSees).not.toContain('VIP pack');
    expect((await call('GET', `/flexible-plans?userId=${MAYA}`, as.tutor)).status).toBe(403);
    expect((await get<PricedPlan[]>(`/admin/flexible-plans/user/${SAM}`)).map((p) => p._id)).toContain(only._id);
    const check = await get<VerifyDelete>(`/admin/groups/verify-delete/${vip._id}`);
    expect(check.message).toBe('This group is used by 1 students and 2 flexible plans: set it to INACTIVE instead of deleting it.');
    expect(notVip.groupIds).toEqual([vip._id]);
  });
});

describe('a rate version’s reference date', () => {
  const tables = [
    ['one-to-one-tutor', 'STUDENT_REGISTRATION_DATE'],
    ['group-tutor', 'TUTOR_REGISTRATION_DATE'],
    ['student-flexible', 'STUDENT_ASSIGNED_DATE'],
    ['student-subscription', 'STUDENT_ASSIGNED_DATE'],
  ] as const;
  const notDays = ['2030-13-01', '2030-02-29', 'x', '', '2030-01-01T00:00:00Z', '2030-1-01', 20300101];

  it('is refused naming the field, never a 500, on create and update of all four tables; a missing id is 404', async () => {
    for (const [table, dateBasis] of tables) {
      const path = `/admin/${table}-rate-versions`;
      // Inactive and deleted afterwards: the tests below count and resolve versions from none.
      const body = { name: 'Dates', status: 'INACTIVE', dateBasis, operator: 'EQUAL', referenceDate: '2028-02-29' };
      const version = await post<RateVersion>(path, body);
      for (const referenceDate of notDays) {
        await expectFieldError(await call('POST', path, as.admin, { ...body, referenceDate }), 'referenceDate');
        await expectFieldError(await call('PUT', `${path}/${version._id}`, as.admin, { ...body, referenceDate }), 'referenceDate');
        await expectFieldError(await call('PUT', `${path}/no-such-version`, as.admin, { ...body, referenceDate }), 'referenceDate');
      }
      expect((await call('PUT', `${path}/no-such-version`, as.admin, body)).status).toBe(404);
      expect((await call('PUT', `${path}/${version._id}`, as.admin, { ...body, referenceDate: '2029-12-31' })).status).toBe(200);
      expect((await call('DELETE', `${path}/${version._id}`, as.admin)).status).toBe(200);
    }
  });
});

describe('rate versions, rates and the price check', () => {
  const explain = (minutes?: number) =>
    `/admin/rates/explain?tutorId=${THEO}&studentId=${SAM}&courseId=${SEED_COURSE_IDS.maths}${minutes ? `&minutes=${minutes}` : ''}`;

  it('numbers versions, picks the most specific rate and explains it', async () => {
    const valid = { name: 'x', dateBasis: 'STUDENT_REGISTRATION_DATE', operator: 'EQUAL', referenceDate: '2025-01-01' };
    const refused = { dateBasis: 'TUTOR_REGISTRATION_DATE', operator: 'AFTER', referenceDate: '2025-02-30' };
    for (const [field, value] of Object.entries(refused)) {
      await expectFieldError(await call('POST', '/admin/one-to-one-tutor-rate-versions', as.admin, { ...valid, [field]: value }), field);
    }
    const v1 = await post<RateVersion>('/admin/one-to-one-tutor-rate-versions', {
      name: 'Launch rates',
      dateBasis: 'STUDENT_REGISTRATION_DATE',
      operator: 'GREATER_THAN_OR_EQUAL',
      referenceDate: '2020-01-01',
    });
    const v2 = await post<RateVersion>('/admin/one-to-one-tutor-rate-versions', {
      name: 'Later',
      dateBasis: 'STUDENT_ASSIGNED_DATE',
      operator: 'GREATER_THAN',
      referenceDate: '2999-01-01',
    });
    expect([v1.versionNumber, v2.versionNumber]).toEqual([1, 2]);
    expect((await call('GET', explain(), as.admin)).status).toBe(422);
    await post<Rate>('/admin/one-to-one-tutor-rates', { versionId: v1._id, amount: 2500, currency: 'SGD' });
    await post<Rate>('/admin/one-to-one-tutor-rates', { versionId: v1._id, amount: 3000, currency: 'SGD', tutorCountry: 'sg', studentCountry: 'MY' });
    const pair = await get<RateExplanation>(explain(45));
    expect(pair).toMatchObject({ amount: 2250, currency: 'SGD', rateVersionId: v1._id });
    expect(pair.explanation).toBe('one-to-one rate v1 (student registered ≥ 2020-01-01), SG→MY: 30.00 SGD/h × 45 min = 22.50 SGD');
    const override = await post<Rate>('/admin/one-to-one-tutor-rates', { versionId: v1._id, amount: 4000, currency: 'SGD', studentId: SAM });
    expect(await get<RateExplanation>(explain())).toEqual({
      amount: 4000,
      currency: 'SGD',
      rateVersionId: v1._id,
      rateId: override._id,
      explanation: 'one-to-one rate v1 (student registered ≥ 2020-01-01), student Sam Student: 40.00 SGD/h',
    });
    const listed = await get<ListResponse<Rate>>(`/admin/one-to-one-tutor-rates?versionId=${v1._id}&tutorCountry=SG`);
    expect(listed.docs.map((r) => r.amount)).toEqual([3000]);
    expect((await get<Rate[]>(`/admin/student-flexible-rates/user/${SAM}`)).length).toBe(0);
    const versions = await get<ListResponse<RateVersion>>('/admin/one-to-one-tutor-rate-versions');
    expect(versions.docs.find((v) => v._id === v1._id)!.ratesCount).toBe(3);
  });

  it('refuses rates that name the wrong records or criteria, and amounts that need a float', async () => {
    const v = await post<RateVersion>('/admin/group-tutor-rate-versions', {
      name: 'Groups',
      dateBasis: 'TUTOR_REGISTRATION_DATE',
      operator: 'LESS_THAN_OR_EQUAL',
      referenceDate: '2999-12-31',
    });
    await expectFieldError(await call('POST', '/admin/group-tutor-rates', as.admin, { versionId: v._id, amount: 1800.5, currency: 'SGD' }), 'amount');
    await expectFieldError(
      await call('POST', '/admin/group-tutor-rates', as.admin, { versionId: v._id, amount: 1800, currency: 'SGD', studentType: 'x' }),
      'studentType',
    );
    await expectFieldError(
      await call('POST', '/admin/group-tutor-rates', as.admin, { versionId: v._id, amount: 1800, currency: 'SGD', tutorId: SAM }),
      'tutorId',
    );
    await expectFieldError(await call('POST', '/admin/group-tutor-rates', as.admin, { versionId: 'nope', amount: 1800, currency: 'SGD' }), 'versionId');
    await expectFieldError(
      await call('POST', '/admin/student-flexible-rates', as.admin, { versionId: v._id, amount: 1800, currency: 'SGD', packageId: 'p' }),
      'versionId',
    );
    await expectFieldError(await call('POST', '/admin/student-flexible-rates', as.admin, { versionId: v._id, amount: 1800, currency: 'SGD' }), 'packageId');
  });

  it('prices a group lesson by course type and tutor country', async () => {
    const small = await post<PricingSet>('/admin/group-tutor-rate-course-types', { name: 'Small Group', memberIds: [SEED_COURSE_IDS.physics] });
    await expectFieldError(
      await call('POST', '/admin/group-tutor-rate-course-types', as.admin, { name: 'One', memberIds: [SEED_COURSE_IDS.maths] }),
      'memberIds.0',
    );
    const [v] = (await get<ListResponse<RateVersion>>('/admin/group-tutor-rate-versions')).docs;
    const rate = await post<Rate>('/admin/group-tutor-rates', { versionId: v!._id, amount: 1800, currency: 'SGD', courseType: small._id, tutorCountry: 'SG' });
    const answer = await get<RateExplanation>(`/admin/rates/explain?tutorId=${THEO}&studentId=${MAYA}&courseId=${SEED_COURSE_IDS.physics}`);
    expect(answer).toMatchObject({ rateId: rate._id, amount: 1800 });
    expect(answer.explanation).toBe('group rate v1 (tutor registered ≤ 2999-12-31), course type Small Group, SG→any: 18.00 SGD/h');
    const check = await get<VerifyDelete>(`/admin/group-tutor-rate-course-types/verify-delete/${small._id}`);
    expect(check).toMatchObject({
      canDelete: false,
      dependents: [
        { what: 'courses', count: 1 },
        { what: 'rates', count: 1 },
      ],
    });
    expect((await call('GET', `/admin/rates/explain?tutorId=${THEO}&studentId=${SAM}&courseId=nope`, as.admin)).status).toBe(404);
  });

  it('deletes a version with its rates, after saying so', async () => {
    const v = await post<RateVersion>('/admin/student-flexible-rate-versions', {
      name: 'Old',
      dateBasis: 'STUDENT_REGISTRATION_DATE',
      operator: 'EQUAL',
      referenceDate: '2024-01-01',
    });
    const plan = await post<Plan>('/admin/flexible-plans', flexible('Priced pack'));
    const rate = await post<Rate>('/admin/student-flexible-rates', { versionId: v._id, amount: 9900, currency: 'SGD', packageId: plan._id });
    const check = await get<VerifyDelete>(`/admin/student-flexible-rate-versions/verify-delete/${v._id}`);
    expect(check).toMatchObject({
      canDelete: true,
      type: 'DELETE',
      message: 'No lesson is priced on this rate version: deleting it also deletes its 1 rates.',
    });
    expect((await get<VerifyDelete>(`/admin/flexible-plans/verify-delete/${plan._id}`)).canDelete).toBe(false);
    expect((await call('DELETE', `/admin/student-flexible-rate-versions/${v._id}`, as.admin)).status).toBe(200);
    expect(await db.select().from(rates).where(eq(rates._id, rate._id)).get()).toBeUndefined();
  });

  it('prices a plan purchase with the student rates', async () => {
    const v = await post<RateVersion>('/admin/student-flexible-rate-versions', {
      name: 'Now',
      dateBasis: 'STUDENT_REGISTRATION_DATE',
      operator: 'GREATER_THAN',
      referenceDate: '2000-01-01',
    });
    const plan = await post<Plan>('/admin/flexible-plans', flexible('Malaysia pack', { amount: 20000 }));
    await post<Rate>('/admin/student-flexible-rates', { versionId: v._id, amount: 15000, currency: 'MYR', packageId: plan._id, country: 'MY' });
    const mine = (await get<PricedPlan[]>('/flexible-plans', as.student)).find((p) => p._id === plan._id)!;
    expect(mine.price).toEqual({
      amount: 15000,
      currency: 'MYR',
      explanation: 'flexible plan rate v1 (student registered > 2000-01-01), plan Malaysia pack, country MY: 150.00 MYR',
    });
    const maya = (await get<PricedPlan[]>(`/admin/flexible-plans/user/${MAYA}`)).find((p) => p._id === plan._id)!;
    expect(maya.price).toMatchObject({ amount: 20000, currency: 'SGD' });
  });
});

describe('a user’s own rates', () => {
  it('replaces the rates of a version that name a tutor, or a student, as a whole', async () => {
    const [v] = (await get<ListResponse<RateVersion>>('/admin/one-to-one-tutor-rate-versions?searchText=Launch')).docs;
    const put = (userId: string, rates: unknown[], path = 'one-to-one-tutor-rates') =>
      call('PUT', `/admin/users/${path}/${userId}`, as.admin, { versionId: v!._id, rates });
    const theo = await json<Rate[]>(
      await put(THEO, [
        { amount: 4200, currency: 'SGD', studentId: MAYA },
        { amount: 3900, currency: 'SGD' },
      ]),
    );
    expect(theo.map((r) => [r.tutorId, r.studentId, r.amount]).sort()).toEqual(
      [
        [THEO, MAYA, 4200],
        [THEO, null, 3900],
      ].sort(),
    );
    expect(await json<Rate[]>(await put(THEO, [{ amount: 4100, currency: 'SGD' }]))).toMatchObject([{ tutorId: THEO, amount: 4100 }]);
    expect(await json<Rate[]>(await put(MAYA, [{ amount: 3700, currency: 'SGD' }]))).toMatchObject([{ studentId: MAYA, tutorId: null }]);
    await expectFieldError(await put(THEO, [{ amount: 41.5, currency: 'SGD' }]), 'rates.0.amount');
    await expectFieldError(await put(THEO, [{ amount: 4100, currency: 'SGD', studentId: THEO }]), 'rates.0.studentId');
    expect((await put(MAYA, [], 'group-tutor-rates')).status).toBe(404);
    expect((await call('PUT', `/admin/users/one-to-one-tutor-rates/${THEO}`, as.approver, { nonsense: true })).status).toBe(403);
    expect(await json<Rate[]>(await put(THEO, []))).toEqual([]);
    expect(await json<Rate[]>(await put(MAYA, []))).toEqual([]);
  });
});

describe('the tutor’s own rates', () => {
  it('lists what may pay the tutor and prices a lesson with one of their students', async () => {
    const mine = await get<(Rate & { versionNumber: number })[]>('/one-to-one-tutor-rates', as.tutor);
    expect(mine.map((r) => r.amount)).toEqual(expect.arrayContaining([4000, 3000, 2500]));
    expect(mine.every((r) => r.tutorId === null || r.tutorId === THEO)).toBe(true);
    expect((await get<Rate[]>('/group-tutor-rates', as.tutor)).some((r) => r.amount === 1800)).toBe(true);
    const sam = await get<RateExplanation>(`/one-to-one-tutor-rates/student/${SAM}?tutorId=${THEO}`, as.tutor);
    expect(sam.explanation).toBe('one-to-one rate v1 (student registered ≥ 2020-01-01), student Sam Student: 40.00 SGD/h');
    expect((await call('GET', `/one-to-one-tutor-rates/student/${SAM}?tutorId=user_other`, as.tutor)).status).toBe(403);
    expect((await call('GET', '/one-to-one-tutor-rates/student/user_partner_learner', as.tutor)).status).toBe(404);
    expect((await call('GET', '/one-to-one-tutor-rates', as.student)).status).toBe(403);
    expect((await call('GET', '/group-tutor-rates', as.admin)).status).toBe(403);
  });
});

describe('permissions and tenants', () => {
  const paths = [
    '/admin/flexible-plans',
    '/admin/subscription-plans',
    '/admin/groups',
    '/admin/one-to-one-student-types',
    '/admin/group-tutor-rate-course-types',
    '/admin/one-to-one-tutor-rate-versions',
    '/admin/one-to-one-tutor-rates',
    '/admin/group-tutor-rate-versions',
    '/admin/group-tutor-rates',
    '/admin/student-flexible-rate-versions',
    '/admin/student-flexible-rates',
    '/admin/student-subscription-rate-versions',
    '/admin/student-subscription-rates',
  ];

  it('gates every call before validating it', async () => {
    for (const path of paths) {
      for (const token of [as.approver, as.student, as.tutor]) {
        expect((await call('GET', path, token)).status, path).toBe(403);
        expect((await call('POST', path, token, { nonsense: true })).status, path).toBe(403);
        expect((await call('DELETE', `${path}/anything`, token)).status, path).toBe(403);
      }
      expect((await call('GET', path, 'not-a-token')).status).toBe(401);
    }
    expect((await call('GET', '/admin/rates/explain?tutorId=', as.approver)).status).toBe(403);
  });

  it('answers 404 for another tenant’s records', async () => {
    const plan = await post<Plan>('/admin/flexible-plans', flexible('Ours'));
    const type = await post<PricingSet>('/admin/one-to-one-student-types', { name: 'Exam year', memberIds: [SAM] });
    const v = await post<RateVersion>('/admin/one-to-one-tutor-rate-versions', {
      name: 'Ours',
      dateBasis: 'STUDENT_ASSIGNED_DATE',
      operator: 'EQUAL',
      referenceDate: '2025-01-01',
    });
    for (const path of [`/admin/flexible-plans/${plan._id}`, `/admin/one-to-one-student-types/${type._id}`, `/admin/one-to-one-tutor-rate-versions/${v._id}`]) {
      expect((await call('GET', path, as.partner, undefined, PARTNER_HOST)).status, path).toBe(404);
      expect((await call('DELETE', path, as.partner, undefined, PARTNER_HOST)).status, path).toBe(404);
    }
    const foreign = await call('POST', '/admin/one-to-one-tutor-rates', as.partner, { versionId: v._id, amount: 100, currency: 'USD' }, PARTNER_HOST);
    await expectFieldError(foreign, 'versionId');
    expect(
      (await call('GET', `/admin/rates/explain?tutorId=${THEO}&studentId=${SAM}&courseId=${SEED_COURSE_IDS.maths}`, as.partner, undefined, PARTNER_HOST))
        .status,
    ).toBe(404);
  });
});
