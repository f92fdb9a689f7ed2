import { and, eq, inArray, ne } from 'drizzle-orm';
import { fieldError } from '../../../platform/errors';
import { type InvoiceLineInput, lineAmount } from '../../../schema/contracts/invoices';
import { invoiceLines, invoices, lessonHistory } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { taken } from '../unique';
import type { Family } from './family';

/** A line as it is written: checked against the family and the ledger, its amount worked out here. */
export interface CheckedLine {
  position: number;
  description: string;
  studentId: string | null;
  sectionId: string | null;
  lessonHistoryId: string | null;
  lessonStart: Date | null;
  minutes: number | null;
  unitAmount: number;
  amount: number;
}

interface Where {
  /** Where the lines sit in the body (`` or `invoices.2.`), for field errors. */
  path: string;
  /** The invoice being edited: its own lines do not count as another invoice's. */
  invoiceId?: string;
  /** Lessons already on the lines of other invoices made in the same call. */
  seen?: Set<string>;
}

/**
 * Checks an invoice's lines before anything is written: each student must be one the payer pays for, and each lesson
 * a billable lesson recorded here, of that student, on no other line and no other live invoice.
 */
export async function checkLines(
  tdb: TenantDb,
  family: Family,
  lines: InvoiceLineInput[],
  { path, invoiceId, seen = new Set() }: Where,
): Promise<CheckedLine[]> {
  const lessonIds = lines.flatMap((l) => (l.lessonHistoryId ? [l.lessonHistoryId] : []));
  const [lessons, claimed] = lessonIds.length
    ? await Promise.all([
        tdb.db
          .select({
            _id: lessonHistory._id,
            studentId: lessonHistory.studentId,
            sectionId: lessonHistory.sectionId,
            start: lessonHistory.start,
            billingKind: lessonHistory.billingKind,
          })
          .from(lessonHistory)
          .where(tdb.where(lessonHistory, inArray(lessonHistory._id, lessonIds)))
          .all(),
        tdb.db
          .select({ lessonHistoryId: invoiceLines.lessonHistoryId, invoiceNumber: invoices.invoiceNumber })
          .from(invoiceLines)
          .innerJoin(invoices, and(eq(invoices._id, invoiceLines.invoiceId), eq(invoices.lineSet, invoiceLines.lineSet)))
          .where(
            tdb.where(
              invoiceLines,
              inArray(invoiceLines.lessonHistoryId, lessonIds),
              eq(invoiceLines.live, true),
              invoiceId ? ne(invoiceLines.invoiceId, invoiceId) : undefined,
            ),
          )
          .all(),
      ])
    : [[], []];
  return lines.map((line, i): CheckedLine => {
    const at = `${path}lines.${i}`;
    let studentId = line.studentId ?? null;
    if (studentId && !family.studentIds.has(studentId)) throw fieldError(`${at}.studentId`, 'is not a student this payer pays for');
    const lessonId = line.lessonHistoryId ?? null;
    const lesson = lessonId ? lessons.find((l) => l._id === lessonId) : undefined;
    if (lessonId) {
      if (!lesson) throw fieldError(`${at}.lessonHistoryId`, 'is not a lesson recorded here');
      if (lesson.billingKind !== 'BILLABLE' || !lesson.studentId) throw fieldError(`${at}.lessonHistoryId`, 'is not a billable lesson');
      if (studentId && studentId !== lesson.studentId) throw fieldError(`${at}.studentId`, "must be the lesson's student");
      if (!family.studentIds.has(lesson.studentId)) throw fieldError(`${at}.lessonHistoryId`, 'is a lesson of a student this payer does not pay for');
      if (seen.has(lessonId)) throw fieldError(`${at}.lessonHistoryId`, 'is on another line of these invoices already');
      const other = claimed.find((c) => c.lessonHistoryId === lessonId);
      if (other) throw taken(`${at}.lessonHistoryId`, `is already on invoice ${other.invoiceNumber}`);
      seen.add(lessonId);
      studentId = lesson.studentId;
    }
    return {
      position: i,
      description: line.description,
      studentId,
      sectionId: lesson?.sectionId ?? null,
      lessonHistoryId: lessonId,
      lessonStart: lesson?.start ?? null,
      minutes: line.minutes ?? null,
      unitAmount: line.unitAmount,
      amount: lineAmount(line),
    };
  });
}

/** The insert statements of a set of lines, for the batch that writes or replaces an invoice's lines. */
export const lineInserts = (tdb: TenantDb, invoiceId: string, lineSet: string, lines: CheckedLine[]) =>
  lines.map((line) => tdb.db.insert(invoiceLines).values(tdb.values(invoiceLines, { ...line, invoiceId, lineSet })));
