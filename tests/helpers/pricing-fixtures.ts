import { TENANT_IDS } from '../../schema/seed';
import { flexiblePlans, groupCourseTypes, rates, rateVersions, studentGroups, studentTypes, subscriptionPlans } from '../../schema/tables';
import type { RouteFixture } from './id-fixtures';
import { db } from './seed';

/** Plans, groups and rates of the main tenant for the id matrix (issue 15), each with a valid body. */
const TENANT = TENANT_IDS.studyhall;
const SAM = 'user_student';
const P = {
  flexible: 'matrix_flexible_plan',
  subscription: 'matrix_subscription_plan',
  group: 'matrix_group',
  studentType: 'matrix_student_type',
  courseType: 'matrix_course_type',
};
const tables = {
  'one-to-one-tutor-rate': 'ONE_TO_ONE_TUTOR',
  'group-tutor-rate': 'GROUP_TUTOR',
  'student-flexible-rate': 'STUDENT_FLEXIBLE',
  'student-subscription-rate': 'STUDENT_SUBSCRIPTION',
} as const;
const versionId = (path: string) => `matrix_${path}_version`;
const rateId = (path: string) => `matrix_${path}`;

const plan = { name: 'Matrix plan', amount: 100, currency: 'USD', minutes: 60, duration: 1, durationUnit: 'MONTHS' };
const set = { name: 'Matrix set' };

export const pricingFixtures: RouteFixture[] = [
  { match: /^\/api\/one-to-one-tutor-rates\/student\/:studentId$/, params: { studentId: SAM } },
  {
    match: /^\/api\/admin\/users\/(one-to-one|group)-tutor-rates\/:userId$/,
    params: { userId: SAM },
    body: { versionId: versionId('one-to-one-tutor-rate'), rates: [{ amount: 100, currency: 'USD' }] },
  },
  { match: /^\/api\/admin\/flexible-plans\/user\/:userId$/, params: { userId: SAM } },
  { match: /^\/api\/admin\/subscription-plans\/user\/:userId$/, params: { userId: SAM } },
  { match: /^\/api\/admin\/flexible-plans\/(verify-delete\/)?:id$/, params: { id: P.flexible }, body: plan },
  { match: /^\/api\/admin\/subscription-plans\/(verify-delete\/)?:id$/, params: { id: P.subscription }, body: plan },
  { match: /^\/api\/admin\/groups\/(verify-delete\/)?:id$/, params: { id: P.group }, body: set },
  { match: /^\/api\/admin\/one-to-one-student-types\/(verify-delete\/)?:id$/, params: { id: P.studentType }, body: set },
  { match: /^\/api\/admin\/group-tutor-rate-course-types\/(verify-delete\/)?:id$/, params: { id: P.courseType }, body: set },
  ...Object.entries(tables).flatMap(([path, table]): RouteFixture[] => [
    {
      match: new RegExp(`^/api/admin/${path}-versions/(verify-delete/)?:id$`),
      params: { id: versionId(path) },
      body: {
        name: 'Matrix',
        dateBasis: table === 'GROUP_TUTOR' ? 'TUTOR_REGISTRATION_DATE' : 'STUDENT_REGISTRATION_DATE',
        operator: 'EQUAL',
        referenceDate: '2031-01-01',
      },
    },
    { match: new RegExp(`^/api/admin/${path}s/user/:id$`), params: { id: SAM } },
    {
      match: new RegExp(`^/api/admin/${path}s/:id$`),
      params: { id: rateId(path) },
      body: {
        versionId: versionId(path),
        amount: 100,
        currency: 'USD',
        ...(table.startsWith('STUDENT_') ? { packageId: table === 'STUDENT_FLEXIBLE' ? P.flexible : P.subscription } : {}),
      },
    },
  ]),
];

export async function seedPricingMatrixRecords() {
  const owned = { tenantId: TENANT };
  const planRow = { ...owned, name: 'Matrix', amount: 100, currency: 'USD', minutes: 60, duration: 1, durationUnit: 'MONTHS' as const };
  await db.batch([
    db.insert(flexiblePlans).values({ _id: P.flexible, ...planRow }),
    db.insert(subscriptionPlans).values({ _id: P.subscription, ...planRow }),
    db.insert(studentGroups).values({ _id: P.group, ...owned, name: 'Matrix group' }),
    db.insert(studentTypes).values({ _id: P.studentType, ...owned, name: 'Matrix type' }),
    db.insert(groupCourseTypes).values({ _id: P.courseType, ...owned, name: 'Matrix course type' }),
    ...Object.entries(tables).flatMap(([path, table], i) => [
      db.insert(rateVersions).values({
        _id: versionId(path),
        ...owned,
        rateTable: table,
        name: 'Matrix',
        versionNumber: 900 + i,
        dateBasis: table === 'GROUP_TUTOR' ? 'TUTOR_REGISTRATION_DATE' : 'STUDENT_REGISTRATION_DATE',
        operator: 'EQUAL',
        referenceDate: '2031-01-01',
      }),
      db.insert(rates).values({ _id: rateId(path), ...owned, versionId: versionId(path), rateTable: table, amount: 100, currency: 'USD' }),
    ]),
  ]);
}
