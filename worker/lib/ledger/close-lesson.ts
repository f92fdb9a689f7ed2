import { and, eq, exists, inArray, notExists, or, sql } from 'drizzle-orm';
import { classTimingStatus } from '../../../schema/contracts/class-timing';
import { formatMoney } from '../../../schema/contracts/money';
import { courses, lessonAttendance, lessonHistory, lessonSessions, meetingRequests, rates, sectionAttendees, sections } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import { lessonDebitStatements } from '../payments/lesson-debits';
import { lessonPriceInserts, type NewLessonPrice, priceEndedLesson } from '../pricing/lesson-prices';
import type { TenantDb } from '../tenant-db';
import { currentPolicy, shareOf } from './policy';

type SectionRow = typeof sections.$inferSelect;
type Attendance = typeof lessonAttendance.$inferSelect;
export type NewHistoryRow = Omit<typeof lessonHistory.$inferInsert, 'tenantId'>;

export interface Closer {
  kind: 'JOB' | 'TUTOR';
  /** Who pressed "End lesson"; the job closes as `system`. */
  userId: string;
}

const plannedEnd = (section: SectionRow) => new Date(section.start!.getTime() + (section.duration ?? 0) * 60_000);

/** Splits an amount over n rows so the parts add up to it exactly: the first rows take the remainder. */
export function allocate(amount: number, n: number): number[] {
  const base = Math.floor(amount / n);
  return Array.from({ length: n }, (_, i) => base + (i < amount - base * n ? 1 : 0));
}

interface PayInput {
  price: NewLessonPrice | undefined;
  /** Cancelled at the student's request inside the late-cancel window: the lesson still counts for pay. */
  cancelledLate?: boolean;
  nobodyCame: boolean;
  tutorCame: boolean;
  anyStudentCame: boolean;
  notStartedPayBasisPoints: number;
  studentNoShowPayBasisPoints: number;
}

/** The tutor's pay for the lesson as it went, with the sentence that says why; null when no rate applied. */
export function payFor(input: PayInput): { amount: number | null; why: string } {
  const { price } = input;
  if (!price || price.amount == null || !price.currency) return { amount: null, why: price?.explanation ?? 'No tutor was on this lesson to pay.' };
  const full = formatMoney(price.amount, price.currency);
  if (input.cancelledLate)
    return { amount: price.amount, why: `The student cancelled inside the late-cancel window, so the lesson is paid as booked: ${price.explanation}` };
  const percent = (bp: number) => `${bp / 100}%`;
  if (input.nobodyCame) {
    const amount = shareOf(price.amount, input.notStartedPayBasisPoints);
    return { amount, why: `Nobody joined this lesson, so the policy pays ${percent(input.notStartedPayBasisPoints)} of ${full}.` };
  }
  if (!input.tutorCame) return { amount: 0, why: `The tutor did not join this lesson, so it pays nothing (it would have paid ${full}).` };
  if (!input.anyStudentCame) {
    const amount = shareOf(price.amount, input.studentNoShowPayBasisPoints);
    return { amount, why: `The tutor came and no student joined, so the policy pays ${percent(input.studentNoShowPayBasisPoints)} of ${full}.` };
  }
  return { amount: price.amount, why: price.explanation };
}

/**
 * What closing a lesson writes, as statements for one D1 batch: the lesson marked completed, its session ended, its
 * price recorded and one history row per student. Every write is idempotent (a status that only moves from ACTIVE,
 * an end time kept once set, rows unique per lesson and side or student), so the job run twice, or the job racing
 * "End lesson", writes each row once. A cancelled lesson closes into nothing.
 */
