import { eq, inArray } from 'drizzle-orm';
import type { CoursePrice, CoursePriceOverride } from '../../../schema/contracts/course-price';
import { coursePricingTemplates, courses } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import type { CourseRow } from './records';

type PriceColumns = Pick<CourseRow, 'priceAmount' | 'priceCurrency' | 'priceDuration' | 'priceDurationUnit'>;

/** The course's own price, when all four of its override columns are set. */
export function priceOverrideOf(row: PriceColumns): CoursePriceOverride | null {
  const { priceAmount: amount, priceCurrency: currency, priceDuration: duration, priceDurationUnit: durationUnit } = row;
  if (amount === null || currency === null || duration === null || durationUnit === null) return null;
  return { amount, currency, duration, durationUnit };
}

/** The override columns to write: an override sets all four, null clears all four, undefined leaves them. */
export function priceColumns(override: CoursePriceOverride | null | undefined): Partial<PriceColumns> {
  if (override === undefined) return {};
  return {
    priceAmount: override?.amount ?? null,
    priceCurrency: override?.currency ?? null,
    priceDuration: override?.duration ?? null,
    priceDurationUnit: override?.durationUnit ?? null,
  };
}

/** A course's price: its own override wins over its pricing template's; null when it has neither. */
export function priceOf(row: PriceColumns, template: CoursePriceOverride | null | undefined): CoursePrice | null {
  const own = priceOverrideOf(row);
  if (own) return { ...own, source: 'course' };
  if (template) return { ...template, source: 'template' };
  return null;
}

const templateColumns = {
  courseId: courses._id,
  amount: coursePricingTemplates.amount,
  currency: coursePricingTemplates.currency,
  duration: coursePricingTemplates.duration,
  durationUnit: coursePricingTemplates.durationUnit,
};

/**
 * The pricing template's price of each of these courses that names one, in one query. The template is read live, so
 * a change to it reprices every course following it; one made inactive still prices the courses naming it.
 */
export async function templatePrices(tdb: TenantDb, courseIds: string[]): Promise<Map<string, CoursePriceOverride>> {
  if (courseIds.length === 0) return new Map();
  const rows = await tdb.db
    .select(templateColumns)
    .from(courses)
    .innerJoin(coursePricingTemplates, eq(coursePricingTemplates._id, courses.pricingTemplateId))
    .where(tdb.where(courses, inArray(courses._id, courseIds), eq(coursePricingTemplates.tenantId, tdb.tenantId)))
    .all();
  return new Map(rows.map(({ courseId, ...price }) => [courseId, price]));
}

export async function coursePrice(tdb: TenantDb, course: CourseRow): Promise<CoursePrice | null> {
  return priceOf(course, (await templatePrices(tdb, [course._id])).get(course._id));
}
