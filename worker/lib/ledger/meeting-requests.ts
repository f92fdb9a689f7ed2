import { eq, inArray, isNull } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import {
  type MeetingRequestAnswer,
  type MeetingRequestInput,
  type MeetingRequestPreviewInput,
  type PenaltyPreview,
  REQUEST_MESSAGES,
  type RequesterRole,
} from '../../../schema/contracts/meeting-requests';
import { hasTenantPermission } from '../../../schema/contracts/permissions';
import { meetingRequests, sections, tenants } from '../../../schema/tables';
import type { Actor } from '../../env';
import { adminPermissions } from '../admin-permissions';
import { joinWindow, lessonTimes } from '../lessons/join-window';
import type { Placer } from '../lessons/placement';
import { priceEndedLesson } from '../pricing/lesson-prices';
import { type LessonEnv, rescheduleStatement } from '../sections/operations';
import { attendeesOf, type SectionRow } from '../sections/tree';
import type { TenantDb } from '../tenant-db';
import { penaltyFor } from './penalty';
import { currentPolicy } from './policy';
import { learnerPreview, requestViews, viewerFor, viewerOf } from './request-views';

/** A lesson a request is about, with who was on it when the request was made. */
export interface RequestLesson {
  section: SectionRow;
  tutorIds: string[];
  studentIds: string[];
}

const lessonNotFound = () => new ApiError(404, 'Lesson not found');

/** Whether the signed-in admin (acting as themselves) holds meeting requests' respond, by their role and the tenant. */
export async function mayRespond(tdb: TenantDb, actor: Actor) {
  if (actor.role !== 'ADMIN' || actor.actingUserId !== actor.userId) return false;
  const [granted, tenant] = await Promise.all([
    adminPermissions(tdb.db, tdb.tenantId, actor.userId),
    tdb.db.select({ permissions: tenants.permissions }).from(tenants).where(eq(tenants._id, tdb.tenantId)).get(),
  ]);
  return hasTenantPermission(granted, tenant?.permissions, { meetingRequests: ['respond'] });
}

/**
 * The lesson and the role the actor asks in: a student on the lesson (or a parent acting for one) asks as STUDENT,
 * a tutor on it as TUTOR, an admin who may answer requests as ADMIN. Anyone else gets the same 404 as a missing lesson.
 */
export async function requesterOn(tdb: TenantDb, actor: Actor, sectionId: string): Promise<{ lesson: RequestLesson; role: RequesterRole }> {
  const section = await tdb.db
    .select()
    .from(sections)
    .where(tdb.where(sections, eq(sections._id, sectionId), isNull(sections.deletedAt), inArray(sections.kind, ['ZOOM', 'TEAMS'])))
    .get();
  if (!section) throw lessonNotFound();
  const attendees = await attendeesOf(tdb, section._id);
  const lesson = {
    section,
    tutorIds: attendees.filter((a) => a.kind === 'TUTOR').map((a) => a.user),
    studentIds: attendees.filter((a) => a.kind === 'STUDENT').map((a) => a.user),
  };
  if (lesson.tutorIds.includes(actor.actingUserId)) return { lesson, role: 'TUTOR' };
  if (lesson.studentIds.includes(actor.actingUserId)) return { lesson, role: 'STUDENT' };
  if (await mayRespond(tdb, actor)) return { lesson, role: 'ADMIN' };
  throw lessonNotFound();
}

const STATE_REFUSALS = {
  cancelled: 'This lesson was cancelled, so there is nothing left to change.',
  ended: 'This lesson has ended, so it can no longer be changed by request.',
  missed: 'This lesson has ended, so it can no longer be changed by request.',
  live: 'This lesson has already started, so it can no longer be changed by request.',
} as const;

/** Requests are for lessons still to come: the one lesson-state rule must say "scheduled". */
export function assertScheduled(section: SectionRow, now: Date) {
  const state = joinWindow(lessonTimes(section), now).status;
  if (state !== 'scheduled') throw new ApiError(409, STATE_REFUSALS[state]);
}

const placerOf: Record<RequesterRole, Placer> = { STUDENT: 'student', TUTOR: 'tutor', ADMIN: 'admin' };

/** The lesson's amount, the penalty base: the rate engine's tutor price for its booked minutes. */
export async function lessonAmount(tdb: TenantDb, lesson: RequestLesson) {
  const section = lesson.section;
  const prices = await priceEndedLesson(tdb, section, new Date(section.start!.getTime() + (section.duration ?? 0) * 60_000));
  const price = prices.find((p) => p.userId === lesson.tutorIds[0]) ?? prices[0];
  return price?.amount != null && price.currency ? { amount: price.amount, currency: price.currency } : { amount: null, currency: null };
}