export async function closeLessonStatements(tdb: TenantDb, section: SectionRow, closedAt: Date, closer: Closer) {
  const cancelledLate = section.status === 'CANCELLED' && (await chargeableCancellation(tdb, section._id));
  if ((section.status === 'CANCELLED' && !cancelledLate) || !section.start || section.deletedAt) return { statements: [], rows: [] as NewHistoryRow[] };
  const end = plannedEnd(section);
  const endedAt = closer.kind === 'JOB' ? end : new Date(Math.min(closedAt.getTime(), end.getTime()));
  const [prices, course, attendees, attendance, policy, penalties] = await Promise.all([
    // A late cancellation is priced as the lesson it would have been.
    priceEndedLesson(tdb, cancelledLate ? { ...section, status: 'ACTIVE' } : section, endedAt),
    tdb.db
      .select()
      .from(courses)
      .where(tdb.where(courses, eq(courses._id, section.courseId)))
      .get(),
    tdb.db
      .select({ userId: sectionAttendees.userId, kind: sectionAttendees.kind })
      .from(sectionAttendees)
      .where(tdb.where(sectionAttendees, eq(sectionAttendees.sectionId, section._id)))
      .orderBy(sectionAttendees.kind, sectionAttendees.userId)
      .all(),
    tdb.db
      .select()
      .from(lessonAttendance)
      .where(tdb.where(lessonAttendance, eq(lessonAttendance.sectionId, section._id)))
      .all(),
    currentPolicy(tdb),
    tdb.db
      .select({ amount: meetingRequests.penaltyAmount, reason: meetingRequests.penaltyReason })
      .from(meetingRequests)
      .where(
        tdb.where(
          meetingRequests,
          eq(meetingRequests.sectionId, section._id),
          eq(meetingRequests.status, 'APPROVED'),
          eq(meetingRequests.requestedByRole, 'TUTOR'),
          eq(meetingRequests.penalty, true),
        ),
      )
      .all(),
  ]);
  if (!course) return { statements: [], rows: [] };
  const tutorId = attendees.find((a) => a.kind === 'TUTOR')?.userId ?? null;
  const studentIds = attendees.filter((a) => a.kind === 'STUDENT').map((a) => a.userId);
  const seen = new Map<string, Attendance>(attendance.map((a) => [a.userId, a]));
  const tutorSeen = tutorId ? seen.get(tutorId) : undefined;
  const price = prices.find((p) => p.userId === tutorId);
  const rate = price?.rateId
    ? await tdb.db
        .select({ amount: rates.amount, currency: rates.currency })
        .from(rates)
        .where(tdb.where(rates, eq(rates._id, price.rateId)))
        .get()
    : undefined;
  const nobodyCame = [tutorId, ...studentIds].every((id) => !id || !seen.has(id));
  const pay = payFor({
    price,
    cancelledLate,
    nobodyCame,
    tutorCame: Boolean(tutorSeen),
    anyStudentCame: studentIds.some((id) => seen.has(id)),
    notStartedPayBasisPoints: policy.rules.notStartedPayBasisPoints,
    studentNoShowPayBasisPoints: policy.rules.studentNoShowPayBasisPoints,
  });
  const penaltyAmount = penalties.reduce((sum, p) => sum + p.amount, 0);
  const people = studentIds.length ? studentIds : [''];
  const shares = pay.amount === null ? people.map(() => null) : allocate(pay.amount, people.length);
  const eventId = newId();
  const tutorStatus = nobodyCame ? 'Class Not Started' : classTimingStatus(section.start, tutorSeen?.firstJoinAt ?? null, endedAt);
  const rows: NewHistoryRow[] = people.map((studentId, i) => {
    const studentSeen = studentId ? seen.get(studentId) : undefined;
    return {
      eventId,
      sectionId: section._id,
      courseId: course._id,
      studentId,
      tutorId,
      start: section.start!,
      end: endedAt,
      duration: section.duration ?? 0,
      lessonType: section.lessonKind ?? 'LESSON',
      paymentType: course.paymentType,
      billingKind: section.billingKind,
      subject: course.subject,
      curriculum: course.curriculum,
      grade: course.grade,
      tutorJoinTime: tutorSeen?.firstJoinAt ?? null,
      tutorLeaveTime: tutorSeen?.lastLeaveAt ?? null,
      tutorSecondsInRoom: secondsIn(tutorSeen, endedAt),
      studentJoinTime: studentSeen?.firstJoinAt ?? null,
      studentLeaveTime: studentSeen?.lastLeaveAt ?? null,
      studentSecondsInRoom: secondsIn(studentSeen, endedAt),
      classTimingStatus: tutorStatus,
      studentTimingStatus: studentId ? classTimingStatus(section.start!, studentSeen?.firstJoinAt ?? null, endedAt) : tutorStatus,
      tutorRate: rate?.amount ?? null,
      tutorRateCurrency: rate?.currency ?? null,
      rateVersionId: price?.rateVersionId ?? null,
      rateExplanation: pay.why,
      tutorAmount: pay.amount,
      allocatedTutorAmount: shares[i] ?? null,
      tutorAmountCurrency: price?.currency ?? null,
      tutorPenalty: penaltyAmount > 0,
      tutorPenaltyAmount: i === 0 ? penaltyAmount : 0,
      tutorPenaltyReason: penalties.map((p) => p.reason).find(Boolean) ?? null,
      isTrialConverted: false,
      trialConversionStatus: section.lessonKind === 'TRIAL' ? 'PENDING' : null,
      closedBy: closer.kind,
      closedAt,
    };
  });
  // A tutor pressing "End lesson" was there, even when no room reported them (an outside meeting link).
  const statements = [
    tdb.db
      .update(sections)
      .set({ status: 'COMPLETED', missed: closer.kind === 'JOB' && !tutorSeen })
      .where(tdb.where(sections, eq(sections._id, section._id), eq(sections.status, 'ACTIVE'))),
    tdb.db
      .insert(lessonSessions)
      .values(tdb.values(lessonSessions, { sectionId: section._id, createdBy: closer.userId, endedAt, endedBy: closer.userId }))
      .onConflictDoUpdate({
        target: [lessonSessions.tenantId, lessonSessions.sectionId],
        set: { endedAt: sql`coalesce(${lessonSessions.endedAt}, ${endedAt.getTime()})`, endedBy: sql`coalesce(${lessonSessions.endedBy}, ${closer.userId})` },
      }),
    ...lessonPriceInserts(tdb, prices),
    ...rows.map((row) => tdb.db.insert(lessonHistory).values(tdb.values(lessonHistory, row)).onConflictDoNothing()),
    ...rows
      .filter((row) => spendsMinutes({ course, section, row, tutorCame: Boolean(tutorSeen) || closer.kind === 'TUTOR', cancelledLate }))
      .flatMap((row) =>
        lessonDebitStatements(
          tdb,
          {
            sectionId: section._id,
            studentId: row.studentId,
            courseId: course._id,
            minutes: row.duration,
            description: `${course.title}: lesson on ${section.start!.toISOString().slice(0, 10)}`,
          },
          closedAt,
        ),
      ),
  ] as const;
  return { statements, rows };
}

