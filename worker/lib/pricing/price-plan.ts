import { and, eq, max } from 'drizzle-orm';
import { formatMoney } from '../../../schema/contracts/money';
import type { PricedPlan } from '../../../schema/contracts/pricing';
import { courseStudents, flexiblePlans, users } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { loadRateBook } from './rate-book';
import { resolveRate } from './resolve';
import { utcDay } from './wire';

type Student = typeof users.$inferSelect;
type PlanRow = Pick<typeof flexiblePlans.$inferSelect, '_id' | 'name' | 'amount' | 'currency'>;

/**
 * A plan's price for one student, by the same engine that prices lessons: the student rate for the plan (per
 * student over country over default) when one applies, else the plan's list price.
 */
export async function priceForStudent(tdb: TenantDb, kind: 'flexible' | 'subscription', student: Student) {
  const book = await loadRateBook(tdb, kind === 'flexible' ? 'STUDENT_FLEXIBLE' : 'STUDENT_SUBSCRIPTION');
  const lastEnrolment = await tdb.db
    .select({ at: max(courseStudents.createdAt) })
    .from(courseStudents)
    .where(and(tdb.where(courseStudents, eq(courseStudents.userId, student._id))))
    .get();
  const dates = {
    STUDENT_REGISTRATION_DATE: utcDay(student.createdAt),
    STUDENT_ASSIGNED_DATE: utcDay(lastEnrolment?.at ?? student.createdAt),
  };
  return (plan: PlanRow): PricedPlan['price'] => {
    const answer = resolveRate(book, {
      table: kind === 'flexible' ? 'STUDENT_FLEXIBLE' : 'STUDENT_SUBSCRIPTION',
      values: { packageId: plan._id, studentId: student._id, country: student.country, curriculum: student.curriculum, grade: student.grade },
      dates,
      labels: { packageId: plan.name, studentId: `${student.firstname} ${student.lastname}`.trim() },
    });
    return answer.ok
      ? { amount: answer.amount, currency: answer.currency, explanation: answer.explanation }
      : { amount: plan.amount, currency: plan.currency, explanation: `list price of ${plan.name}: ${formatMoney(plan.amount, plan.currency)}` };
  };
}
