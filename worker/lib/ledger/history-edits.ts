import { eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import type {
  ClassExtensionBody,
  RaiseConcernBody,
  RespondToConcernBody,
  TrialConversionBody,
  TutorPaymentAdjustmentBody,
  TutorPenaltyBody,
  UpdateTutorPaymentStatusBody,
} from '../../../schema/contracts/lesson-history';
import { formatMoney } from '../../../schema/contracts/money';
import { type AdminNote, lessonHistory, penaltyWaivers } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { notFound } from './access';
import { allocate } from './close-lesson';
import { adminView, findHistory, type HistoryRow, lessonRows } from './history';
import { shareOf } from './policy';

/**
 * The writes on lesson history rows: a tutor's concern, and every admin edit (notes, payment status, concern answer,
 * class extension, penalty, trial conversion, payment adjustment). A change to what a lesson pays is refused once the
 * lesson is PAID (a pay run's sum must stay the sum of its rows); it is then made as an adjustment.
 */

const admin = { kind: 'admin' } as const;

const reread = async (tdb: TenantDb, id: string) => adminView(await findHistory(tdb, admin, id));

function assertUnpaid(rows: HistoryRow[]) {
  if (rows.some((r) => r.tutorPaymentStatus === 'PAID')) {
    throw new ApiError(409, "This lesson's pay is already PAID: record the change as an adjustment instead");
  }
}

/** A tutor raises a concern about the pay of one of their own rows: PENDING until an admin answers. */
export async function raiseConcern(tdb: TenantDb, actor: Actor, input: RaiseConcernBody) {
  await findHistory(tdb, { kind: 'tutor', tutorId: actor.userId }, input.lessonHistoryId);
  const changed = await tdb.db
    .update(lessonHistory)
    .set({ concernStatus: 'PENDING', concernNote: input.note, concernDecision: null, concernResponse: null })
    .where(
      tdb.where(
        lessonHistory,
        eq(lessonHistory._id, input.lessonHistoryId),
        eq(lessonHistory.tutorId, actor.userId),
        or(isNull(lessonHistory.concernStatus), ne(lessonHistory.concernStatus, 'PENDING')),
      ),
    )
    .returning({ _id: lessonHistory._id });
  if (!changed.length) throw new ApiError(409, 'A concern about this payment is already waiting for an answer');
  return findHistory(tdb, { kind: 'tutor', tutorId: actor.userId }, input.lessonHistoryId);
}

/** An admin answers the open concern: RESOLVED or REJECTED, with a decision APPROVED or DECLINED and a response. */
export async function respondToConcern(tdb: TenantDb, _actor: Actor, input: RespondToConcernBody) {
  await findHistory(tdb, admin, input.lessonHistoryId);
  const changed = await tdb.db
    .update(lessonHistory)
    .set({ concernStatus: input.status, concernDecision: input.decision, concernResponse: input.response })
    .where(tdb.where(lessonHistory, eq(lessonHistory._id, input.lessonHistoryId), eq(lessonHistory.concernStatus, 'PENDING')))
    .returning({ _id: lessonHistory._id });
  if (!changed.length) throw new ApiError(409, 'This payment has no concern waiting for an answer');
  return reread(tdb, input.lessonHistoryId);
}

/** Appends an admin note with its own id, in one statement, so two admins writing at once both keep theirs. */
export async function addHistoryNote(tdb: TenantDb, actor: Actor, id: string, note: string) {
  const entry: AdminNote = { _id: newId(), note, createdBy: actor.userId, createdAt: new Date().toISOString() };
  await tdb.db
    .update(lessonHistory)
    .set({ adminNotes: sql`json_insert(${lessonHistory.adminNotes}, '$[#]', json(${JSON.stringify(entry)}))` })
    .where(tdb.where(lessonHistory, eq(lessonHistory._id, id)));
  return reread(tdb, id);
}

export async function removeHistoryNote(tdb: TenantDb, id: string, noteId: string) {
  const row = await findHistory(tdb, admin, id);
  if (!row.row.adminNotes.some((n) => n._id === noteId)) throw notFound('The note');
  await tdb.db
    .update(lessonHistory)
    .set({
      adminNotes: sql`(select json_group_array(json(value)) from json_each(${lessonHistory.adminNotes}) where json_extract(value, '$._id') <> ${noteId})`,
    })
    .where(tdb.where(lessonHistory, eq(lessonHistory._id, id)));
  return reread(tdb, id);
}

/**
 * PROCESSING → PAID (or back) for the listed rows, all or none: an unknown id is 404 and a row a pay run holds is
 * 409, before anything is written.
 */
export async function updateTutorPaymentStatus(tdb: TenantDb, _actor: Actor, input: UpdateTutorPaymentStatusBody) {
  const ids = [...new Set(input.lesssonHistoryIds)];
  const rows = await tdb.db
    .select({ _id: lessonHistory._id, payRunId: lessonHistory.payRunId })
    .from(lessonHistory)
    .where(tdb.where(lessonHistory, inArray(lessonHistory._id, ids)))
    .all();
  const missing = ids.find((id) => !rows.some((r) => r._id === id));
  if (missing) throw new ApiError(404, `Lesson history ${missing} was not found`);
  const held = rows.find((r) => r.payRunId);
  if (held) throw new ApiError(409, `Lesson history ${held._id} is in pay run ${held.payRunId} and cannot change its payment status`);
  await tdb.db
    .update(lessonHistory)
    .set({ tutorPaymentStatus: input.tutorPaymentStatus })
    .where(tdb.where(lessonHistory, inArray(lessonHistory._id, ids), isNull(lessonHistory.payRunId)));
  return ids;
}

/** Pay for extension minutes at the lesson's hourly rate, pro rata and rounded half up, in integers. */
export const extensionPay = (ratePerHour: number, minutes: number) => Math.floor((ratePerHour * minutes + 30) / 60);

/**
 * Records extra minutes the lesson ran and the admin's decision. APPROVED minutes are paid at the row's hourly rate;
 * the pay is the lesson's and is shared over its rows as the lesson's pay is, so a group lesson is not paid per student.
 */
export async function updateClassExtension(tdb: TenantDb, _actor: Actor, input: ClassExtensionBody) {
  const { row } = await findHistory(tdb, admin, input.lessonHistoryId);
  const rows = await lessonRows(tdb, row.sectionId);
  assertUnpaid(rows);
  const paid = input.status === 'APPROVED' && input.minutes > 0;
  if (paid && (row.tutorRate === null || !row.tutorAmountCurrency)) {
    throw fieldError('minutes', 'cannot be paid: this lesson has no tutor rate to pay them at');
  }
  const shares = paid ? allocate(extensionPay(row.tutorRate!, input.minutes), rows.length) : rows.map(() => 0);
  const [first, ...rest] = rows.map((r, i) =>
    tdb.db
      .update(lessonHistory)
      .set({ lessonExtension: input.minutes, classExtensionRequestStatus: input.status, lessonExtensionTutorAmount: shares[i]! })
      .where(tdb.where(lessonHistory, eq(lessonHistory._id, r._id), eq(lessonHistory.tutorPaymentStatus, 'PROCESSING'))),
  );
  await tdb.db.batch([first!, ...rest]);
  return reread(tdb, input.lessonHistoryId);
}

/**
 * Sets the lesson's penalty. The lesson has one penalty, held on the row the admin named (the other rows of a group
 * lesson are set to none), so totals count it once; it may not exceed what the lesson pays.
 */
export async function updateTutorPenalty(tdb: TenantDb, _actor: Actor, input: TutorPenaltyBody) {
  const { row } = await findHistory(tdb, admin, input.lessonHistoryId);
  const rows = await lessonRows(tdb, row.sectionId);
  assertUnpaid(rows);
  const amount = input.tutorPenaltyAmount;
  if (amount > 0) {
    if (!row.tutorAmountCurrency) throw fieldError('tutorPenaltyAmount', 'cannot be set: this lesson has no pay to take it from');
    const lessonPay = rows.reduce((sum, r) => sum + (r.allocatedTutorAmount ?? 0) + r.lessonExtensionTutorAmount, 0);
    if (amount > lessonPay) throw fieldError('tutorPenaltyAmount', `cannot be more than the lesson's pay (${formatMoney(lessonPay, row.tutorAmountCurrency)})`);
    if (!input.tutorPenaltyReason) throw fieldError('tutorPenaltyReason', 'is required with a penalty');
  }
  const [first, ...rest] = rows.map((r) =>
    tdb.db
      .update(lessonHistory)
      .set({
        tutorPenalty: amount > 0,
        tutorPenaltyAmount: r._id === row._id ? amount : 0,
        tutorPenaltyReason: amount > 0 ? input.tutorPenaltyReason : null,
      })
      .where(tdb.where(lessonHistory, eq(lessonHistory._id, r._id), eq(lessonHistory.tutorPaymentStatus, 'PROCESSING'))),
  );
  await tdb.db.batch([first!, ...rest]);
  return reread(tdb, input.lessonHistoryId);
}

/** Whether a trial lesson's student went on to enrol, on that student's row. */
export async function updateTrialConversion(tdb: TenantDb, _actor: Actor, input: TrialConversionBody) {
  const { row } = await findHistory(tdb, admin, input.lessonHistoryId);
  if (row.lessonType !== 'TRIAL') throw new ApiError(409, 'This lesson is not a trial, so it has no trial conversion');
  await tdb.db
    .update(lessonHistory)
    .set({ isTrialConverted: input.isTrialConverted, trialConversionStatus: input.trialConversionStatus })
    .where(tdb.where(lessonHistory, eq(lessonHistory._id, row._id)));
  return reread(tdb, row._id);
}

/**
 * An ADDITION or DEDUCTION to one row's pay, as minor units or a percentage of what the row pays, written to the
 * adjustments ledger against the row (so the row keeps what the lesson paid, and the change has its own status).
 */
export async function adjustTutorPayment(tdb: TenantDb, actor: Actor, input: TutorPaymentAdjustmentBody) {
  const { row } = await findHistory(tdb, admin, input.lessonHistoryId);
  if (!row.tutorId) throw fieldError('lessonHistoryId', 'names a lesson with no tutor to pay');
  if (!row.tutorAmountCurrency) throw fieldError('lessonHistoryId', 'names a lesson with no pay to adjust (no rate applied)');
  const rowPay = (row.allocatedTutorAmount ?? 0) + row.lessonExtensionTutorAmount;
  const amount = input.amount ?? shareOf(rowPay, input.percentage!);
  if (amount <= 0) throw fieldError('percentage', `is too small: it makes nothing of ${formatMoney(rowPay, row.tutorAmountCurrency)}`);
  if (input.type === 'DEDUCTION' && amount > rowPay) {
    throw fieldError(
      input.amount === undefined ? 'percentage' : 'amount',
      `cannot take more than the row pays (${formatMoney(rowPay, row.tutorAmountCurrency)})`,
    );
  }
  const created = await tdb.db
    .insert(penaltyWaivers)
    .values(
      tdb.values(penaltyWaivers, {
        tutorId: row.tutorId,
        courseId: row.courseId,
        lessonHistoryId: row._id,
        studentIds: row.studentId ? [row.studentId] : [],
        startDate: row.start,
        endDate: row.end,
        lessonType: row.lessonType,
        paymentType: row.paymentType,
        amount,
        currency: row.tutorAmountCurrency,
        type: input.type,
        manual: true,
        category: 'ADJUSTMENTS',
        note: input.note,
        createdBy: actor.userId,
      }),
    )
    .returning({ _id: penaltyWaivers._id })
    .get();
  return created._id;
}
