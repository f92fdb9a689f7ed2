import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { fieldError } from '../../../platform/errors';
import {
  type AdminLessonHistoryQuery,
  type ClassTimingFilter,
  endOfBound,
  type LessonEngagement,
  type LessonHistoryLearnerRecord,
  type LessonHistoryList,
  type LessonHistoryQuery,
  type LessonHistoryRecord,
  type LessonHistoryTutorRecord,
  referenceKeyOf,
  startOfBound,
} from '../../../schema/contracts/lesson-history';
import { courses, lessonAttendance, lessonHistory, users } from '../../../schema/tables';
import { sortBy } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { historyScope, type LedgerViewer, notFound } from './access';
import { historyTotalsColumns, toAmountData } from './amounts';

export type HistoryRow = typeof lessonHistory.$inferSelect;

const student = alias(users, 'history_student');
const tutor = alias(users, 'history_tutor');
const tutorSeen = alias(lessonAttendance, 'history_tutor_seen');
const studentSeen = alias(lessonAttendance, 'history_student_seen');

/**
 * One history row with the names a view shows (its student, its tutor and its course), read in the same query. Each
 * joined column has its own name: D1 answers a batch with objects, so two `firstname`s would collapse into one
 * and shift every column after them.
 */
export const historySelection = {
  row: lessonHistory,
  studentFirstname: sql<string | null>`${student.firstname}`.as('h_student_firstname'),
  studentLastname: sql<string | null>`${student.lastname}`.as('h_student_lastname'),
  studentCountry: sql<string | null>`${student.country}`.as('h_student_country'),
  tutorFirstname: sql<string | null>`${tutor.firstname}`.as('h_tutor_firstname'),
  tutorLastname: sql<string | null>`${tutor.lastname}`.as('h_tutor_lastname'),
  courseTitle: sql<string | null>`${courses.title}`.as('h_course_title'),
  tutorCameraSeconds: sql<number | null>`${tutorSeen.cameraSeconds}`.as('h_tutor_camera'),
  tutorMicSeconds: sql<number | null>`${tutorSeen.micSeconds}`.as('h_tutor_mic'),
  tutorHandsRaised: sql<number | null>`${tutorSeen.handsRaised}`.as('h_tutor_hands'),
  studentCameraSeconds: sql<number | null>`${studentSeen.cameraSeconds}`.as('h_student_camera'),
  studentMicSeconds: sql<number | null>`${studentSeen.micSeconds}`.as('h_student_mic'),
  studentHandsRaised: sql<number | null>`${studentSeen.handsRaised}`.as('h_student_hands'),
};
export type JoinedHistory = {
  row: HistoryRow;
  studentFirstname: string | null;
  studentLastname: string | null;
  studentCountry: string | null;
  tutorFirstname: string | null;
  tutorLastname: string | null;
  courseTitle: string | null;
  tutorCameraSeconds: number | null;
  tutorMicSeconds: number | null;
  tutorHandsRaised: number | null;
  studentCameraSeconds: number | null;
  studentMicSeconds: number | null;
  studentHandsRaised: number | null;
};

/** select … from lesson_history with its student, tutor and course, every join kept inside the tenant. */
export function joinedHistory(tdb: TenantDb) {
  return tdb.db
    .select(historySelection)
    .from(lessonHistory)
    .leftJoin(student, and(eq(student._id, lessonHistory.studentId), eq(student.tenantId, lessonHistory.tenantId)))
    .leftJoin(tutor, and(eq(tutor._id, lessonHistory.tutorId), eq(tutor.tenantId, lessonHistory.tenantId)))
    .leftJoin(courses, and(eq(courses._id, lessonHistory.courseId), eq(courses.tenantId, lessonHistory.tenantId)))
    .leftJoin(
      tutorSeen,
      and(eq(tutorSeen.tenantId, lessonHistory.tenantId), eq(tutorSeen.sectionId, lessonHistory.sectionId), eq(tutorSeen.userId, lessonHistory.tutorId)),
    )
    .leftJoin(
      studentSeen,
      and(
        eq(studentSeen.tenantId, lessonHistory.tenantId),
        eq(studentSeen.sectionId, lessonHistory.sectionId),
        eq(studentSeen.userId, lessonHistory.studentId),
      ),
    );
}

