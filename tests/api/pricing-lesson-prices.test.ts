import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LessonPrice, Rate, RateVersion, VerifyDelete } from '../../schema/contracts/pricing';
import { TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { groupCourseTypes, lessonPrices, pricingMembers, rates, rateVersions, sectionAttendees, sections, studentTypes, users } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { type ErrorJson, expectFieldError } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;
const SAM = 'user_student';
const MAYA = 'user_student2';
const THEO = 'user_tutor';
const MINUTE = 60_000;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  // The demo's rates would compete with the ones these tests make.
  for (const table of [rates, rateVersions, pricingMembers, studentTypes, groupCourseTypes]) await db.delete(table);
  await db.update(users).set({ country: 'SG' }).where(eq(users._id, THEO));
  await db.update(users).set({ country: 'MY' }).where(eq(users._id, SAM));
  as = await callers();
});

const json = async <T>(res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json<T>();
};
const post = <T>(path: string, body: unknown) => call('POST', path, as.admin, body).then((res) => json<T>(res, 201));
const pricesOf = (...lessonIds: string[]) => call('GET', `/admin/lesson-prices?lessonIds=${lessonIds.join(',')}`, as.admin).then((r) => json<LessonPrice[]>(r));
const end = (lessonId: string) => call('POST', `/lesson-rooms/${lessonId}/end`, as.tutor).then((r) => json(r));

/** A version made yesterday: a lesson is priced with the versions that existed when it started. */
async function versionOf(path: string, body: Record<string, unknown>) {
  const version = await post<RateVersion>(path, body);
  await db
    .update(rateVersions)
    .set({ createdAt: new Date(Date.now() - 24 * 60 * MINUTE) })
    .where(eq(rateVersions._id, version._id));
  return version;
}

/** A lesson that started `ago` minutes ago, booked for `duration` minutes, with these people attending. */
async function lesson(courseId: string, ago: number, people: { tutors: string[]; students: string[] }, duration = 60) {
  const row = await db
    .insert(sections)
    .values({
      tenantId: TENANT_IDS.studyhall,
      courseId,
      sortingKey: 100,
      kind: 'TEAMS',
      title: 'Priced lesson',
      start: new Date(Date.now() - ago * MINUTE),
      duration,
      lessonKind: 'LESSON',
      createdBy: THEO,
    })
    .returning()
    .get();
  const attendees = [
    ...people.tutors.map((userId) => ({ userId, kind: 'TUTOR' as const })),
    ...people.students.map((userId) => ({ userId, kind: 'STUDENT' as const })),
  ];
  await db.insert(sectionAttendees).values(attendees.map((a) => ({ ...a, tenantId: TENANT_IDS.studyhall, sectionId: row._id })));
  return row._id;
}

describe('a lesson keeps the price it was recorded with', () => {
  let version: RateVersion;
  let rate: Rate;
  let first: string;
  let second: string;

  beforeAll(async () => {
    version = await versionOf('/admin/one-to-one-tutor-rate-versions', {
      name: 'Launch rates',
      dateBasis: 'STUDENT_REGISTRATION_DATE',
      operator: 'GREATER_THAN_OR_EQUAL',
      referenceDate: '2020-01-01',
    });
    rate = await post<Rate>('/admin/one-to-one-tutor-rates', { versionId: version._id, amount: 2500, currency: 'SGD', tutorCountry: 'SG' });
  });

  it('records the tutor’s pay with its version and explanation when the lesson ends', async () => {
    first = await lesson(SEED_COURSE_IDS.maths, 90, { tutors: [THEO], students: [SAM] });
    expect(await pricesOf(first)).toEqual([]);
    await end(first);
    const [price, ...others] = await pricesOf(first);
    expect(others).toEqual([]);
    expect(price).toMatchObject({
      lessonId: first,
      side: 'TUTOR',
      userId: THEO,
      userName: 'Theo Tutor',
      rateTable: 'ONE_TO_ONE_TUTOR',
      rateVersionId: version._id,
      rateId: rate._id,
      amount: 2500,
      currency: 'SGD',
      minutes: 60,
      explanation: 'one-to-one rate v1 (student registered ≥ 2020-01-01), SG→any: 25.00 SGD/h × 60 min = 25.00 SGD',
    });
    expect(price).not.toHaveProperty('tenantId');
  });

  it('keeps the recorded amount after the rate changes, and prices the next lesson at the new rate', async () => {
    await json(
      await call('PUT', `/admin/one-to-one-tutor-rates/${rate._id}`, as.admin, { versionId: version._id, amount: 3000, currency: 'SGD', tutorCountry: 'SG' }),
    );
    await end(first);
    expect((await pricesOf(first))[0]).toMatchObject({ amount: 2500, minutes: 60 });
    // Ended 45 minutes into an hour's booking: the tutor is paid for the 45 minutes held.
    second = await lesson(SEED_COURSE_IDS.maths, 45, { tutors: [THEO], students: [SAM] });
    await end(second);
    expect((await pricesOf(second))[0]).toMatchObject({
      amount: 2250,
      minutes: 45,
      explanation: 'one-to-one rate v1 (student registered ≥ 2020-01-01), SG→any: 30.00 SGD/h × 45 min = 22.50 SGD',
    });
    const both = await pricesOf(first, second);
    expect(Object.fromEntries(both.map((p) => [p.lessonId, p.amount]))).toEqual({ [first]: 2500, [second]: 2250 });
  });

  it('keeps a version and a rate lessons were priced with: verify-delete names the count and delete refuses', async () => {
    const check = await json<VerifyDelete>(await call('GET', `/admin/one-to-one-tutor-rate-versions/verify-delete/${version._id}`, as.admin));
    expect(check).toMatchObject({
      type: 'DISABLE',
      canDelete: false,
      message: 'Used to price 2 lessons: it can be disabled, not deleted.',
      dependents: [{ what: 'lessons priced on it', count: 2 }],
    });
    const refused = await call('DELETE', `/admin/one-to-one-tutor-rate-versions/${version._id}`, as.admin);
    expect(refused.status).toBe(409);
    expect((await refused.json<ErrorJson>()).message).toBe(check.message);
    const rateRefused = await call('DELETE', `/admin/one-to-one-tutor-rates/${rate._id}`, as.admin);
    expect(rateRefused.status).toBe(409);
    expect((await rateRefused.json<ErrorJson>()).message).toBe('Used to price 2 lessons: disable its rate version instead of deleting the rate.');
    expect(await db.select().from(rateVersions).where(eq(rateVersions._id, version._id)).get()).toBeDefined();
    expect(await db.select().from(rates).where(eq(rates._id, rate._id)).get()).toBeDefined();
    expect((await db.select().from(lessonPrices).where(eq(lessonPrices.rateVersionId, version._id)).all()).length).toBe(2);
    const disabled = await call('PUT', `/admin/one-to-one-tutor-rate-versions/${version._id}`, as.admin, {
      name: 'Launch rates',
      status: 'INACTIVE',
      dateBasis: 'STUDENT_REGISTRATION_DATE',
      operator: 'GREATER_THAN_OR_EQUAL',
      referenceDate: '2020-01-01',
    });
    expect((await json<RateVersion>(disabled)).status).toBe('INACTIVE');
  });

  it('shows another tenant nothing of them', async () => {
    const partner = await call('GET', `/admin/lesson-prices?lessonIds=${first},${second}`, as.partner, undefined, PARTNER_HOST);
    expect(await json<LessonPrice[]>(partner)).toEqual([]);
    const check = await call('GET', `/admin/one-to-one-tutor-rate-versions/verify-delete/${version._id}`, as.partner, undefined, PARTNER_HOST);
    expect(check.status).toBe(404);
  });
});

