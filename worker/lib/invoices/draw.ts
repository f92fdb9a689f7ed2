import { and, asc, eq, gte, lte, ne, notExists, sql } from 'drizzle-orm';
import {
  type DraftLine,
  type DrawPreviewInput,
  INVOICE_DUE_DAYS,
  type InvoiceDraft,
  type InvoiceDrawPreview,
  lineAmount,
} from '../../../schema/contracts/invoices';
import { courses, invoiceLines, lessonHistory, paymentHistory, paymentSessions, sections } from '../../../schema/tables';
import { minutesTaken } from '../payments/guarded-debit';
import type { TenantDb } from '../tenant-db';
import { payersOf, peopleById } from './family';
import { type StudentRate, studentHourlyRate } from './student-rates';

const DAY = 24 * 60 * 60_000;
const DESCRIPTION_MAX = 200;

/**
 * The ledger's lessons a draw may bill: recorded in the period with a student, BILLABLE, on no live invoice line, not
 * of a course the student bought through Checkout (its price paid for its lessons), and less the minutes the student's
 * balance already paid (the lesson's LESSON debits); a lesson paid in full is left out.
 * Tutor penalties are not among them: they come off the tutor's pay and are never charged to a family, and a
 * student's late cancellation that is charged is already a history row of its own.
 */
function billableLessons(tdb: TenantDb, input: DrawPreviewInput) {
  return tdb.db
    .select({
      _id: lessonHistory._id,
      studentId: lessonHistory.studentId,
      sectionId: lessonHistory.sectionId,
      start: lessonHistory.start,
      duration: lessonHistory.duration,
      lessonTitle: sections.title,
      courseTitle: courses.title,
      // Minutes the student's balances already paid for (the lesson's debits, named by lesson and student).
      covered: minutesTaken(
        tdb,
        'LESSON',
        (sourceId) =>
          sql`${sourceId} IN (${lessonHistory.sectionId} || '/' || ${lessonHistory.studentId}, ${lessonHistory.sectionId} || '/' || ${lessonHistory.studentId} || '/course')`,
      ).mapWith(Number),
    })
    .from(lessonHistory)
    .innerJoin(sections, and(eq(sections._id, lessonHistory.sectionId), eq(sections.tenantId, tdb.tenantId)))
    .innerJoin(courses, and(eq(courses._id, lessonHistory.courseId), eq(courses.tenantId, tdb.tenantId)))
    .where(
      tdb.where(
        lessonHistory,
        ne(lessonHistory.studentId, ''),
        eq(lessonHistory.billingKind, 'BILLABLE'),
        gte(lessonHistory.start, input.periodStart),
        lte(lessonHistory.start, input.periodEnd),
        notExists(
          tdb.db
            .select({ one: sql`1` })
            .from(invoiceLines)
            .where(tdb.where(invoiceLines, eq(invoiceLines.lessonHistoryId, lessonHistory._id), eq(invoiceLines.live, true))),
        ),
        notExists(
          tdb.db
            .select({ one: sql`1` })
            .from(paymentHistory)
            .innerJoin(paymentSessions, eq(paymentSessions._id, paymentHistory.paymentSessionId))
            .where(
              tdb.where(
                paymentHistory,
                eq(paymentHistory.studentId, lessonHistory.studentId),
                eq(paymentHistory.paymentType, 'COURSE'),
                eq(paymentHistory.status, 'PAID'),
                eq(paymentSessions.courseId, lessonHistory.courseId),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(lessonHistory.start), asc(lessonHistory.studentId))
    .all()
    .then((rows) => rows.map((row) => ({ ...row, duration: row.duration - Number(row.covered) })).filter((row) => row.duration > 0));
}

const lessonDay = (start: Date, timezone: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: timezone }).format(start);

/**
 * `POST /admin/invoices/draw/preview`: one draft per family (and currency) from the lessons of the period, each
 * lesson at the student's hourly price for its booked minutes. Nothing is written; a lesson already on a live invoice
 * never shows again, so a later preview offers only what is left to bill.
 */
export async function previewDraw(tdb: TenantDb, input: DrawPreviewInput, now = new Date()): Promise<InvoiceDrawPreview> {
  const lessons = await billableLessons(tdb, input);
  const payers = await payersOf(
    tdb,
    lessons.map((l) => l.studentId),
  );
  const wanted = input.userIds ? new Set(input.userIds) : null;
  const chosen = lessons.filter((l) => !wanted || wanted.has(payers.get(l.studentId)!));
  const people = await peopleById(tdb, [...chosen.map((l) => l.studentId), ...chosen.map((l) => payers.get(l.studentId)!)]);
  const rates = new Map<string, StudentRate>();
  for (const studentId of new Set(chosen.map((l) => l.studentId))) {
    rates.set(studentId, await studentHourlyRate(tdb, studentId, people.get(studentId)?.firstname || 'this student'));
  }
  // A lesson with no price joins its family's invoice in the currency their priced lessons use.
  const familyCurrency = new Map<string, string>();
  for (const lesson of chosen) {
    const rate = rates.get(lesson.studentId)!;
    const payerId = payers.get(lesson.studentId)!;
    if (rate.ok && !familyCurrency.has(payerId)) familyCurrency.set(payerId, rate.currency);
  }
  const drafts = new Map<string, InvoiceDraft>();
  const dueAt = new Date(now.getTime() + INVOICE_DUE_DAYS * DAY).toISOString();
  for (const lesson of chosen) {
    const payerId = payers.get(lesson.studentId)!;
    const payer = people.get(payerId);
    const student = people.get(lesson.studentId);
    if (!payer || !student) continue;
    const rate = rates.get(lesson.studentId)!;
    const currency = rate.ok ? rate.currency : (familyCurrency.get(payerId) ?? payer.currency);
    const unitAmount = rate.ok ? rate.hourly : 0;
    const description = `${lesson.lessonTitle} (${lesson.courseTitle}), ${lessonDay(lesson.start, payer.timezone)}`.slice(0, DESCRIPTION_MAX);
    const line: DraftLine = {
      description,
      studentId: student._id,
      studentName: `${student.firstname} ${student.lastname}`.trim(),
      sectionId: lesson.sectionId,
      lessonHistoryId: lesson._id,
      lessonStart: lesson.start.toISOString(),
      minutes: lesson.duration,
      unitAmount,
      amount: lineAmount({ minutes: lesson.duration, unitAmount }),
      priceNote: rate.note,
      priced: rate.ok,
    };
    const key = `${payerId}|${currency}`;
    const draft = drafts.get(key) ?? {
      payer: { _id: payer._id, firstname: payer.firstname, lastname: payer.lastname, email: payer.email },
      currency,
      dueAt,
      lines: [],
      total: 0,
    };
    draft.lines.push(line);
    draft.total += line.amount;
    drafts.set(key, draft);
  }
  return { periodStart: input.periodStart.toISOString(), periodEnd: input.periodEnd.toISOString(), drafts: [...drafts.values()] };
}