/** Camera, microphone and raised hands as the lesson room counted them; null for someone it never saw. */
const engagementOf = (camera: number | null, mic: number | null, hands: number | null): LessonEngagement | null =>
  camera === null ? null : { cameraSeconds: camera, micSeconds: mic ?? 0, handsRaised: hands ?? 0 };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function learnerView(j: JoinedHistory): LessonHistoryLearnerRecord {
  const r = j.row;
  return {
    _id: r._id,
    eventId: r.eventId,
    referenceKey: referenceKeyOf(r.eventId),
    sectionId: r.sectionId,
    start: r.start.toISOString(),
    end: r.end.toISOString(),
    duration: r.duration,
    students: r.studentId
      ? [{ _id: r.studentId, firstname: j.studentFirstname ?? '', lastname: j.studentLastname ?? '', country: j.studentCountry ?? null }]
      : [],
    paymentTutor: r.tutorId ? { _id: r.tutorId, firstname: j.tutorFirstname ?? '', lastname: j.tutorLastname ?? '' } : null,
    course: { _id: r.courseId, title: j.courseTitle ?? '' },
    lessonType: r.lessonType,
    paymentType: r.paymentType,
    subject: r.subject,
    curriculum: r.curriculum,
    grade: r.grade,
    tutorJoinTime: iso(r.tutorJoinTime),
    tutorLeaveTime: iso(r.tutorLeaveTime),
    tutorSecondsInRoom: r.tutorSecondsInRoom,
    studentJoinTime: iso(r.studentJoinTime),
    studentLeaveTime: iso(r.studentLeaveTime),
    studentSecondsInRoom: r.studentSecondsInRoom,
    classTimingStatus: r.classTimingStatus,
    studentTimingStatus: r.studentTimingStatus,
    lessonExtension: r.lessonExtension,
    isTrialConverted: r.isTrialConverted,
    trialConversionStatus: r.trialConversionStatus,
  };
}

/** What the row adds to the tutor's pay: its share plus extension pay, less its penalty; null with no currency. */
export const netOf = (r: HistoryRow) => (r.tutorAmountCurrency ? (r.allocatedTutorAmount ?? 0) + r.lessonExtensionTutorAmount - r.tutorPenaltyAmount : null);

export function tutorView(j: JoinedHistory): LessonHistoryTutorRecord {
  const r = j.row;
  return {
    ...learnerView(j),
    tutorRate: r.tutorRate,
    tutorRateCurrency: r.tutorRateCurrency,
    tutorAmount: r.tutorAmount,
    allocatedTutorAmount: r.allocatedTutorAmount,
    tutorAmountCurrency: r.tutorAmountCurrency,
    tutorPenalty: r.tutorPenalty,
    tutorPenaltyAmount: r.tutorPenaltyAmount,
    tutorPenaltyReason: r.tutorPenaltyReason,
    lessonExtensionTutorAmount: r.lessonExtensionTutorAmount,
    netTutorAmount: netOf(r),
    tutorPaymentStatus: r.tutorPaymentStatus,
    payRunId: r.payRunId,
    classExtensionRequestStatus: r.classExtensionRequestStatus,
    rateExplanation: r.rateExplanation,
    concernStatus: r.concernStatus,
    concernNote: r.concernNote,
    concernDecision: r.concernDecision,
    concernResponse: r.concernResponse,
    engagement: {
      tutor: engagementOf(j.tutorCameraSeconds, j.tutorMicSeconds, j.tutorHandsRaised),
      student: engagementOf(j.studentCameraSeconds, j.studentMicSeconds, j.studentHandsRaised),
    },
  };
}