export interface Quote {
  lesson: RequestLesson;
  role: RequesterRole;
  preview: PenaltyPreview;
  base: { amount: number | null; currency: string | null };
}

/**
 * Everything a request is decided on, for the preview and the create alike: the lesson must still be scheduled, the
 * policy must let this requester ask, a new time must pass the one placement rule for this requester (the tutor's real
 * free time), and the lesson must have no other request waiting. Reads only.
 */
export async function quoteRequest(tdb: TenantDb, actor: Actor, input: MeetingRequestPreviewInput, env: LessonEnv, now = new Date()): Promise<Quote> {
  const { lesson, role } = await requesterOn(tdb, actor, input.sectionId);
  assertScheduled(lesson.section, now);
  const [policy, base, waiting] = await Promise.all([
    currentPolicy(tdb),
    lessonAmount(tdb, lesson),
    tdb.db
      .select({ type: meetingRequests.type })
      .from(meetingRequests)
      .where(tdb.where(meetingRequests, eq(meetingRequests.sectionId, lesson.section._id), eq(meetingRequests.status, 'PENDING')))
      .get(),
  ]);
  const preview = penaltyFor(policy.rules, policy.version, {
    type: input.type,
    requesterRole: role,
    start: lesson.section.start!,
    now,
    amount: base.amount,
    currency: base.currency,
  });
  if (waiting) {
    const kind = { CANCEL: 'cancellation', RESCHEDULE: 'reschedule', DELETE: 'delete' }[waiting.type];
    throw new ApiError(409, `This lesson already has a ${kind} request waiting for an answer; an admin answers it before another can be made.`);
  }
  if (input.newStart) {
    if (input.newStart.getTime() === lesson.section.start!.getTime()) throw fieldError('newStart', "must differ from the lesson's current start");
    await rescheduleStatement(tdb, actor, lesson.section, placerOf[role], { start: input.newStart }, env);
  }
  return { lesson, role, preview, base };
}

/** `POST /meeting-requests/preview`: what the request would carry, worded for the one asking. */
export async function previewRequest(tdb: TenantDb, actor: Actor, input: MeetingRequestPreviewInput, env: LessonEnv, now = new Date()) {
  const { preview, base } = await quoteRequest(tdb, actor, input, env, now);
  const { chargeable: _chargeable, ...shown } = viewerOf(actor) === 'learner' ? learnerPreview(preview, base) : preview;
  return shown;
}

/** `POST /meeting-requests`: the request, with the policy version and penalty of the moment it is made. */
export async function createRequest(tdb: TenantDb, actor: Actor, input: MeetingRequestInput, env: LessonEnv, now = new Date()): Promise<MeetingRequestAnswer> {
  const { lesson, role, preview, base } = await quoteRequest(tdb, actor, input, env, now);
  const row = await tdb.db
    .insert(meetingRequests)
    .values(
      tdb.values(meetingRequests, {
        sectionId: lesson.section._id,
        courseId: lesson.section.courseId,
        type: input.type,
        // A parent acts as the student (x-user-id), so the request is the student's, as everything else they do for them.
        requestedBy: actor.actingUserId,
        requestedByRole: role,
        start: lesson.section.start!,
        newStart: input.newStart ?? null,
        tutorIds: lesson.tutorIds,
        studentIds: lesson.studentIds,
        reason: input.reason,
        policyVersion: preview.policyVersion,
        penalty: preview.penalty,
        penaltyAmount: preview.penaltyAmount,
        penaltyReason: preview.reason,
        chargeable: preview.chargeable,
        tutorAmountCurrency: preview.currency,
        // The lesson's amount, kept beside the penalty when both are in one currency (a fixed penalty may not be).
        tutorAmount: base.currency !== null && base.currency === preview.currency ? base.amount : null,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .returning()
    .get();
  const [view] = await requestViews(tdb, [row], viewerFor(actor));
  return { ...view!, message: REQUEST_MESSAGES.sent[input.type] };
}

/** A request on one of the actor's own lessons (as a tutor or student on it when it was made), else 404. */
export async function ownRequest(tdb: TenantDb, actor: Actor, id: string) {
  const row = await tdb.db
    .select()
    .from(meetingRequests)
    .where(tdb.where(meetingRequests, eq(meetingRequests._id, id)))
    .get();
  if (!row || ![...row.tutorIds, ...row.studentIds].includes(actor.actingUserId)) throw new ApiError(404, 'Meeting request not found');
  return row;
}

/** A request of this tenant, for the admin calls; another tenant's id is a 404 like a missing one. */
export async function tenantRequest(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(meetingRequests)
    .where(tdb.where(meetingRequests, eq(meetingRequests._id, id)))
    .get();
  if (!row) throw new ApiError(404, 'Meeting request not found');
  return row;
}