describe('group lessons, unpriced lessons and the rules around them', () => {
  it('pays a group lesson’s tutor by the group rates, and will not replace rates a lesson was priced with', async () => {
    const version = await versionOf('/admin/group-tutor-rate-versions', {
      name: 'Groups',
      dateBasis: 'TUTOR_REGISTRATION_DATE',
      operator: 'LESS_THAN_OR_EQUAL',
      referenceDate: '2999-12-31',
    });
    const mine = await post<Rate>('/admin/group-tutor-rates', { versionId: version._id, amount: 1800, currency: 'SGD', tutorId: THEO });
    const id = await lesson(SEED_COURSE_IDS.physics, 60, { tutors: [THEO], students: [SAM, MAYA] });
    await end(id);
    expect(await pricesOf(id)).toMatchObject([
      {
        userId: THEO,
        rateTable: 'GROUP_TUTOR',
        rateId: mine._id,
        amount: 1800,
        explanation: expect.stringContaining('tutor Theo Tutor: 18.00 SGD/h × 60 min'),
      },
    ]);
    const replace = await call('PUT', `/admin/users/group-tutor-rates/${THEO}`, as.admin, { versionId: version._id, rates: [] });
    expect(replace.status).toBe(409);
    expect((await replace.json<ErrorJson>()).message).toBe(
      'These rates were used to price 1 lesson: edit them one by one, or put the new rates in a new rate version.',
    );
    expect(await db.select().from(rates).where(eq(rates._id, mine._id)).get()).toBeDefined();
  });

  it('keeps the reason when no rate applies, and prices nothing for a cancelled lesson', async () => {
    const twoStudents = await lesson(SEED_COURSE_IDS.maths, 30, { tutors: [THEO], students: [SAM, MAYA] });
    await end(twoStudents);
    expect(await pricesOf(twoStudents)).toMatchObject([
      {
        userId: THEO,
        amount: null,
        currency: null,
        rateVersionId: null,
        minutes: 30,
        explanation: 'A one-to-one lesson is priced with its one student, and this lesson had 2 students.',
      },
    ]);
    const cancelled = await lesson(SEED_COURSE_IDS.maths, 30, { tutors: [THEO], students: [SAM] });
    await db.update(sections).set({ status: 'CANCELLED' }).where(eq(sections._id, cancelled));
    await end(cancelled);
    expect(await pricesOf(cancelled)).toEqual([]);
  });

  it('is for admins who may view tutor rates, and names its bad input', async () => {
    expect((await call('GET', '/admin/lesson-prices?lessonIds=x', as.tutor)).status).toBe(403);
    await expectFieldError(await call('GET', '/admin/lesson-prices', as.admin), 'lessonIds');
    await expectFieldError(
      await call('GET', `/admin/lesson-prices?lessonIds=${Array.from({ length: 101 }, (_, i) => `l${i}`).join(',')}`, as.admin),
      'lessonIds',
    );
  });
});