export function adminView(j: JoinedHistory): LessonHistoryRecord {
  const r = j.row;
  return { ...tutorView(j), billingKind: r.billingKind, adminNotes: r.adminNotes, closedBy: r.closedBy, closedAt: r.closedAt.toISOString() };
}

export function viewFor(viewer: LedgerViewer, j: JoinedHistory) {
  if (viewer.kind === 'admin') return adminView(j);
  if (viewer.kind === 'tutor') return tutorView(j);
  return learnerView(j);
}

const sortColumns = {
  start: lessonHistory.start,
  end: lessonHistory.end,
  duration: lessonHistory.duration,
  createdAt: lessonHistory.createdAt,
  tutorAmount: lessonHistory.tutorAmount,
  allocatedTutorAmount: lessonHistory.allocatedTutorAmount,
  tutorPaymentStatus: lessonHistory.tutorPaymentStatus,
  referenceKey: lessonHistory.eventId,
};

type AnyHistoryQuery = LessonHistoryQuery & Partial<Pick<AdminLessonHistoryQuery, 'tutorPaymentStatus' | 'concernStatus' | 'classTimingStatus'>>;

/** The tutor's timing as the row words it (schema/contracts/class-timing.ts), for the class timing filter. */
const timingIs: Record<ClassTimingFilter, SQL> = {
  ON_TIME: sql`${lessonHistory.classTimingStatus} = 'On Time'`,
  LATE: sql`${lessonHistory.classTimingStatus} like '% Min Late'`,
  MISSED: sql`${lessonHistory.classTimingStatus} = 'Missed'`,
  NOT_STARTED: sql`${lessonHistory.classTimingStatus} = 'Class Not Started'`,
};

/** The earliest instant a Date holds: the start bound of a list with no start date. */
const EARLIEST = new Date(-8.64e15);

/** The conditions every list and export of history rows shares: the viewer's scope and the filters, inside the tenant. */
export function historyWhere(tdb: TenantDb, viewer: LedgerViewer, q: Omit<AnyHistoryQuery, 'limit' | 'offset'>): SQL {
  const key = q.referenceKey;
  return tdb.where(
    lessonHistory,
    historyScope(viewer),
    // A start bound even with no start date: D1 keeps no planner statistics, and with the tenant alone SQLite took the
    // (tenant, event id) index and read the rows in random event id order (bench/ledger). Not beside a reference key,
    // whose range must keep that index: a bare bound on start made the page walk every row by start to find one.
    q.startDate ? gte(lessonHistory.start, startOfBound(q.startDate)) : key ? undefined : gte(lessonHistory.start, EARLIEST),
    q.endDate ? lte(lessonHistory.start, endOfBound(q.endDate)) : undefined,
    q.courseId ? eq(lessonHistory.courseId, q.courseId) : undefined,
    q.sectionId ? eq(lessonHistory.sectionId, q.sectionId) : undefined,
    q.studentId ? eq(lessonHistory.studentId, q.studentId) : undefined,
    q.tutorId ? eq(lessonHistory.tutorId, q.tutorId) : undefined,
    // The key is the event id's start: a range on the (tenant, event id) index, '~' sorting after every hex digit.
    key ? and(gte(lessonHistory.eventId, key), lt(lessonHistory.eventId, `${key}~`)) : undefined,
    q.curriculum ? eq(lessonHistory.curriculum, q.curriculum) : undefined,
    q.grade ? eq(lessonHistory.grade, q.grade) : undefined,
    q.subject ? eq(lessonHistory.subject, q.subject) : undefined,
    q.lessonType ? eq(lessonHistory.lessonType, q.lessonType) : undefined,
    q.paymentType ? eq(lessonHistory.paymentType, q.paymentType) : undefined,
    q.tutorPaymentStatus ? eq(lessonHistory.tutorPaymentStatus, q.tutorPaymentStatus) : undefined,
    q.concernStatus ? eq(lessonHistory.concernStatus, q.concernStatus) : undefined,
    q.classTimingStatus ? timingIs[q.classTimingStatus] : undefined,
  );
}

