import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { meetingCreateInput, MeetingKind, resourceCreateInput, Section, SectionKind } from '../../../schema/contracts/sections';
import { sectionAttendees, sections } from '../../../schema/tables';
import type { AppBindings } from '../../env';
import { authOf } from '../../middleware/auth';
import { ApiError } from '../../../platform/errors';
import { tenantDb } from '../tenant-db';
import { courseAccessFor, editableSection, requireSectionAction, softDeleteStatements, withDescendants } from './access';
import { createMeetings, createResource, planStarts, readSection, runBatch } from './create';
import { assertDurationAllowed, assertNoTutorOverlap, attendeeInserts, joinUrlFor, resolveAttendees } from './meetings';
import { attendeesOf, liveSectionRows, toSection } from './tree';

type Ctx = {
  get<K extends keyof AppBindings['Variables']>(key: K): AppBindings['Variables'][K];
  env: AppBindings['Bindings'];
};

/** A created lesson; a weekly series also lists every occurrence. */
export type CreatedMeeting = Section & { occurrences?: Section[] };

export async function createMeetingFromInput(c: Ctx, kind: MeetingKind, input: z.output<typeof meetingCreateInput>): Promise<CreatedMeeting> {
  const tdb = tenantDb(c);
  const access = await courseAccessFor(c, input.course);
  requireSectionAction(access, kind, 'create');
  assertDurationAllowed(input.duration, c.env.APP_ENV);
  const attendees = await resolveAttendees(tdb, input.course, input.attendees);
  const starts = planStarts(input.start, input.repeatWeekly);
  await assertNoTutorOverlap(
    tdb,
    attendees,
    starts.map((start) => ({ start, duration: input.duration })),
  );
  const created = await createMeetings(tdb, authOf(c).actingUserId, kind, { ...input, starts, timezone: input.repeatWeekly?.timezone }, attendees);
  const [first] = created;
  return created.length > 1 ? { ...first!, occurrences: created } : first!;
}

export async function createResourceFromInput(c: Ctx, input: z.output<typeof resourceCreateInput>) {
  const access = await courseAccessFor(c, input.course);
  requireSectionAction(access, input.kind, 'create');
  return createResource(tenantDb(c), authOf(c).actingUserId, input);
}

/** A section after a write, with its attendees, as the API answers it. */
export async function sectionResponse(c: Ctx, id: string) {
  const tdb = tenantDb(c);
  const row = await readSection(tdb, id);
  if (!row) throw new ApiError(404, 'Section not found');
  return toSection(row, await attendeesOf(tdb, id));
}

/** Soft-deletes the section and everything below it. With `courseId` (the DELETE calls' course query) it must match. */
export async function deleteSection(c: Ctx, id: string, kinds: readonly SectionKind[], courseId?: string) {
  const { tdb, row } = await editableSection(c, id, kinds, 'delete');
  if (courseId !== undefined && row.courseId !== courseId) throw new ApiError(404, 'Section not found');
  const ids = withDescendants(await liveSectionRows(tdb, row.courseId), row._id);
  await runBatch(tdb, softDeleteStatements(tdb, ids));
  return { _id: row._id, deleted: ids };
}

export async function cancelSection(c: Ctx, id: string, kinds: readonly SectionKind[], reason: string) {
  const { tdb, row } = await editableSection(c, id, kinds, 'edit');
  if (row.status !== 'ACTIVE') throw new ApiError(409, `status: this ${row.kind === 'HOMEWORK' ? 'homework' : 'lesson'} is already ${row.status.toLowerCase()}`, [{ path: 'status', message: `is already ${row.status}` }]);
  await tdb.db.update(sections).set({ status: 'CANCELLED', cancelReason: reason }).where(tdb.where(sections, eq(sections._id, row._id)));
  return sectionResponse(c, row._id);
}

export async function rescheduleMeeting(c: Ctx, id: string, kind: MeetingKind, input: { start: Date; duration?: number }) {
  const { tdb, row } = await editableSection(c, id, [kind], 'edit');
  if (row.status !== 'ACTIVE') throw new ApiError(409, `status: a ${row.status.toLowerCase()} lesson cannot be rescheduled`, [{ path: 'status', message: `is ${row.status}` }]);
  const duration = input.duration ?? row.duration ?? 60;
  assertDurationAllowed(duration, c.env.APP_ENV);
  await assertNoTutorOverlap(tdb, await attendeesOf(tdb, row._id), [{ start: input.start, duration }], row._id);
  await tdb.db.update(sections).set({ start: input.start, duration }).where(tdb.where(sections, eq(sections._id, row._id)));
  return sectionResponse(c, row._id);
}

export interface MeetingUpdate {
  title: string;
  description: string;
  start: Date;
  duration: number;
  attendees?: { user: string; kind: 'STUDENT' | 'TUTOR' }[];
  lessonKind: 'TRIAL' | 'DUMMY' | 'LESSON';
  billingKind: 'BILLABLE' | 'NON_BILLABLE';
  joinUrl?: string;
}

export async function updateMeeting(c: Ctx, id: string, kind: MeetingKind, input: MeetingUpdate) {
  const { tdb, row } = await editableSection(c, id, [kind], 'edit');
  assertDurationAllowed(input.duration, c.env.APP_ENV);
  const attendees = input.attendees ? await resolveAttendees(tdb, row.courseId, input.attendees) : await attendeesOf(tdb, row._id);
  await assertNoTutorOverlap(tdb, attendees, [{ start: input.start, duration: input.duration }], row._id);
  const { attendees: _given, joinUrl, ...fields } = input;
  await runBatch(tdb, [
    tdb.db
      .update(sections)
      .set({ ...fields, joinUrl: joinUrlFor(row._id, joinUrl) })
      .where(tdb.where(sections, eq(sections._id, row._id))),
    ...(input.attendees
      ? [tdb.db.delete(sectionAttendees).where(tdb.where(sectionAttendees, eq(sectionAttendees.sectionId, row._id))), ...attendeeInserts(tdb, row._id, attendees)]
      : []),
  ]);
  return sectionResponse(c, row._id);
}
