import { and, asc, eq, gt, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { lessonHistoryExportColumns, type MeetingRequestExportQuery, meetingRequestExportColumns } from '../../../schema/contracts/ledger-exports';
import { endOfBound, type LessonHistoryExportQuery, referenceKeyOf, startOfBound } from '../../../schema/contracts/lesson-history';
import { formatMoney } from '../../../schema/contracts/money';
import { courses, lessonHistory, meetingRequests, sections, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { CSV_BOM, csvLine, csvText } from './csv';
import { historyWhere } from './history';

/**
 * The two CSV exports of the admin lesson history screen, streamed: each pull reads one page of 500 rows from D1 by
 * keyset (start, _id) — never OFFSET, so the last page costs what the first does — turns it into CSV text and hands
 * it on, so only a page is ever held however many rows match. Columns marked `money` are left out unless the caller
 * may see tutor pay (docs/decisions/ledger-pay.md).
 */

export const EXPORT_PAGE = 500;

export interface ExportOptions {
  /** Whether the tutor-money columns are shown. */
  money: boolean;
  /** The IANA time zone dates are written in. */
  timezone: string;
  /** Rows read per page; 500 unless a test or the bench asks for another. */
  pageSize?: number;
}

/**
 * Spec 1 section 9: export dates are year-month-day with 12-hour time (`2026-03-05 09:30 PM`), in the time zone asked
 * for. One Intl formatter serves a whole export, its parts put in that order: 3 µs a date, where date-fns with a
 * TZDate per cell took 10 µs, and a row has three dates.
 */
export function exportDates(timezone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h12',
  });
  return (value: Date | number | null) => {
    if (value === null) return '';
    const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const { type, value: text } of format.formatToParts(value)) part[type] = text;
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute} ${part.dayPeriod}`;
  };
}

/** Spec 1 section 9: durations in exports use 2 decimals (hours), rounded half up in integers. */
export function exportHours(minutes: number) {
  const hundredths = Math.floor((minutes * 100 + 30) / 60);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

const money = (amount: number | null, currency: string | null) => (amount === null || !currency ? '' : formatMoney(amount, currency));
const person = (first: string | null, last: string | null) => csvText(`${first ?? ''} ${last ?? ''}`.trim());

interface Cursor {
  start: number;
  id: string;
}

/** An export as pages: its header, and the CSV lines of the `size` rows after a cursor (null: from the start). */
export interface ExportPages {
  header: string[];
  page(after: Cursor | null, size: number): Promise<{ lines: string[]; last: Cursor | null; full: boolean }>;
}

/** A stream that asks for the next page after the cursor, one page per pull, until a short page ends it. */
function csvStream({ header, page }: ExportPages, size: number) {
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)));
          return;
        }
        if (done) return;
        const next = await page(cursor, size);
        if (next.lines.length) controller.enqueue(encoder.encode(next.lines.join('')));
        cursor = next.last;
        if (!next.full) {
          done = true;
          controller.close();
        }
      },
    },
    { highWaterMark: 1 },
  );
}

/** After (start, id) in (start, _id) order, written so SQLite ranges over the (tenant, start) index. */
const after = (start: SQLiteColumn, id: SQLiteColumn, c: Cursor | null) =>
  c ? and(gte(start, new Date(c.start)), or(gt(start, new Date(c.start)), gt(id, c.id))) : undefined;

const student = alias(users, 'export_student');
const tutor = alias(users, 'export_tutor');

/** The Completed tab: one line per history row (a group lesson has one per student), oldest first. */
export function lessonHistoryExportPages(tdb: TenantDb, q: LessonHistoryExportQuery, opts: ExportOptions): ExportPages {
  const columns = lessonHistoryExportColumns.filter((c) => opts.money || !('money' in c));
  const where = historyWhere(tdb, { kind: 'admin' }, q);
  const date = exportDates(opts.timezone);
  return {
    header: columns.map((c) => c.label),
    page: async (cursor, size) => {
      const rows = await tdb.db
        .select({
          _id: lessonHistory._id,
          eventId: lessonHistory.eventId,
          start: lessonHistory.start,
          duration: lessonHistory.duration,
          lessonType: lessonHistory.lessonType,
          paymentType: lessonHistory.paymentType,
          subject: lessonHistory.subject,
          curriculum: lessonHistory.curriculum,
          grade: lessonHistory.grade,
          tutorJoinTime: lessonHistory.tutorJoinTime,
          studentJoinTime: lessonHistory.studentJoinTime,
          classTimingStatus: lessonHistory.classTimingStatus,
          studentTimingStatus: lessonHistory.studentTimingStatus,
          tutorRate: lessonHistory.tutorRate,
          tutorRateCurrency: lessonHistory.tutorRateCurrency,
          allocated: lessonHistory.allocatedTutorAmount,
          extension: lessonHistory.lessonExtensionTutorAmount,
          penalty: lessonHistory.tutorPenaltyAmount,
          currency: lessonHistory.tutorAmountCurrency,
          paymentStatus: lessonHistory.tutorPaymentStatus,
          trialStatus: lessonHistory.trialConversionStatus,
          converted: lessonHistory.isTrialConverted,
          studentFirst: sql<string | null>`${student.firstname}`.as('x_student_first'),
          studentLast: sql<string | null>`${student.lastname}`.as('x_student_last'),
          studentCountry: sql<string | null>`${student.country}`.as('x_student_country'),
          tutorFirst: sql<string | null>`${tutor.firstname}`.as('x_tutor_first'),
          tutorLast: sql<string | null>`${tutor.lastname}`.as('x_tutor_last'),
          course: sql<string | null>`${courses.title}`.as('x_course'),
        })
        .from(lessonHistory)
        .leftJoin(student, and(eq(student._id, lessonHistory.studentId), eq(student.tenantId, lessonHistory.tenantId)))
        .leftJoin(tutor, and(eq(tutor._id, lessonHistory.tutorId), eq(tutor.tenantId, lessonHistory.tenantId)))
        .leftJoin(courses, and(eq(courses._id, lessonHistory.courseId), eq(courses.tenantId, lessonHistory.tenantId)))
        .where(and(where, after(lessonHistory.start, lessonHistory._id, cursor)))
        .orderBy(asc(lessonHistory.start), asc(lessonHistory._id))
        .limit(size)
        .all();
      const lines = rows.map((r) => {
        const pay = r.currency ? (r.allocated ?? 0) + r.extension : null;
        const cells: Record<(typeof columns)[number]['key'], string> = {
          referenceKey: referenceKeyOf(r.eventId),
          date: date(r.start),
          duration: exportHours(r.duration),
          students: person(r.studentFirst, r.studentLast),
          tutors: person(r.tutorFirst, r.tutorLast),
          lessonType: csvText(r.lessonType),
          paymentType: csvText(r.paymentType),
          course: csvText(r.course),
          subject: csvText(r.subject),
          curriculum: csvText(r.curriculum),
          grade: csvText(r.grade),
          tutorJoinTime: date(r.tutorJoinTime),
          studentJoinTime: date(r.studentJoinTime),
          classTimingStatus: r.classTimingStatus,
          studentTimingStatus: r.studentTimingStatus,
          studentCountries: csvText(r.studentCountry),
          tutorRate: money(r.tutorRate, r.tutorRateCurrency),
          amount: money(pay, r.currency),
          penalty: money(r.currency ? r.penalty : null, r.currency),
          net: money(pay === null ? null : pay - r.penalty, r.currency),
          paymentStatus: r.paymentStatus,
          trialStatus: r.trialStatus ? `${r.trialStatus}${r.converted ? ' (converted)' : ''}` : '',
        };
        return csvLine(columns.map((c) => cells[c.key]));
      });
      const last = rows.at(-1);
      return { lines, last: last ? { start: last.start.getTime(), id: last._id } : cursor, full: rows.length === size };
    },
  };
}

export const lessonHistoryCsv = (tdb: TenantDb, q: LessonHistoryExportQuery, opts: ExportOptions) =>
  csvStream(lessonHistoryExportPages(tdb, q, opts), opts.pageSize ?? EXPORT_PAGE);

/** The Reschedule-or-cancellation tab: one line per meeting request, by the lesson's start, oldest first. */
export function meetingRequestExportPages(tdb: TenantDb, q: MeetingRequestExportQuery, opts: ExportOptions): ExportPages {
  const columns = meetingRequestExportColumns.filter((c) => opts.money || !('money' in c));
  const date = exportDates(opts.timezone);
  const hasMember = (column: typeof meetingRequests.tutorIds | typeof meetingRequests.studentIds, id: string) =>
    sql`exists (select 1 from json_each(${column}) where json_each.value = ${id})`;
  const where = tdb.where(
    meetingRequests,
    q.startDate ? gte(meetingRequests.start, startOfBound(q.startDate)) : undefined,
    q.endDate ? lte(meetingRequests.start, endOfBound(q.endDate)) : undefined,
    q.statuses?.length ? inArray(meetingRequests.status, q.statuses) : undefined,
    q.type ? eq(meetingRequests.type, q.type) : undefined,
    q.requestedByRole ? eq(meetingRequests.requestedByRole, q.requestedByRole) : undefined,
    q.tutorPaymentStatus ? eq(meetingRequests.tutorPaymentStatus, q.tutorPaymentStatus) : undefined,
    q.studentId ? hasMember(meetingRequests.studentIds, q.studentId) : undefined,
    q.tutorId ? hasMember(meetingRequests.tutorIds, q.tutorId) : undefined,
  );
  return {
    header: columns.map((c) => c.label),
    page: async (cursor, size) => {
      const rows = await tdb.db
        .select({
          request: meetingRequests,
          lessonKind: sections.lessonKind,
          course: sql<string | null>`${courses.title}`.as('x_course'),
          subject: courses.subject,
          curriculum: courses.curriculum,
          grade: courses.grade,
          paymentType: courses.paymentType,
        })
        .from(meetingRequests)
        .leftJoin(sections, and(eq(sections._id, meetingRequests.sectionId), eq(sections.tenantId, meetingRequests.tenantId)))
        .leftJoin(courses, and(eq(courses._id, meetingRequests.courseId), eq(courses.tenantId, meetingRequests.tenantId)))
        .where(and(where, after(meetingRequests.start, meetingRequests._id, cursor)))
        .orderBy(asc(meetingRequests.start), asc(meetingRequests._id))
        .limit(size)
        .all();
      const ids = [...new Set(rows.flatMap((r) => [...r.request.tutorIds, ...r.request.studentIds]))];
      const people = ids.length
        ? await tdb.db
            .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname, country: users.country })
            .from(users)
            .where(tdb.where(users, inArray(users._id, ids)))
            .all()
        : [];
      const byId = new Map(people.map((p) => [p._id, p]));
      const namesOf = (list: string[]) => csvText(list.map((id) => `${byId.get(id)?.firstname ?? ''} ${byId.get(id)?.lastname ?? ''}`.trim()).join('; '));
      const lines = rows.map(({ request: r, ...lesson }) => {
        const cells: Record<(typeof columns)[number]['key'], string> = {
          referenceKey: referenceKeyOf(r._id),
          date: date(r.start),
          newDate: date(r.newStart),
          type: r.type,
          status: r.status,
          requestedByRole: r.requestedByRole,
          requestedAt: date(r.createdAt),
          students: namesOf(r.studentIds),
          tutors: namesOf(r.tutorIds),
          lessonType: csvText(lesson.lessonKind),
          paymentType: csvText(lesson.paymentType),
          course: csvText(lesson.course),
          subject: csvText(lesson.subject),
          curriculum: csvText(lesson.curriculum),
          grade: csvText(lesson.grade),
          studentCountries: csvText([...new Set(r.studentIds.map((id) => byId.get(id)?.country).filter(Boolean))].join('; ')),
          reason: csvText(r.reason),
          amount: money(r.tutorAmount, r.tutorAmountCurrency),
          penalty: r.penalty ? money(r.penaltyAmount, r.tutorAmountCurrency) : '',
          penaltyReason: csvText(r.penaltyReason),
          paymentStatus: r.tutorPaymentStatus,
        };
        return csvLine(columns.map((c) => cells[c.key]));
      });
      const last = rows.at(-1)?.request;
      return { lines, last: last ? { start: last.start.getTime(), id: last._id } : cursor, full: rows.length === size };
    },
  };
}

export const meetingRequestCsv = (tdb: TenantDb, q: MeetingRequestExportQuery, opts: ExportOptions) =>
  csvStream(meetingRequestExportPages(tdb, q, opts), opts.pageSize ?? EXPORT_PAGE);

/** The time zone export dates read in: the one asked for, else the admin's own. */
export async function exportTimeZone(tdb: TenantDb, actor: Actor, asked: string | undefined) {
  if (asked) return asked;
  const me = await tdb.db
    .select({ timezone: users.timezone })
    .from(users)
    .where(tdb.where(users, eq(users._id, actor.userId)))
    .get();
  return me?.timezone ?? 'Asia/Singapore';
}

/** The attachment's file name: what it holds and the day it was made. */
export const exportFileName = (what: string, now = new Date()) => `${what}-${now.toISOString().slice(0, 10)}.csv`;