/**
 * A lesson spends the student's prepaid minutes when its course is sold by credit, it is billable and not a trial,
 * and it was held for them: their tutor came (whether or not they did), or they cancelled it too late to be free.
 * A lesson the tutor missed costs the student nothing. Courses paid once or by subscription were paid up front.
 */
function spendsMinutes(lesson: { course: typeof courses.$inferSelect; section: SectionRow; row: NewHistoryRow; tutorCame: boolean; cancelledLate: boolean }) {
  const { course, section, row } = lesson;
  if (!row.studentId || course.paymentType !== 'CREDIT') return false;
  if (section.billingKind === 'NON_BILLABLE' || section.lessonKind === 'TRIAL' || section.lessonKind === 'DUMMY') return false;
  return lesson.tutorCame || lesson.cancelledLate;
}

/** Seconds in the room up to the lesson's end, counting a connection still open then. */
function secondsIn(seen: Attendance | undefined, endedAt: Date) {
  if (!seen) return 0;
  const open = seen.openConnections > 0 && seen.openedAt ? Math.max(0, Math.floor((endedAt.getTime() - seen.openedAt.getTime()) / 1000)) : 0;
  return seen.secondsInRoom + open;
}

/** A student's (or parent's) cancellation an admin approved inside the late-cancel window: "cancelled but chargeable". */
const chargeableRequest = (tdb: TenantDb, sectionId: string | typeof sections._id) =>
  tdb.db
    .select({ one: sql`1` })
    .from(meetingRequests)
    .where(
      tdb.where(
        meetingRequests,
        eq(meetingRequests.sectionId, sectionId),
        eq(meetingRequests.type, 'CANCEL'),
        eq(meetingRequests.status, 'APPROVED'),
        eq(meetingRequests.requestedByRole, 'STUDENT'),
        eq(meetingRequests.chargeable, true),
      ),
    );

async function chargeableCancellation(tdb: TenantDb, sectionId: string) {
  return Boolean(await chargeableRequest(tdb, sectionId).get());
}

/**
 * The lessons whose planned end has passed and that are not closed yet, oldest first: live ones, and those cancelled
 * but chargeable that have no history yet (they close into a paid row, as if held).
 */
export function endedOpenLessons(tdb: TenantDb, now: Date, limit: number) {
  return tdb.db
    .select()
    .from(sections)
    .where(
      tdb.where(
        sections,
        inArray(sections.kind, ['ZOOM', 'TEAMS']),
        or(
          eq(sections.status, 'ACTIVE'),
          and(
            eq(sections.status, 'CANCELLED'),
            exists(chargeableRequest(tdb, sections._id)),
            notExists(
              tdb.db
                .select({ one: sql`1` })
                .from(lessonHistory)
                .where(tdb.where(lessonHistory, eq(lessonHistory.sectionId, sections._id))),
            ),
          ),
        ),
        sql`${sections.deletedAt} is null`,
        sql`${sections.start} is not null`,
        sql`${sections.start} + coalesce(${sections.duration}, 0) * 60000 <= ${now.getTime()}`,
      ),
    )
    .orderBy(sections.start)
    .limit(limit)
    .all();
}

export const historyOfLesson = (tdb: TenantDb, sectionId: string) =>
  tdb.db
    .select()
    .from(lessonHistory)
    .where(and(tdb.where(lessonHistory, eq(lessonHistory.sectionId, sectionId))))
    .all();
