import { and, asc, count, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { ApiError, fieldError } from '../../../platform/errors';
import type { LedgerPerson, TutorAmountData } from '../../../schema/contracts/lesson-history';
import { endOfBound, startOfBound } from '../../../schema/contracts/lesson-history';
import type {
  AppealBody,
  AppealRespondBody,
  CreateManualAdjustmentBody,
  CreatePenaltyWaiverBody,
  ManualAdjustmentListQuery,
  PenaltyWaiverListQuery,
  PenaltyWaiverRecord,
  TutorWaiverListQuery,
  UpdateWaiverPaymentStatusBody,
} from '../../../schema/contracts/penalty-waivers';
import { courses, lessonHistory, meetingRequests, penaltyWaivers, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { sortBy } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { notFound } from './access';
import { toAmountData, waiverDate, waiverTotalsColumns } from './amounts';

type WaiverRow = typeof penaltyWaivers.$inferSelect;

const tutor = alias(users, 'waiver_tutor');
const responder = alias(users, 'waiver_responder');

/** The students a row names, as people, read in the row's own query (no second round trip per page). */
const studentsJson = sql<string>`(select coalesce(json_group_array(json_object('_id', u._id, 'firstname', u.firstname, 'lastname', u.lastname)), '[]')
  from json_each(${penaltyWaivers.studentIds}) j join users u on u._id = j.value and u.tenant_id = ${penaltyWaivers.tenantId})`;

/** Each joined column has its own name: D1 answers a batch with objects, where two `firstname`s would collapse. */
const selection = {
  row: penaltyWaivers,
  tutorFirstname: sql<string | null>`${tutor.firstname}`.as('w_tutor_firstname'),
  tutorLastname: sql<string | null>`${tutor.lastname}`.as('w_tutor_lastname'),
  responderFirstname: sql<string | null>`${responder.firstname}`.as('w_responder_firstname'),
  responderLastname: sql<string | null>`${responder.lastname}`.as('w_responder_lastname'),
  courseTitle: sql<string | null>`${courses.title}`.as('w_course_title'),
  students: studentsJson.as('w_students'),
};
type JoinedWaiver = {
  row: WaiverRow;
  tutorFirstname: string | null;
  tutorLastname: string | null;
  responderFirstname: string | null;
  responderLastname: string | null;
  courseTitle: string | null;
  students: string;
};

function joinedWaivers(tdb: TenantDb) {
  return tdb.db
    .select(selection)
    .from(penaltyWaivers)
    .leftJoin(tutor, and(eq(tutor._id, penaltyWaivers.tutorId), eq(tutor.tenantId, penaltyWaivers.tenantId)))
    .leftJoin(responder, and(eq(responder._id, penaltyWaivers.appealRespondedBy), eq(responder.tenantId, penaltyWaivers.tenantId)))
    .leftJoin(courses, and(eq(courses._id, penaltyWaivers.courseId), eq(courses.tenantId, penaltyWaivers.tenantId)));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function waiverView(j: JoinedWaiver): PenaltyWaiverRecord {
  const r = j.row;
  const students = (JSON.parse(j.students) as LedgerPerson[]).filter((s) => s._id);
  return {
    _id: r._id,
    createdAt: r.createdAt.toISOString(),
    course: r.courseId ? { _id: r.courseId, title: j.courseTitle ?? '' } : null,
    startDate: iso(r.startDate),
    endDate: iso(r.endDate),
    tutor: { _id: r.tutorId, firstname: j.tutorFirstname ?? '', lastname: j.tutorLastname ?? '' },
    students,
    lessonType: r.lessonType,
    paymentType: r.paymentType,
    amount: r.amount,
    currency: r.currency,
    type: r.type,
    paymentStatus: r.paymentStatus,
    appealStatus: r.appealStatus,
    appealTutorNote: r.appealTutorNote,
    appealAdminNote: r.appealAdminNote,
    appealRespondedBy: r.appealRespondedBy ? { _id: r.appealRespondedBy, firstname: j.responderFirstname ?? '', lastname: j.responderLastname ?? '' } : null,
    lessonHistoryId: r.lessonHistoryId,
    meetingRequestId: r.meetingRequestId,
    manual: r.manual,
    category: r.category,
    note: r.note,
    payRunId: r.payRunId,
    createdBy: r.createdBy,
    adminNotes: r.adminNotes,
  };
}

const sortColumns = {
  createdAt: penaltyWaivers.createdAt,
  startDate: penaltyWaivers.startDate,
  date: penaltyWaivers.startDate,
  amount: penaltyWaivers.amount,
  currency: penaltyWaivers.currency,
  type: penaltyWaivers.type,
  paymentStatus: penaltyWaivers.paymentStatus,
  appealStatus: penaltyWaivers.appealStatus,
};

type AnyWaiverQuery = Partial<PenaltyWaiverListQuery & ManualAdjustmentListQuery & TutorWaiverListQuery> & { limit: number; offset: number };

/** Which rows a list reads: waivers or manual adjustments (or, for a tutor, both of theirs), and the filters. */
export type WaiverScope = { manual: boolean } | { tutorId: string };

function waiverWhere(tdb: TenantDb, scope: WaiverScope, q: AnyWaiverQuery): SQL {
  const hasStudent = (id: string) => sql`exists (select 1 from json_each(${penaltyWaivers.studentIds}) where json_each.value = ${id})`;
  return tdb.where(
    penaltyWaivers,
    'manual' in scope ? eq(penaltyWaivers.manual, scope.manual) : eq(penaltyWaivers.tutorId, scope.tutorId),
    // waiverDate is an expression, not a column: its bounds go as the milliseconds the columns hold.
    q.startDate ? gte(waiverDate, startOfBound(q.startDate).getTime()) : undefined,
    q.endDate ? lte(waiverDate, endOfBound(q.endDate).getTime()) : undefined,
    q.tutorId ? eq(penaltyWaivers.tutorId, q.tutorId) : undefined,
    q.studentId ? hasStudent(q.studentId) : undefined,
    q.courseId ? eq(penaltyWaivers.courseId, q.courseId) : undefined,
    q.lessonHistoryId ? eq(penaltyWaivers.lessonHistoryId, q.lessonHistoryId) : undefined,
    q.zoomRequestId ? eq(penaltyWaivers.meetingRequestId, q.zoomRequestId) : undefined,
    q.type ? eq(penaltyWaivers.type, q.type) : undefined,
    q.paymentStatus ? eq(penaltyWaivers.paymentStatus, q.paymentStatus) : undefined,
    q.appealStatus ? eq(penaltyWaivers.appealStatus, q.appealStatus) : undefined,
    q.category ? eq(penaltyWaivers.category, q.category) : undefined,
    q.lessonType ? eq(penaltyWaivers.lessonType, q.lessonType) : undefined,
  );
}

function orderOf(q: AnyWaiverQuery) {
  const sortKey = q.sortKey ?? (q.sort ? q.sort.replace(/^-/, '') : undefined);
  if (!q.sortKey && sortKey !== undefined && !Object.hasOwn(sortColumns, sortKey)) {
    throw fieldError('sort', `must be one of ${Object.keys(sortColumns).join(', ')}, with - first for descending`);
  }
  const sortValue = q.sortKey ? q.sortValue : q.sort?.startsWith('-') ? 'desc' : 'asc';
  const descending = sortKey === undefined || sortValue === 'desc';
  return [sortBy({ sortKey, sortValue }, sortColumns, desc(penaltyWaivers.createdAt)), descending ? desc(penaltyWaivers._id) : asc(penaltyWaivers._id)];
}

/** A page of rows with their count and, when asked, `tutorAmountData` (additions as amount, deductions as penalty): one batch. */
export async function listWaivers(tdb: TenantDb, scope: WaiverScope, q: AnyWaiverQuery, withTotals: boolean) {
  const where = waiverWhere(tdb, scope, q);
  const page = joinedWaivers(tdb)
    .where(where)
    .orderBy(...orderOf(q))
    .limit(q.limit)
    .offset(q.offset);
  const total = tdb.db.select({ n: count() }).from(penaltyWaivers).where(where);
  let tutorAmountData: TutorAmountData[] | undefined;
  let rows: JoinedWaiver[];
  let n: number;
  if (withTotals) {
    const totals = tdb.db.select(waiverTotalsColumns).from(penaltyWaivers).where(where).groupBy(penaltyWaivers.currency).orderBy(penaltyWaivers.currency);
    const [r, [c], sums] = await tdb.db.batch([page, total, totals]);
    rows = r;
    n = c?.n ?? 0;
    tutorAmountData = toAmountData(sums);
  } else {
    const [r, [c]] = await tdb.db.batch([page, total]);
    rows = r;
    n = c?.n ?? 0;
  }
  return { docs: rows.map(waiverView), totalDocs: n, limit: q.limit, offset: q.offset, ...(tutorAmountData ? { tutorAmountData } : {}) };
}

/** One row, if the scope holds it; another tenant's or tutor's row, or a manual adjustment asked as a waiver, is not found. */
export async function findWaiver(tdb: TenantDb, id: string, scope?: WaiverScope): Promise<PenaltyWaiverRecord> {
  const found = await joinedWaivers(tdb)
    .where(
      tdb.where(
        penaltyWaivers,
        eq(penaltyWaivers._id, id),
        scope && ('manual' in scope ? eq(penaltyWaivers.manual, scope.manual) : eq(penaltyWaivers.tutorId, scope.tutorId)),
      ),
    )
    .get();
  if (!found) throw notFound('Penalty waiver');
  return waiverView(found);
}

/** The tutor an adjustment is for: a tutor of this tenant, else not found. */
async function findTutor(tdb: TenantDb, tutorId: string) {
  const found = await tdb.db
    .select({ _id: users._id })
    .from(users)
    .where(tdb.where(users, eq(users._id, tutorId), eq(users.role, 'TUTOR'), isNull(users.deletedAt)))
    .get();
  if (!found) throw notFound('The tutor');
}

async function assertCourse(tdb: TenantDb, courseId: string | undefined) {
  if (!courseId) return;
  const found = await tdb.db
    .select({ _id: courses._id })
    .from(courses)
    .where(tdb.where(courses, eq(courses._id, courseId)))
    .get();
  if (!found) throw notFound('The course');
}

async function assertStudents(tdb: TenantDb, ids: string[]) {
  if (!ids.length) return;
  const found = await tdb.db
    .select({ _id: users._id })
    .from(users)
    .where(tdb.where(users, inArray(users._id, ids)))
    .all();
  if (found.length !== new Set(ids).size) throw notFound('A student');
}

/**
 * Creates a penalty waiver (an ADDITION or DEDUCTION) for a tutor. A history row or meeting request it names must be
 * this tenant's and the same tutor's, and fills in the course, students, dates and lesson types; the currency must be
 * the lesson's.
 */
export async function createWaiver(tdb: TenantDb, actor: Actor, input: CreatePenaltyWaiverBody) {
  await findTutor(tdb, input.tutorId);
  const requestId = input.meetingRequestId ?? input.zoomRequestId;
  let about: Partial<typeof penaltyWaivers.$inferInsert> = {};
  if (input.lessonHistoryId) {
    const row = await tdb.db
      .select()
      .from(lessonHistory)
      .where(tdb.where(lessonHistory, eq(lessonHistory._id, input.lessonHistoryId)))
      .get();
    if (!row) throw notFound('Lesson history');
    if (row.tutorId !== input.tutorId) throw fieldError('tutorId', 'must be the tutor of the lesson lessonHistoryId names');
    if (row.tutorAmountCurrency && row.tutorAmountCurrency !== input.currency) {
      throw fieldError('currency', `must be ${row.tutorAmountCurrency}, the currency the lesson pays in`);
    }
    about = {
      courseId: row.courseId,
      studentIds: row.studentId ? [row.studentId] : [],
      startDate: row.start,
      endDate: row.end,
      lessonType: row.lessonType,
      paymentType: row.paymentType,
    };
  }
  if (requestId) {
    const request = await tdb.db
      .select()
      .from(meetingRequests)
      .where(tdb.where(meetingRequests, eq(meetingRequests._id, requestId)))
      .get();
    if (!request) throw notFound('The meeting request');
    if (!request.tutorIds.includes(input.tutorId)) throw fieldError('tutorId', 'must be a tutor of the lesson the meeting request is about');
    if (request.tutorAmountCurrency && request.tutorAmountCurrency !== input.currency) {
      throw fieldError('currency', `must be ${request.tutorAmountCurrency}, the currency the lesson pays in`);
    }
    about = { courseId: request.courseId, studentIds: request.studentIds, startDate: request.start, ...about };
  }
  await assertCourse(tdb, input.courseId);
  await assertStudents(tdb, input.studentIds ?? []);
  const created = await tdb.db
    .insert(penaltyWaivers)
    .values(
      tdb.values(penaltyWaivers, {
        tutorId: input.tutorId,
        courseId: input.courseId ?? null,
        studentIds: input.studentIds ?? [],
        startDate: input.startDate ? startOfBound(input.startDate) : null,
        endDate: input.endDate ? endOfBound(input.endDate) : null,
        lessonType: input.lessonType ?? null,
        paymentType: input.paymentType ?? null,
        ...about,
        lessonHistoryId: input.lessonHistoryId ?? null,
        meetingRequestId: requestId ?? null,
        amount: input.amount,
        currency: input.currency,
        type: input.type,
        manual: false,
        note: input.note ?? '',
        createdBy: actor.userId,
      }),
    )
    .returning({ _id: penaltyWaivers._id })
    .get();
  return findWaiver(tdb, created._id);
}

/** A manual adjustment (spec 2), or a payment adjustment filed under a settings category: the same ledger row. */
export async function createAdjustment(tdb: TenantDb, actor: Actor, input: CreateManualAdjustmentBody) {
  await findTutor(tdb, input.tutorId);
  await assertCourse(tdb, input.courseId);
  const created = await tdb.db
    .insert(penaltyWaivers)
    .values(
      tdb.values(penaltyWaivers, {
        tutorId: input.tutorId,
        courseId: input.courseId ?? null,
        startDate: input.date ? startOfBound(input.date) : null,
        amount: input.amount,
        currency: input.currency,
        type: input.type,
        manual: true,
        category: input.category,
        note: input.note,
        createdBy: actor.userId,
      }),
    )
    .returning({ _id: penaltyWaivers._id })
    .get();
  return findWaiver(tdb, created._id);
}

/** PROCESSING → PAID (or back) for the listed rows, all or none, as for history rows. */
export async function updateWaiverPaymentStatus(tdb: TenantDb, _actor: Actor, input: UpdateWaiverPaymentStatusBody) {
  const ids = [...new Set(input.penaltyWaiverIds)];
  const rows = await tdb.db
    .select({ _id: penaltyWaivers._id, payRunId: penaltyWaivers.payRunId })
    .from(penaltyWaivers)
    .where(tdb.where(penaltyWaivers, inArray(penaltyWaivers._id, ids)))
    .all();
  const missing = ids.find((id) => !rows.some((r) => r._id === id));
  if (missing) throw new ApiError(404, `Penalty waiver ${missing} was not found`);
  const held = rows.find((r) => r.payRunId);
  if (held) throw new ApiError(409, `Penalty waiver ${held._id} is in pay run ${held.payRunId} and cannot change its payment status`);
  await tdb.db
    .update(penaltyWaivers)
    .set({ paymentStatus: input.paymentStatus })
    .where(tdb.where(penaltyWaivers, inArray(penaltyWaivers._id, ids), isNull(penaltyWaivers.payRunId)));
  const docs = await joinedWaivers(tdb)
    .where(tdb.where(penaltyWaivers, inArray(penaltyWaivers._id, ids)))
    .orderBy(desc(penaltyWaivers.createdAt))
    .all();
  return docs.map(waiverView);
}

/** A tutor appeals one of their own DEDUCTIONs, once, while it is still unpaid: PENDING until an admin answers. */
export async function appealWaiver(tdb: TenantDb, actor: Actor, id: string, input: AppealBody) {
  const scope = { tutorId: actor.userId };
  const waiver = await findWaiver(tdb, id, scope);
  if (waiver.type !== 'DEDUCTION') throw new ApiError(409, 'Only a deduction can be appealed');
  if (waiver.appealStatus) throw new ApiError(409, 'This penalty has already been appealed');
  if (waiver.paymentStatus !== 'PROCESSING' || waiver.payRunId)
    throw new ApiError(409, 'This penalty has already been paid out, so it can no longer be appealed');
  const changed = await tdb.db
    .update(penaltyWaivers)
    .set({ appealStatus: 'PENDING', appealTutorNote: input.note })
    .where(
      tdb.where(
        penaltyWaivers,
        eq(penaltyWaivers._id, id),
        eq(penaltyWaivers.tutorId, actor.userId),
        isNull(penaltyWaivers.appealStatus),
        isNull(penaltyWaivers.payRunId),
      ),
    )
    .returning({ _id: penaltyWaivers._id });
  if (!changed.length) throw new ApiError(409, 'This penalty has already been appealed');
  return findWaiver(tdb, id, scope);
}

/** An admin answers a PENDING appeal; an ACCEPTED appeal cancels the deduction in every total. */
export async function respondToAppeal(tdb: TenantDb, actor: Actor, id: string, input: AppealRespondBody) {
  await findWaiver(tdb, id);
  const changed = await tdb.db
    .update(penaltyWaivers)
    .set({ appealStatus: input.appealStatus, appealAdminNote: input.appealAdminNote, appealRespondedBy: actor.userId })
    .where(tdb.where(penaltyWaivers, eq(penaltyWaivers._id, id), eq(penaltyWaivers.appealStatus, 'PENDING'), isNull(penaltyWaivers.payRunId)))
    .returning({ _id: penaltyWaivers._id });
  if (!changed.length) throw new ApiError(409, 'This penalty has no appeal waiting for an answer');
  return findWaiver(tdb, id);
}
