import { eq, isNull, sql } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import type { CourseSessionInput, CourseTopUpInput } from '../../../schema/contracts/payments';
import { courseStudents, courses } from '../../../schema/tables';
import type { Actor } from '../../env';
import { coursePrice } from '../courses/course-price';
import { plansForStudent } from '../pricing/plans';
import type { TenantDb } from '../tenant-db';
import type { PaymentsAdapter } from './adapter';
import { startCheckout } from './checkout';
import type { Fulfilment } from './fulfilments';
import { billingIntervalOf, expiryAfter } from './periods';
import { buyingFor } from './plan-checkout';

async function courseOf(tdb: TenantDb, courseId: string) {
  const course = await tdb.db
    .select()
    .from(courses)
    .where(tdb.where(courses, eq(courses._id, courseId), isNull(courses.deletedAt)))
    .get();
  if (!course || course.status !== 'ACTIVE') throw new ApiError(404, 'Course not found');
  return course;
}

/**
 * Buys a course at its own price (its override, else its pricing template's), never the client's: a one-time course
 * once, for its duration; a subscription or credit-type course as a subscription renewing every duration. Paying
 * enrols the student (the COURSE fulfilment).
 */
export async function startCourseCheckout(tdb: TenantDb, actor: Actor, adapter: PaymentsAdapter, input: CourseSessionInput, origin: string) {
  const studentId = await buyingFor(tdb, actor, input.studentId);
  const course = await courseOf(tdb, input.courseId);
  const price = await coursePrice(tdb, course);
  if (!price) throw fieldError('courseId', 'has no price yet, so it cannot be bought; ask the team to enrol you');
  const recurring = course.paymentType !== 'ONETIME';
  const { url } = await startCheckout(
    tdb,
    adapter,
    {
      payerId: actor.userId,
      studentId,
      paymentType: 'COURSE',
      itemKind: 'course',
      itemId: course._id,
      courseId: course._id,
      description: course.title,
      minutes: 0,
      amount: price.amount,
      currency: price.currency,
      billingInterval: recurring ? billingIntervalOf(price.durationUnit) : null,
      intervalCount: recurring ? price.duration : null,
    },
    origin,
  );
  return { url };
}

/**
 * Tops up a credit-type course the student is enrolled on with a flexible plan's minutes, priced for them as the plan
 * list shows; the minutes go to the course's own balance, which its lessons spend first.
 */
export async function startCourseTopUp(tdb: TenantDb, actor: Actor, adapter: PaymentsAdapter, input: CourseTopUpInput, origin: string) {
  const studentId = await buyingFor(tdb, actor, input.studentId);
  const course = await courseOf(tdb, input.courseId);
  if (course.paymentType !== 'CREDIT') throw fieldError('courseId', 'is not paid by credit, so it cannot be topped up');
  const enrolled = await tdb.db
    .select({ _id: courseStudents._id })
    .from(courseStudents)
    .where(tdb.where(courseStudents, eq(courseStudents.courseId, course._id), eq(courseStudents.userId, studentId)))
    .get();
  if (!enrolled) throw fieldError('courseId', 'is not a course this student is enrolled on');
  const plan = (await plansForStudent(tdb, 'flexible', studentId)).find((offered) => offered._id === input.planId);
  if (!plan) throw fieldError('planId', 'is not a flexible plan offered to this student');
  const { url } = await startCheckout(
    tdb,
    adapter,
    {
      payerId: actor.userId,
      studentId,
      paymentType: 'COURSE_TOPUP',
      itemKind: 'courseTopUp',
      itemId: plan._id,
      courseId: course._id,
      description: `${plan.name} for ${course.title}`,
      minutes: plan.minutes,
      amount: plan.price.amount,
      currency: plan.price.currency,
      creditExpiresAt: expiryAfter(new Date(), plan.duration, plan.durationUnit),
    },
    origin,
  );
  return { url };
}

/**
 * A paid course enrols its student, once: an existing enrolment is made active again. The enrolment is paid the way
 * the course is sold (one-time, subscription or credit), read from the course in the same statement.
 */
export const enrolOnPayment: Fulfilment = (tdb, session) => {
  if (!session.courseId) return [];
  const paymentType = sql<'ONETIME' | 'SUBSCRIPTION' | 'CREDIT'>`(SELECT ${courses.paymentType} FROM ${courses} WHERE ${courses._id} = ${session.courseId})`;
  return [
    tdb.db
      .insert(courseStudents)
      .values({ tenantId: tdb.tenantId, courseId: session.courseId, userId: session.studentId, status: 'ENROLLED', paymentType })
      .onConflictDoUpdate({
        target: [courseStudents.courseId, courseStudents.userId],
        set: { status: 'ENROLLED', paymentType },
        setWhere: eq(courseStudents.tenantId, tdb.tenantId),
      }),
  ];
};
