import type { ZodType } from 'zod';
import {
  coursePermissionTemplateInput,
  coursePricingTemplateInput,
  durationUnits,
  type TutorTypePermissions,
} from '../../../schema/contracts/course-templates';
import { courseTutorTypes } from '../../../schema/contracts/courses';
import { formatMoney } from '../../../schema/contracts/money';
import { basesOf, flexiblePlanInput, pricingSetInput, rateVersionInput, subscriptionPlanInput } from '../../../schema/contracts/pricing';
import {
  comparisonOperators,
  dateBasisWords,
  flexibleDurationUnits,
  inclusionModes,
  operatorSymbols,
  type RateTable,
  subscriptionDurationUnits,
} from '../../../schema/contracts/pricing-enums';
import type { Option, OptionSource } from '../../entities/pricing/options';

export type Field =
  | { key: string; label: string; kind: 'text' | 'textarea' | 'date'; required?: boolean }
  | { key: string; label: string; kind: 'number'; required?: boolean; hint?: string }
  | { key: string; label: string; kind: 'select'; options: Option[] }
  | { key: string; label: string; kind: 'money' }
  | { key: string; label: string; kind: 'tutorTypePermissions' }
  | { key: string; label: string; kind: 'picks'; source: OptionSource; shownWhen?: (values: Record<string, unknown>) => boolean };

/** A record kind of the pricing screens: where it lives, who may touch it, its form and its one-line summary. */
export interface RecordKind {
  id: string;
  noun: string;
  endpoint: string;
  resource: string;
  schema: ZodType;
  fields: Field[];
  sorts: Option[];
  summary: (row: PricingRow) => string;
  rateTable?: RateTable;
}

export type PricingRow = { _id: string; name: string; status: 'ACTIVE' | 'INACTIVE'; description?: string } & Record<string, unknown>;

const statusOptions = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];
const statusField: Field = { key: 'status', label: 'Status', kind: 'select', options: statusOptions };
const options = (values: readonly string[], words: (v: string) => string = (v) => v.charAt(0) + v.slice(1).toLowerCase().replaceAll('_', ' ')) =>
  values.map((value) => ({ value, label: words(value) }));
const operatorWords = (v: string) => `${operatorSymbols[v as keyof typeof operatorSymbols]} ${v.toLowerCase().replaceAll('_', ' ')}`;
const nameSorts: Option[] = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
];

