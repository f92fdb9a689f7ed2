import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '../../schema/contracts/courses';
import { TENANT_IDS } from '../../schema/seed';
import { coursePricingTemplates, courses } from '../../schema/tables';
import { priceOf } from '../../worker/lib/courses/course-price';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;
const termFee = { currency: 'SGD', amount: 12000, duration: 3, durationUnit: 'MONTHS' as const };

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
  await db.insert(coursePricingTemplates).values({ _id: 'pricing_term_fee', tenantId: TENANT_IDS.studyhall, name: 'Term fee', ...termFee });
});

const newCourse = { title: 'Priced chemistry', kind: 'Group', paymentType: 'ONETIME', curriculum: 'Cambridge IGCSE', subject: 'Chemistry', grade: 'Grade 9' };

const getCourse = async (id: string) => (await call('GET', `/admin/courses/${id}`, as.admin)).json<Course>();
const putCourse = (id: string, body: unknown) => call('PUT', `/admin/courses/${id}`, as.admin, body);

describe('priceOf', () => {
  const none = { priceAmount: null, priceCurrency: null, priceDuration: null, priceDurationUnit: null };
  const own = { priceAmount: 999, priceCurrency: 'JPY', priceDuration: 1, priceDurationUnit: 'YEARS' as const };

  it('takes the course’s own price over the template’s, the template’s when it has none, and null with neither', () => {
    expect(priceOf(own, termFee)).toEqual({ amount: 999, currency: 'JPY', duration: 1, durationUnit: 'YEARS', source: 'course' });
    expect(priceOf(none, termFee)).toEqual({ ...termFee, source: 'template' });
    expect(priceOf(none, null)).toBeNull();
  });

  it('ignores a half-set override rather than mixing it with the template', () => {
    expect(priceOf({ ...none, priceAmount: 5 }, termFee)?.source).toBe('template');
  });
});

describe('a course’s price', () => {
  let course: Course;

  beforeAll(async () => {
    const res = await call('POST', '/admin/courses', as.admin, { ...newCourse, pricingTemplateId: 'pricing_term_fee' });
    expect(res.status).toBe(201);
    course = await res.json<Course>();
  });

  it('comes from its pricing template, read live', async () => {
    expect(course).toMatchObject({ priceOverride: null, price: { ...termFee, source: 'template' } });
    await db.update(coursePricingTemplates).set({ amount: 15000 }).where(eq(coursePricingTemplates._id, 'pricing_term_fee'));
    expect((await getCourse(course._id)).price).toMatchObject({ amount: 15000, source: 'template' });
    await db.update(coursePricingTemplates).set({ amount: termFee.amount }).where(eq(coursePricingTemplates._id, 'pricing_term_fee'));
  });

  it('is the course’s own when an admin overrides it, and the template’s again when the override is cleared', async () => {
    const override = { amount: 25050, currency: 'usd', duration: 1, durationUnit: 'YEARS' };
    const res = await putCourse(course._id, { priceOverride: override });
    expect(res.status).toBe(200);
    const priced = await res.json<Course>();
    expect(priced.priceOverride).toEqual({ ...override, currency: 'USD' });
    expect(priced.price).toEqual({ ...override, currency: 'USD', source: 'course' });
    expect((await putCourse(course._id, { title: 'Priced chemistry' })).status).toBe(200);
    expect((await getCourse(course._id)).price?.source).toBe('course');
    const cleared = await (await putCourse(course._id, { priceOverride: null })).json<Course>();
    expect(cleared).toMatchObject({ priceOverride: null, price: { ...termFee, source: 'template' } });
  });

  it('is null with neither a template nor an override, and shows in the admin list', async () => {
    const plain = await (await call('POST', '/admin/courses', as.admin, { ...newCourse, title: 'Unpriced' })).json<Course>();
    expect(plain.price).toBeNull();
    const list = await (await call('GET', '/admin/courses?searchText=Priced', as.admin)).json<{ docs: Course[] }>();
    expect(list.docs.find((c) => c._id === course._id)?.price?.source).toBe('template');
  });

  it('refuses an amount that would need a float, an unknown currency or a half-given override, and writes nothing', async () => {
    const before = await db.select().from(courses).where(eq(courses._id, course._id)).get();
    const good = { amount: 100, currency: 'GBP', duration: 1, durationUnit: 'MONTHS' };
    await expectFieldError(await putCourse(course._id, { priceOverride: { ...good, amount: 10.5 } }), 'priceOverride.amount');
    await expectFieldError(await putCourse(course._id, { priceOverride: { ...good, currency: 'XXQ' } }), 'priceOverride.currency');
    await expectFieldError(await putCourse(course._id, { priceOverride: { amount: 100 } }), 'priceOverride.currency');
    await expectFieldError(await putCourse(course._id, { priceOverride: { ...good, durationUnit: 'HOURS' } }), 'priceOverride.durationUnit');
    expect(await db.select().from(courses).where(eq(courses._id, course._id)).get()).toEqual(before);
  });

  it('is not the partner’s to change', async () => {
    expect((await call('PUT', `/admin/courses/${course._id}`, as.partner, { priceOverride: null }, PARTNER_HOST)).status).toBe(404);
  });
});
