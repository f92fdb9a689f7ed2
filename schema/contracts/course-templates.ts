import { z } from 'zod';
import { commaListOf, listQuery, titleText } from './common';
import { durationUnits } from './course-price';
import { courseKinds, coursePaymentTypes, courseStatuses, courseTutorTypes, recordId } from './courses';
import { courseRoleCatalogue, type PermissionMap } from './permissions';
import { permissionMap } from './roles';

export const templateSectionKinds = ['SECTION', 'ZOOM', 'TEAMS', 'RESOURCE', 'HOMEWORK'] as const;
export type TemplateSectionKind = (typeof templateSectionKinds)[number];

export interface TemplateSection {
  kind: TemplateSectionKind;
  title: string;
  description?: string;
  duration?: number;
  link?: string;
  sections?: TemplateSection[];
}

const required = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** One node of a template's tree: only a SECTION holds children; meetings keep a length (15–180 min, steps of 15). */
export const templateSection: z.ZodType<TemplateSection> = z.lazy(() =>
  z
    .object({
      kind: z.enum(templateSectionKinds, { error: 'must be SECTION, ZOOM, TEAMS, RESOURCE or HOMEWORK' }),
      title: titleText,
      description: z.string().trim().max(2000).optional(),
      duration: z
        .number()
        .int()
        .min(15, 'must be 15 to 180 minutes')
        .max(180, 'must be 15 to 180 minutes')
        .multipleOf(15, 'must be in steps of 15 minutes')
        .optional(),
      link: z
        .url({ protocol: /^https?$/, error: 'must be a web address starting with http:// or https://' })
        .max(2000)
        .optional(),
      sections: z.array(templateSection).max(100, 'at most 100 items in one section').optional(),
    })
    .superRefine((node, ctx) => {
      if (node.sections?.length && node.kind !== 'SECTION')
        ctx.addIssue({ code: 'custom', path: ['sections'], message: 'only a SECTION can hold other items' });
    }),
);

const templateFields = {
  title: titleText,
  description: z.string().trim().max(2000),
  curriculum: required(120),
  subject: required(120),
  grade: required(60),
  kind: z.enum(courseKinds, { error: 'must be One-to-One or Group' }),
};

/** POST /api/admin/course-templates: a tree given as JSON, or `fromCourseId` to copy a course's current tree. */
export const courseTemplateInput = z
  .object({
    ...templateFields,
    description: templateFields.description.default(''),
    sections: z.array(templateSection).max(100, 'at most 100 top-level items').optional(),
    fromCourseId: recordId.optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.sections && !input.fromCourseId)
      ctx.addIssue({ code: 'custom', path: ['sections'], message: 'give the sections, or a course to copy them from' });
  });
export type CourseTemplateInput = z.input<typeof courseTemplateInput>;

/** PUT: only the fields given change (no defaults here, which zod would apply to every field left out). */
export const courseTemplateUpdate = z.object({ ...templateFields, sections: z.array(templateSection).max(100, 'at most 100 top-level items') }).partial();
export type CourseTemplateUpdate = z.input<typeof courseTemplateUpdate>;

/** `sort` is a field name, with a leading `-` for descending (e.g. `-createdAt`). */
export const courseTemplateListQuery = listQuery.and(
  z.object({
    sort: z
      .enum(['title', '-title', 'createdAt', '-createdAt', 'updatedAt', '-updatedAt'], {
        error: 'must be title, createdAt or updatedAt, optionally with a leading -',
      })
      .optional(),
    courseId: recordId.optional(),
    curriculum: z.string().trim().max(120).optional(),
    subject: z.string().trim().max(120).optional(),
    grade: z.string().trim().max(60).optional(),
  }),
);

export const templateDetailQuery = z.object({
  isSectionsAllowed: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

/** POST /api/admin/courses/from-template/{templateId}: what the template does not say about the new course. */
export const courseFromTemplateInput = z.object({
  title: required(120).optional(),
  status: z.enum(courseStatuses, { error: 'must be ACTIVE or DRAFT' }).default('DRAFT'),
  paymentType: z.enum(coursePaymentTypes, { error: 'must be ONETIME, SUBSCRIPTION or CREDIT' }).default('ONETIME'),
});
export type CourseFromTemplateInput = z.input<typeof courseFromTemplateInput>;

export interface CourseTemplate {
  _id: string;
  title: string;
  description: string;
  courseId: string | null;
  curriculum: string;
  subject: string;
  grade: string;
  kind: (typeof courseKinds)[number];
  sectionsCount: number;
  sections?: TemplateSection[];
  createdAt: string;
  updatedAt: string;
}

export const settingTemplateStatuses = ['ACTIVE', 'INACTIVE'] as const;
const statuses = commaListOf(settingTemplateStatuses);
export const settingTemplateListQuery = listQuery.and(z.object({ statuses }));

const settingBase = { name: required(80), status: z.enum(settingTemplateStatuses, { error: 'must be ACTIVE or INACTIVE' }).default('ACTIVE') };

export type CourseTutorType = (typeof courseTutorTypes)[number];
/** What each type of course tutor may do on a course naming the template; a type left out keeps its own tutor role. */
export type TutorTypePermissions = Partial<Record<CourseTutorType, PermissionMap>>;

const isTutorType = (key: string): key is CourseTutorType => (courseTutorTypes as readonly string[]).includes(key);

export const tutorTypePermissions = z.record(z.string(), permissionMap(courseRoleCatalogue)).superRefine((byType, ctx) => {
  for (const key of Object.keys(byType)) {
    if (!isTutorType(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'is not a tutor type (PRIMARY, SUBSTITUTE or TRIAL)' });
  }
}) as z.ZodType<TutorTypePermissions>;

export const coursePermissionTemplateInput = z.object({ ...settingBase, permissions: tutorTypePermissions });
export type CoursePermissionTemplateInput = z.input<typeof coursePermissionTemplateInput>;

export { durationUnits };

const currencies = new Set(Intl.supportedValuesOf('currency'));

export const coursePricingTemplateInput = z.object({
  ...settingBase,
  /** In the currency's minor units (cents, pence), so money is never a float. */
  amount: z
    .number({ error: 'must be a whole number of minor units' })
    .int('must be a whole number of minor units')
    .min(0, 'cannot be negative')
    .max(100_000_000),
  currency: z
    .string({ error: 'is required' })
    .trim()
    .toUpperCase()
    .refine((code) => currencies.has(code), 'must be an ISO 4217 currency code such as USD'),
  duration: z.number({ error: 'is required' }).int('must be a whole number').min(1, 'must be at least 1').max(1000),
  durationUnit: z.enum(durationUnits, { error: 'must be DAYS, WEEKS, MONTHS or YEARS' }),
});
export type CoursePricingTemplateInput = z.input<typeof coursePricingTemplateInput>;

export interface SettingTemplateVerifyDelete {
  canDelete: boolean;
  coursesCount: number;
  message: string;
}