/** "1 month", "3 months": counts read as words. */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const hours = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`);
const planSummary = (row: PricingRow) =>
  `${formatMoney(row.amount as number, row.currency as string)} · ${hours(row.minutes as number)} · ` +
  counted(row.duration as number, String(row.durationUnit).toLowerCase().slice(0, -1)) +
  (row.inclusionMode === 'ALL' ? '' : ` · ${row.inclusionMode === 'INCLUDE' ? 'only for' : 'not for'} ${counted((row.groupIds as string[]).length, 'group')}`);

const planFields = (units: readonly string[]): Field[] => [
  { key: 'name', label: 'Name', kind: 'text', required: true },
  statusField,
  { key: 'amount', label: 'Price', kind: 'money' },
  { key: 'minutes', label: 'Lesson minutes', kind: 'number', required: true, hint: 'For the whole pack, or for each period of a subscription.' },
  { key: 'duration', label: 'Valid for', kind: 'number', required: true },
  { key: 'durationUnit', label: 'Unit', kind: 'select', options: options(units) },
  {
    key: 'inclusionMode',
    label: 'Offered to',
    kind: 'select',
    options: [
      { value: inclusionModes[0], label: 'All students' },
      { value: inclusionModes[1], label: 'Only the groups below' },
      { value: inclusionModes[2], label: 'Everyone except the groups below' },
    ],
  },
  { key: 'groupIds', label: 'Groups', kind: 'picks', source: 'groups', shownWhen: (values) => values.inclusionMode !== 'ALL' },
  { key: 'description', label: 'Description', kind: 'textarea' },
];
const planSorts: Option[] = [...nameSorts, { value: 'amount:asc', label: 'Cheapest first' }, { value: 'amount:desc', label: 'Dearest first' }];

export const flexiblePlans: RecordKind = {
  id: 'flexible-plans',
  noun: 'Flexible plan',
  endpoint: '/admin/flexible-plans',
  resource: 'flexiblePlans',
  schema: flexiblePlanInput,
  fields: planFields(flexibleDurationUnits),
  sorts: planSorts,
  summary: planSummary,
};

export const subscriptionPlans: RecordKind = {
  ...flexiblePlans,
  id: 'subscription-plans',
  noun: 'Subscription plan',
  endpoint: '/admin/subscription-plans',
  resource: 'subscriptionPlans',
  schema: subscriptionPlanInput,
  fields: planFields(subscriptionDurationUnits),
};

const setKind = (id: string, noun: string, endpoint: string, resource: string, source: OptionSource, members: string, member: string): RecordKind => ({
  id,
  noun,
  endpoint,
  resource,
  schema: pricingSetInput,
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true },
    statusField,
    { key: 'memberIds', label: members, kind: 'picks', source },
    { key: 'description', label: 'Description', kind: 'textarea' },
  ],
  sorts: nameSorts,
  summary: (row) => (row.isDefault ? 'Every student in no other group' : counted((row.memberIds as string[]).length, member)),
});

export const groups = setKind('groups', 'Group', '/admin/groups', 'groups', 'students', 'Students', 'student');
export const studentTypes = setKind('student-types', 'Student type', '/admin/one-to-one-student-types', 'tutorRates', 'students', 'Students', 'student');
export const courseTypes = setKind(
  'course-types',
  'Course type',
  '/admin/group-tutor-rate-course-types',
  'tutorRates',
  'groupCourses',
  'Group courses',
  'group course',
);

const versionKind = (id: string, noun: string, path: string, table: RateTable): RecordKind => ({
  id,
  noun,
  endpoint: `/admin/${path}-versions`,
  resource: table.startsWith('STUDENT_') ? 'studentRates' : 'tutorRates',
  schema: rateVersionInput(table),
  rateTable: table,
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true },
    statusField,
    { key: 'dateBasis', label: 'Date basis', kind: 'select', options: basesOf[table].map((value) => ({ value, label: `Date the ${dateBasisWords[value]}` })) },
    { key: 'operator', label: 'Comparison', kind: 'select', options: options(comparisonOperators, operatorWords) },
    { key: 'referenceDate', label: 'Reference date', kind: 'date', required: true },
  ],
  sorts: [
    { value: 'versionNumber:desc', label: 'Newest version first' },
    { value: 'referenceDate:desc', label: 'Latest date first' },
    { value: 'name:asc', label: 'Name A–Z' },
  ],
  summary: (row) =>
    `v${row.versionNumber as number} · ${dateBasisWords[row.dateBasis as keyof typeof dateBasisWords]} ` +
    `${operatorSymbols[row.operator as keyof typeof operatorSymbols]} ${row.referenceDate as string} · ${counted(row.ratesCount as number, 'rate')}`,
});

export const oneToOneVersions = versionKind('one-to-one-versions', 'One-to-one rate version', 'one-to-one-tutor-rate', 'ONE_TO_ONE_TUTOR');
export const groupVersions = versionKind('group-versions', 'Group rate version', 'group-tutor-rate', 'GROUP_TUTOR');
export const flexibleRateVersions = versionKind('student-flexible-versions', 'Flexible plan rate version', 'student-flexible-rate', 'STUDENT_FLEXIBLE');
export const subscriptionRateVersions = versionKind(
  'student-subscription-versions',
  'Subscription plan rate version',
  'student-subscription-rate',
  'STUDENT_SUBSCRIPTION',
);

export const ratePaths: Record<RateTable, string> = {
  ONE_TO_ONE_TUTOR: '/admin/one-to-one-tutor-rates',
  GROUP_TUTOR: '/admin/group-tutor-rates',
  STUDENT_FLEXIBLE: '/admin/student-flexible-rates',
  STUDENT_SUBSCRIPTION: '/admin/student-subscription-rates',
};

/** A course pricing template: the price a course made with it charges, for how long. */
export const coursePricingTemplates: RecordKind = {
  id: 'course-pricing-templates',
  noun: 'Course pricing template',
  endpoint: '/admin/course-pricing-templates',
  resource: 'pricingTemplates',
  schema: coursePricingTemplateInput,
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true },
    statusField,
    { key: 'amount', label: 'Price', kind: 'money' },
    { key: 'duration', label: 'For', kind: 'number', required: true },
    { key: 'durationUnit', label: 'Unit', kind: 'select', options: options(durationUnits) },
  ],
  sorts: nameSorts,
  summary: (row) =>
    `${formatMoney(row.amount as number, row.currency as string)} for ${counted(row.duration as number, String(row.durationUnit).toLowerCase().slice(0, -1))}`,
};

const permissionSummary = (permissions: TutorTypePermissions) =>
  courseTutorTypes
    .map((type) => {
      const map = permissions[type];
      const words = type.charAt(0) + type.slice(1).toLowerCase();
      return map ? `${words}: ${counted(Object.values(map).flat().length, 'action')}` : `${words}: own role`;
    })
    .join(' · ');

/** A course permission template: what each type of course tutor may do on the courses naming it. */
export const coursePermissionTemplates: RecordKind = {
  id: 'course-permission-templates',
  noun: 'Course permission template',
  endpoint: '/admin/course-permission-templates',
  resource: 'adminCourse',
  schema: coursePermissionTemplateInput,
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true },
    statusField,
    { key: 'permissions', label: 'What each tutor type may do', kind: 'tutorTypePermissions' },
  ],
  sorts: nameSorts,
  summary: (row) => permissionSummary(row.permissions as TutorTypePermissions),
};