/** `sort=-start` as the user-side list sends it, or sortKey and sortValue as admin lists do. */
function orderOf(q: AnyHistoryQuery) {
  const sortKey = q.sortKey ?? (q.sort ? q.sort.replace(/^-/, '') : undefined);
  if (!q.sortKey && sortKey !== undefined && !Object.hasOwn(sortColumns, sortKey)) {
    throw fieldError('sort', `must be one of ${Object.keys(sortColumns).join(', ')}, with - first for descending`);
  }
  const sortValue = q.sortKey ? q.sortValue : q.sort?.startsWith('-') ? 'desc' : 'asc';
  // With no key the newest lesson comes first; ties go by id in the same direction, so pages never overlap.
  const descending = sortKey === undefined || sortValue === 'desc';
  const order = sortBy({ sortKey, sortValue }, sortColumns, desc(lessonHistory.start));
  return [order, descending ? desc(lessonHistory._id) : asc(lessonHistory._id)];
}

/**
 * A page of history rows in the viewer's view, their count and, when asked (never for a learner), `tutorAmountData`
 * over every row the filters match: page, count and totals go to D1 as one batch, one round trip.
 */
export async function listHistory(
  tdb: TenantDb,
  viewer: LedgerViewer,
  q: AnyHistoryQuery,
  withTotals: boolean,
): Promise<LessonHistoryList<ReturnType<typeof viewFor>>> {
  const where = historyWhere(tdb, viewer, q);
  const page = joinedHistory(tdb)
    .where(where)
    .orderBy(...orderOf(q))
    .limit(q.limit)
    .offset(q.offset);
  const total = tdb.db.select({ n: count() }).from(lessonHistory).where(where);
  const list = { limit: q.limit, offset: q.offset };
  if (withTotals && viewer.kind !== 'learner') {
    const totals = tdb.db
      .select(historyTotalsColumns)
      .from(lessonHistory)
      .where(and(where, isNotNull(lessonHistory.tutorAmountCurrency)))
      .groupBy(lessonHistory.tutorAmountCurrency)
      .orderBy(lessonHistory.tutorAmountCurrency);
    const [rows, [counted], sums] = await tdb.db.batch([page, total, totals]);
    return { docs: rows.map((j) => viewFor(viewer, j)), totalDocs: counted?.n ?? 0, ...list, tutorAmountData: toAmountData(sums) };
  }
  const [rows, [counted]] = await tdb.db.batch([page, total]);
  return { docs: rows.map((j) => viewFor(viewer, j)), totalDocs: counted?.n ?? 0, ...list };
}

/** One row with its names, if the viewer may see it; another tenant's, tutor's or learner's row is not found. */
export async function findHistory(tdb: TenantDb, viewer: LedgerViewer, id: string): Promise<JoinedHistory> {
  const found = await joinedHistory(tdb)
    .where(and(tdb.where(lessonHistory, eq(lessonHistory._id, id)), historyScope(viewer)))
    .get();
  if (!found) throw notFound('Lesson history');
  return found;
}

/** Rows by id in the admin's view, newest lesson first (the answer of a bulk change). */
export async function historyByIds(tdb: TenantDb, ids: string[]) {
  const rows = await joinedHistory(tdb)
    .where(tdb.where(lessonHistory, inArray(lessonHistory._id, ids)))
    .orderBy(desc(lessonHistory.start), desc(lessonHistory._id))
    .all();
  return rows.map(adminView);
}

/** Every row of the lesson a row belongs to (a group lesson has one per student), in the order their pay was shared. */
export const lessonRows = (tdb: TenantDb, sectionId: string) =>
  tdb.db
    .select()
    .from(lessonHistory)
    .where(tdb.where(lessonHistory, eq(lessonHistory.sectionId, sectionId)))
    .orderBy(lessonHistory.studentId)
    .all();
