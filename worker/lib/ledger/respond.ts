import { eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../../platform/errors';
import { type MeetingRequestAnswer, REQUEST_MESSAGES, type RespondInput, type tutorPaymentStatusInput } from '../../../schema/contracts/meeting-requests';
import { formatMoney } from '../../../schema/contracts/money';
import { type AdminNote, meetingRequests, sections } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { Actor } from '../../env';
import { chunks } from '../sections/access';
import { lessonChangeAudit } from '../sections/lesson-audit';
import { cancelStatement, deleteStatements, type LessonEnv, rescheduleStatement } from '../sections/operations';
import type { TenantDb } from '../tenant-db';
import { requestViews } from './request-views';

type RequestRow = typeof meetingRequests.$inferSelect;

const alreadyAnswered = (row: Pick<RequestRow, 'status'>) =>
  new ApiError(409, `This request was already ${row.status.toLowerCase()}, so it cannot be answered again.`, [
    { path: 'status', message: `is already ${row.status}` },
  ]);

/** The request's lesson, still in the course; a lesson deleted since cannot be acted on. */
async function lessonOf(tdb: TenantDb, row: RequestRow) {
  const section = await tdb.db
    .select()
    .from(sections)
    .where(tdb.where(sections, eq(sections._id, row.sectionId), isNull(sections.deletedAt)))
    .get();
  if (!section) throw new ApiError(409, 'This lesson has been deleted since the request was made, so there is nothing left to change.');
  return section;
}

/** In a batch, true while the request is still waiting: every lesson change is guarded by it, so it happens with the answer or not at all. */
const stillPending = (tdb: TenantDb, id: string) =>
  sql`exists (select 1 from ${meetingRequests} where ${meetingRequests._id} = ${id} and ${meetingRequests.tenantId} = ${tdb.tenantId} and ${meetingRequests.status} = 'PENDING')`;

/** The checks of an admin's UPDATE, and the fields it changes. */
async function updateFields(tdb: TenantDb, actor: Actor, row: RequestRow, input: RespondInput, env: LessonEnv, now: Date) {
  const fields: Partial<typeof meetingRequests.$inferInsert> = {};
  if (input.newStart) {
    if (row.type !== 'RESCHEDULE') throw fieldError('newStart', 'is only for a reschedule request');
    if (input.newStart.getTime() <= now.getTime()) throw fieldError('newStart', 'must be in the future');
    await rescheduleStatement(tdb, actor, await lessonOf(tdb, row), 'admin', { start: input.newStart }, env);
    fields.newStart = input.newStart;
  }
  if (input.penaltyAmount !== undefined) {
    const currency = row.tutorAmountCurrency;
    if (!currency) throw fieldError('penaltyAmount', 'cannot be set: no tutor rate prices this lesson, so the request has no currency');
    if (row.tutorAmount !== null && input.penaltyAmount > row.tutorAmount) {
      throw fieldError('penaltyAmount', `cannot be more than the lesson's amount, ${formatMoney(row.tutorAmount, currency)}`);
    }
    fields.penaltyAmount = input.penaltyAmount;
    fields.penalty = input.penaltyAmount > 0;
    fields.penaltyReason = input.penaltyAmount > 0 ? `set by an admin: ${formatMoney(input.penaltyAmount, currency)}` : 'set by an admin: no penalty';
  }
  return fields;
}

/**
 * An admin's answer: APPROVE cancels, moves (through the one placement rule, as an admin; refused in words when the time
 * is no longer free) or deletes the lesson in the same D1 batch as the answer; REJECT closes the request; UPDATE changes
 * the new time or the penalty and leaves it waiting. A request is answered once: a second answer is a 409.
 */
export async function respondToRequest(
  tdb: TenantDb,
  actor: Actor,
  row: RequestRow,
  input: RespondInput,
  env: LessonEnv,
  now = new Date(),
): Promise<MeetingRequestAnswer> {
  if (row.status !== 'PENDING') throw alreadyAnswered(row);
  const note: AdminNote[] = input.note ? [{ _id: newId(), note: input.note, createdBy: actor.userId, createdAt: now.toISOString() }] : [];
  const adminNotes = [...row.adminNotes, ...note];
  const noted = input.note ? { responseNote: input.note } : {};
  const pending = eq(meetingRequests.status, 'PENDING');
  const answerWhere = tdb.where(meetingRequests, eq(meetingRequests._id, row._id), pending);
  let lessonChanges: BatchItem<'sqlite'>[] = [];
  let set: Partial<typeof meetingRequests.$inferInsert>;
  let message: string;

  if (input.action === 'UPDATE') {
    set = { ...(await updateFields(tdb, actor, row, input, env, now)), ...noted, adminNotes };
    message = REQUEST_MESSAGES.updated;
  } else if (input.action === 'REJECT') {
    set = { status: 'REJECTED', respondedBy: actor.userId, respondedAt: now, ...noted, adminNotes };
    message = REQUEST_MESSAGES.rejected[row.type];
  } else {
    const section = await lessonOf(tdb, row);
    const guard = stillPending(tdb, row._id);
    if (row.type === 'CANCEL') {
      lessonChanges = [
        (await lessonChangeAudit(tdb, actor, section, { action: 'lesson.cancel', reason: row.reason }, guard)).statement,
        cancelStatement(tdb, section, row.reason, guard),
      ];
      message = section.kind === 'ZOOM' ? REQUEST_MESSAGES.approved.ZOOM_CANCEL : REQUEST_MESSAGES.approved.CANCEL;
    } else if (row.type === 'RESCHEDULE') {
      if (!row.newStart || row.newStart.getTime() <= now.getTime()) {
        throw new ApiError(409, 'The new time has already passed. Update the request with a new time, then approve it.', [
          { path: 'newStart', message: 'has already passed' },
        ]);
      }
      const { statement } = await rescheduleStatement(tdb, actor, section, 'admin', { start: row.newStart }, env, guard);
      lessonChanges = [(await lessonChangeAudit(tdb, actor, section, { action: 'lesson.reschedule', to: row.newStart }, guard)).statement, statement];
      message = REQUEST_MESSAGES.approved.RESCHEDULE;
    } else {
      lessonChanges = (await deleteStatements(tdb, section, guard)).statements;
      message = REQUEST_MESSAGES.approved.DELETE;
    }
    set = { status: 'APPROVED', respondedBy: actor.userId, respondedAt: now, ...noted, adminNotes };
  }

  const answer = tdb.db.update(meetingRequests).set(set).where(answerWhere).returning();
  // The lesson's changes first, each guarded by the request still waiting; the answer last, so its rows say who won.
  const results: unknown[] = await tdb.db.batch([...lessonChanges, answer] as unknown as [typeof answer]);
  const [updated] = results.at(-1) as RequestRow[];
  if (!updated) {
    const current = await tdb.db
      .select({ status: meetingRequests.status })
      .from(meetingRequests)
      .where(tdb.where(meetingRequests, eq(meetingRequests._id, row._id)))
      .get();
    throw alreadyAnswered(current ?? row);
  }
  const [view] = await requestViews(tdb, [updated], { kind: 'admin' });
  return { ...view!, message };
}

/**
 * Sets the tutor payment status of the named requests of this tenant, in one batch; `modified` counts those it changed.
 * Ids of no request, or of another tenant's, change nothing.
 */
export async function updateTutorPaymentStatus(tdb: TenantDb, input: z.output<typeof tutorPaymentStatusInput>) {
  const ids = [...new Set(input.meetingRequestIds)];
  const statements = chunks(ids).map((part) =>
    tdb.db
      .update(meetingRequests)
      .set({ tutorPaymentStatus: input.tutorPaymentStatus })
      .where(tdb.where(meetingRequests, inArray(meetingRequests._id, part), ne(meetingRequests.tutorPaymentStatus, input.tutorPaymentStatus)))
      .returning({ _id: meetingRequests._id }),
  );
  const [first, ...rest] = statements;
  if (!first) return { modified: 0 };
  const results = await tdb.db.batch([first, ...rest]);
  return { modified: results.reduce((n, rows) => n + rows.length, 0) };
}
