import { asc, count, desc, eq, gte, inArray, isNotNull, lte, or, type SQL, sql, sum } from 'drizzle-orm';
import type {
  AdminMeetingRequestListQuery,
  MeetingRequestList,
  MeetingRequestListQuery,
  MeetingRequestRecord,
  PenaltyPreview,
  RequestPerson,
  TutorAmountTotal,
} from '../../../schema/contracts/meeting-requests';
import { courses, meetingRequests, sections, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { listPage, paged, sortBy } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { baseWords } from './penalty';

type RequestRow = typeof meetingRequests.$inferSelect;

/**
 * Who reads a request decides what it shows: admins everything (their notes too), tutors the amounts of their lessons,
 * students and parents never a tutor's amount (docs/decisions/ledger-requests.md).
 */
export type Viewer = { kind: 'admin' } | { kind: 'tutor' } | { kind: 'learner'; actingUserId: string };

export const viewerOf = (actor: Actor): Viewer['kind'] => (actor.role === 'ADMIN' ? 'admin' : actor.role === 'TUTOR' ? 'tutor' : 'learner');
export const viewerFor = (actor: Actor): Viewer => {
  const kind = viewerOf(actor);
  return kind === 'learner' ? { kind, actingUserId: actor.actingUserId } : { kind };
};

const LESSON_AMOUNT = "of the lesson's amount";

/** A penalty sentence as a student or parent reads it: the share, without the tutor's amount it is taken of. */
export function learnerReason(reason: string | null, amount: number | null, currency: string | null) {
  if (reason === null || amount === null || currency === null) return reason;
  return reason.replace(baseWords(amount, currency), LESSON_AMOUNT);
}

export const learnerPreview = (preview: PenaltyPreview, base: { amount: number | null; currency: string | null }): PenaltyPreview => ({
  ...preview,
  reason: learnerReason(preview.reason, base.amount, base.currency)!,
});

async function titles(tdb: TenantDb, table: typeof sections | typeof courses, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await tdb.db
    .select({ _id: table._id, title: table.title })
    .from(table)
    .where(tdb.where(table, inArray(table._id, ids)))
    .all();
  return new Map(rows.map((r) => [r._id, r.title]));
}

async function people(tdb: TenantDb, ids: string[]) {
  if (!ids.length) return new Map<string, RequestPerson>();
  const rows = await tdb.db
    .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(tdb.where(users, inArray(users._id, ids)))
    .all();
  return new Map(rows.map((r) => [r._id, r]));
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The requests as the viewer may read them, with the lesson's and course's titles and the people named. */
export async function requestViews(tdb: TenantDb, rows: RequestRow[], who: Viewer): Promise<MeetingRequestRecord[]> {
  const unique = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const [sectionTitles, courseTitles, named] = await Promise.all([
    titles(tdb, sections, unique(rows.map((r) => r.sectionId))),
    titles(tdb, courses, unique(rows.map((r) => r.courseId))),
    people(tdb, unique(rows.flatMap((r) => [...r.tutorIds, ...r.studentIds, r.requestedBy, r.respondedBy]))),
  ]);
  const person = (id: string | null) => (id ? (named.get(id) ?? null) : null);
  return rows.map((row) => {
    const record: MeetingRequestRecord = {
      _id: row._id,
      status: row.status,
      type: row.type,
      requestedByRole: row.requestedByRole,
      requestedBy: person(row.requestedBy),
      createdAt: row.createdAt.toISOString(),
      start: row.start.toISOString(),
      newStart: iso(row.newStart),
      section: { _id: row.sectionId, title: sectionTitles.get(row.sectionId) ?? '' },
      course: { _id: row.courseId, title: courseTitles.get(row.courseId) ?? '' },
      tutors: row.tutorIds.flatMap((id) => named.get(id) ?? []),
      students: row.studentIds.flatMap((id) => named.get(id) ?? []),
      reason: row.reason,
      policyVersion: row.policyVersion,
      penalty: row.penalty,
      penaltyAmount: row.penaltyAmount,
      penaltyCurrency: row.tutorAmountCurrency,
      penaltyReason: row.penaltyReason,
      chargeable: row.chargeable,
      tutorPaymentStatus: row.tutorPaymentStatus,
      respondedBy: person(row.respondedBy),
      respondedAt: iso(row.respondedAt),
      responseNote: row.responseNote,
    };
    if (who.kind === 'learner') {
      // A student or parent sees the penalty of their own request, never one on a tutor's pay or another student's.
      const own = row.requestedByRole === 'STUDENT' && row.requestedBy === who.actingUserId;
      return own
        ? { ...record, penaltyReason: learnerReason(row.penaltyReason, row.tutorAmount, row.tutorAmountCurrency) }
        : { ...record, penalty: false, penaltyAmount: null, penaltyCurrency: null, penaltyReason: null };
    }
    const amounts = { ...record, tutorAmount: row.tutorAmount, tutorAmountCurrency: row.tutorAmountCurrency };
    return who.kind === 'admin' ? { ...amounts, adminNotes: row.adminNotes } : amounts;
  });
}

/** A bare date as an end bound means the whole of that day (UTC). */
const endOf = (value: string) => (value.length === 10 ? new Date(`${value}T23:59:59.999Z`) : new Date(value));

const holds = (column: typeof meetingRequests.tutorIds | typeof meetingRequests.studentIds, id: string) =>
  sql`exists (select 1 from json_each(${column}) where json_each.value = ${id})`;

const sortColumns = {
  createdAt: meetingRequests.createdAt,
  start: meetingRequests.start,
  newStart: meetingRequests.newStart,
  status: meetingRequests.status,
  type: meetingRequests.type,
  penaltyAmount: meetingRequests.penaltyAmount,
};

/** The penalties of the matching requests, totalled per currency. */
async function totalsPerCurrency(tdb: TenantDb, where: SQL): Promise<TutorAmountTotal[]> {
  const rows = await tdb.db
    .select({ currency: meetingRequests.tutorAmountCurrency, amount: sum(meetingRequests.penaltyAmount), count: count() })
    .from(meetingRequests)
    .where(sql`${where} and ${isNotNull(meetingRequests.tutorAmountCurrency)}`)
    .groupBy(meetingRequests.tutorAmountCurrency)
    .orderBy(asc(meetingRequests.tutorAmountCurrency))
    .all();
  return rows.map((r) => ({ currency: r.currency!, amount: Number(r.amount ?? 0), count: r.count }));
}

type AnyListQuery = MeetingRequestListQuery & Partial<Pick<AdminMeetingRequestListQuery, 'studentId' | 'tutorId' | 'requestedByRole'>>;

async function listRequests(tdb: TenantDb, scope: SQL | undefined, q: AnyListQuery, viewer: Viewer, statuses: string[] | undefined) {
  const where = tdb.where(
    meetingRequests,
    scope,
    statuses?.length ? inArray(meetingRequests.status, statuses as RequestRow['status'][]) : undefined,
    q.type ? eq(meetingRequests.type, q.type) : undefined,
    q.requestedByRole ? eq(meetingRequests.requestedByRole, q.requestedByRole) : undefined,
    q.studentId ? holds(meetingRequests.studentIds, q.studentId) : undefined,
    q.tutorId ? holds(meetingRequests.tutorIds, q.tutorId) : undefined,
    q.startDate ? gte(meetingRequests.start, new Date(q.startDate)) : undefined,
    q.endDate ? lte(meetingRequests.start, endOf(q.endDate)) : undefined,
  );
  const order = sortBy(q, sortColumns, desc(meetingRequests.createdAt));
  const withTotals = q.includeTutorAmountData === true && viewer.kind !== 'learner';
  const [page, totals] = await Promise.all([
    listPage(tdb.db, meetingRequests, where, q, (p) =>
      tdb.db.select().from(meetingRequests).where(where).orderBy(order, desc(meetingRequests._id)).limit(p.limit).offset(p.offset).all(),
    ),
    withTotals ? totalsPerCurrency(tdb, where) : undefined,
  ]);
  const list: MeetingRequestList = paged(await requestViews(tdb, page.docs, viewer), page.totalDocs, q);
  return totals ? { ...list, tutorAmountData: totals } : list;
}

/** `GET /meeting-requests`: the requests on lessons the actor was on (as a tutor or a student) when they were made. */
export function listOwnRequests(tdb: TenantDb, actor: Actor, q: MeetingRequestListQuery) {
  const scope = or(holds(meetingRequests.tutorIds, actor.actingUserId), holds(meetingRequests.studentIds, actor.actingUserId));
  return listRequests(tdb, scope, q, viewerFor(actor), q.statuses);
}

/** `GET /admin/meeting-requests`: every request of the tenant; those waiting for an answer unless `statuses` says otherwise. */
export function listAllRequests(tdb: TenantDb, q: AdminMeetingRequestListQuery) {
  return listRequests(tdb, undefined, { ...q, includeTutorAmountData: q.includeTutorAmountData ?? true }, { kind: 'admin' }, q.statuses ?? ['PENDING']);
}
