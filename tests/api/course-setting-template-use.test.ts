import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '../../schema/contracts/courses';
import { TENANT_IDS } from '../../schema/seed';
import { coursePricingTemplates, courses } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { db, seedDemo } from '../helpers/seed';

let as: Callers;
beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
  const template = { currency: 'SGD', amount: 48000, duration: 3, durationUnit: 'MONTHS' as const };
  await db.insert(coursePricingTemplates).values([
    { _id: 'pricing_term', tenantId: TENANT_IDS.studyhall, name: 'Term fee', ...template },
    { _id: 'pricing_old', tenantId: TENANT_IDS.studyhall, name: 'Old fee', status: 'INACTIVE', ...template },
    { _id: 'pricing_partner', tenantId: TENANT_IDS.brightpath, name: 'Partner fee', ...template },
  ]);
});

const newCourse = {
  title: 'Templated chemistry',
  kind: 'Group',
  paymentType: 'SUBSCRIPTION',
  curriculum: 'Cambridge IGCSE',
  subject: 'Chemistry',
  grade: 'Grade 9',
};

describe('a course naming its setting templates', () => {
  it('keeps an ACTIVE template of its tenant, and may keep one made inactive since', async () => {
    const res = await call('POST', '/admin/courses', as.admin, { ...newCourse, pricingTemplateId: 'pricing_term' });
    expect(res.status).toBe(201);
    const course = await res.json<Course>();
    expect(course.pricingTemplateId).toBe('pricing_term');
    await db.update(coursePricingTemplates).set({ status: 'INACTIVE' }).where(eq(coursePricingTemplates._id, 'pricing_term'));
    expect((await call('PUT', `/admin/courses/${course._id}`, as.admin, { ...newCourse, pricingTemplateId: 'pricing_term' })).status).toBe(200);
    await db.update(coursePricingTemplates).set({ status: 'ACTIVE' }).where(eq(coursePricingTemplates._id, 'pricing_term'));
  });

  it('refuses a made-up, inactive or other tenant’s template with 400 naming the field', async () => {
    await expectFieldError(await call('POST', '/admin/courses', as.admin, { ...newCourse, pricingTemplateId: 'pricing_none' }), 'pricingTemplateId');
    await expectFieldError(await call('POST', '/admin/courses', as.admin, { ...newCourse, pricingTemplateId: 'pricing_old' }), 'pricingTemplateId');
    await expectFieldError(await call('POST', '/admin/courses', as.admin, { ...newCourse, pricingTemplateId: 'pricing_partner' }), 'pricingTemplateId');
    await expectFieldError(await call('POST', '/admin/courses', as.admin, { ...newCourse, permissionTemplateId: 'permission_none' }), 'permissionTemplateId');
    expect(await db.select().from(courses).where(eq(courses.title, 'Templated chemistry')).all()).toHaveLength(1);
  });
});
