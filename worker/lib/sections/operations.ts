import { eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../../platform/errors';
import type {
  AnySectionInput,
  bookMeetingInput,
  MeetingKind,
  meetingCreateInput,
  resourceCreateInput,
  resourceUpdateInput,
  Section,
  SectionKind,
  sectionUpdateInput,
  sortingKeysInput,
} from '../../../schema/contracts/sections';
import { resourceContentType } from '../../../schema/contracts/sections';
import { courses, sectionAttendees, sections, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { CourseAccess } from '../courses/access';
import { assertLessonPlacement, type Placer } from '../lessons/placement';
import type { TenantDb } from '../tenant-db';
import { assertParent, courseAccessFor, editableSection, nextSortingKey, requireSectionAction, softDeleteStatements, withDescendants } from './access';
import { createMeetings, createPlainSection, createResource, planStarts, readSection, runBatch } from './create';
import { lessonChangeAudit } from './lesson-audit';
import { assertDurationAllowed, attendeeInserts, courseMembers, joinUrlFor, resolveAttendees } from './meetings';
import { attendeesOf, liveSectionRows, type SectionRow, toSection } from './tree';

/** What differs between deployments: production refuses the short test lessons. */
export interface LessonEnv {
  production: boolean;
}

/** A lesson the actor may change, with their access to its course (which decides the placement guards). */
export interface LessonTarget {
  row: SectionRow;
  access: CourseAccess;
}

/** A course tutor plans within their own calendar; anyone else who may plan lessons here does so as an admin. */
const plannerOf = (access: CourseAccess): Placer => (access.tutorPermissions ? 'tutor' : 'admin');

/** A created lesson; a weekly series also lists every occurrence. */
export type CreatedMeeting = Section & { occurrences?: Section[] };

const EVERY_KIND: readonly SectionKind[] = ['SECTION', 'ZOOM', 'TEAMS', 'RESOURCE', 'HOMEWORK'];

/** A section after a write, with its attendees, as the API answers it. */
export async function sectionResponse(tdb: TenantDb, id: string) {
  const row = await readSection(tdb, id);
  if (!row) throw new ApiError(404, 'Section not found');
  return toSection(row, await attendeesOf(tdb, id));
}

/** Would moving `id` under `parent` put it below itself? `parents` is the course's parent map after the move. */
function makesCycle(parents: Map<string, string | null>, id: string) {
  const seen = new Set<string>();
  let current = parents.get(id) ?? null;
  while (current !== null) {
    if (current === id) return true;
    // A loop that does not pass through `id` belongs to another section and is reported for that one.
    if (seen.has(current)) return false;
    seen.add(current);
    current = parents.get(current) ?? null;
  }
  return false;
}

export async function createMeeting(
  tdb: TenantDb,
  actor: Actor,
  kind: MeetingKind,
  input: z.output<typeof meetingCreateInput>,
  env: LessonEnv,
): Promise<CreatedMeeting> {
  const access = await courseAccessFor(tdb, actor, input.course);
  requireSectionAction(access, kind, 'create');
  assertDurationAllowed(input.duration, env.production);
  const attendees = await resolveAttendees(tdb, input.course, input.attendees);
  const starts = planStarts(input.start, input.repeatWeekly);
  await assertLessonPlacement(tdb, {
    placer: plannerOf(access),
    courseId: input.course,
    attendees,
    slots: starts.map((start) => ({ start, duration: input.duration })),
    viewerId: actor.actingUserId,
  });
  const created = await createMeetings(tdb, actor.actingUserId, kind, { ...input, starts, timezone: input.repeatWeekly?.timezone }, attendees);
  const [first] = created;
  return created.length > 1 ? { ...first!, occurrences: created } : first!;
}

export async function createResourceSection(tdb: TenantDb, actor: Actor, input: z.output<typeof resourceCreateInput>) {
  requireSectionAction(await courseAccessFor(tdb, actor, input.course), input.kind, 'create');
  return createResource(tdb, actor.actingUserId, input);
}

/** POST /sections: a plain section, a lesson or a resource, each with the course role its kind needs. */
export async function createSection(tdb: TenantDb, actor: Actor, input: AnySectionInput, env: LessonEnv) {
  if (input.kind === 'SECTION') {
    requireSectionAction(await courseAccessFor(tdb, actor, input.course), 'SECTION', 'create');
    return createPlainSection(tdb, actor.actingUserId, input);
  }
  if ('start' in input) return createMeeting(tdb, actor, input.kind, input, env);
  return createResourceSection(tdb, actor, input);
}

/** A live section of any kind the actor may edit or delete: the gate of /sections/{id}, run before its body is read. */
export const anySection = (tdb: TenantDb, actor: Actor, id: string, action: 'edit' | 'delete') => editableSection(tdb, actor, id, EVERY_KIND, action);

/** Renames or moves a section; a move lands at the end of the new siblings unless a sortingKey is given. */
export async function updateSection(tdb: TenantDb, row: SectionRow, input: z.output<typeof sectionUpdateInput>) {
  const moving = input.parent !== undefined && input.parent !== row.parentId;
  if (moving) {
    const parent = input.parent ?? null;
    await assertParent(tdb, row.courseId, parent);
    const parents = new Map((await liveSectionRows(tdb, row.courseId)).map((r) => [r._id, r.parentId] as const));
    parents.set(row._id, parent);
    if (makesCycle(parents, row._id)) throw fieldError('parent', 'cannot be the section itself or one of its own sections');
  }
  const parentId = moving ? (input.parent ?? null) : row.parentId;
  const sortingKey = input.sortingKey ?? (moving ? await nextSortingKey(tdb, row.courseId, parentId) : row.sortingKey);
  await tdb.db
    .update(sections)
    .set({ title: input.title ?? row.title, description: input.description ?? row.description, parentId, sortingKey })
    .where(tdb.where(sections, eq(sections._id, row._id)));
  return sectionResponse(tdb, row._id);
}

/**
 * Saves a drag and drop: every named section must be a live section of the course, every parent a SECTION of it,
 * and the result must stay a tree. All keys are written in one batch, so a refused move changes nothing.
 */
export async function saveSortingKeys(tdb: TenantDb, input: z.output<typeof sortingKeysInput>) {
  const rows = await liveSectionRows(tdb, input.course);
  const byId = new Map(rows.map((r) => [r._id, r]));
  const parents = new Map(rows.map((r) => [r._id, r.parentId] as const));
  input.items.forEach((item, i) => {
    if (!byId.has(item._id)) throw fieldError(`items.${i}._id`, 'must be a section of this course');
    if (item.parent !== null && byId.get(item.parent)?.kind !== 'SECTION') throw fieldError(`items.${i}.parent`, 'must be a section of the same course');
    parents.set(item._id, item.parent);
  });
  input.items.forEach((item, i) => {
    if (makesCycle(parents, item._id)) throw fieldError(`items.${i}.parent`, 'cannot be the section itself or one of its own sections');
  });
  await runBatch(
    tdb,
    input.items.map((item) =>
      tdb.db
        .update(sections)
        .set({ parentId: item.parent, sortingKey: item.sortingKey })
        .where(tdb.where(sections, eq(sections._id, item._id), eq(sections.courseId, input.course))),
    ),
  );
}

/** Soft-deletes the section and everything below it. With `courseId` (the DELETE calls' course query) it must match. */
export async function deleteSection(tdb: TenantDb, row: SectionRow, courseId?: string) {
  if (courseId !== undefined && row.courseId !== courseId) throw new ApiError(404, 'Section not found');
  const { ids, statements } = await deleteStatements(tdb, row);
  await runBatch(tdb, statements);
  return { _id: row._id, deleted: ids };
}

/** The statements that soft-delete the section and everything below it (`guard` as for cancelStatement). */
export async function deleteStatements(tdb: TenantDb, row: SectionRow, guard?: SQL) {
  const ids = withDescendants(await liveSectionRows(tdb, row.courseId), row._id);
  return { ids, statements: softDeleteStatements(tdb, ids, new Date(), guard) };
}

/**
 * The statement that cancels the section, after the check that it still may be; `guard` is a further condition the
 * caller's batch needs (an approved request still pending), so a cancel batched with other writes happens with them or not at all.
 */
export function cancelStatement(tdb: TenantDb, row: SectionRow, reason: string, guard?: SQL) {
  if (row.status !== 'ACTIVE')
    throw new ApiError(409, `status: this ${row.kind === 'HOMEWORK' ? 'homework' : 'lesson'} is already ${row.status.toLowerCase()}`, [
      { path: 'status', message: `is already ${row.status}` },
    ]);
  return tdb.db
    .update(sections)
    .set({ status: 'CANCELLED', cancelReason: reason })
    .where(tdb.where(sections, eq(sections._id, row._id), eq(sections.status, 'ACTIVE'), guard));
}

export async function cancelSection(tdb: TenantDb, actor: Actor, row: SectionRow, reason: string) {
  const cancel = cancelStatement(tdb, row, reason);
  const audit = isLesson(row) ? [(await lessonChangeAudit(tdb, actor, row, { action: 'lesson.cancel', reason })).statement] : [];
  await runBatch(tdb, [...audit, cancel]);
  return sectionResponse(tdb, row._id);
}

/** Lessons are what the audit log follows; a cancelled resource or homework is course housekeeping. */
const isLesson = (row: SectionRow) => row.kind === 'ZOOM' || row.kind === 'TEAMS';

/**
 * A lesson's move checked through the one placement rule, as the statement that makes it: the reschedule call runs it
 * alone, an approved reschedule request in one batch with the request's answer (`guard` as for cancelStatement).
 * A refusal is the placement rule's 409 in words; nothing is written here.
 */
export async function rescheduleStatement(
  tdb: TenantDb,
  actor: Actor,
  row: SectionRow,
  placer: Placer,
  input: { start: Date; duration?: number },
  env: LessonEnv,
  guard?: SQL,
) {
  if (row.status !== 'ACTIVE')
    throw new ApiError(409, `status: a ${row.status.toLowerCase()} lesson cannot be rescheduled`, [{ path: 'status', message: `is ${row.status}` }]);
  const duration = input.duration ?? row.duration ?? 60;
  assertDurationAllowed(duration, env.production);
  await assertLessonPlacement(tdb, {
    placer,
    courseId: row.courseId,
    attendees: await attendeesOf(tdb, row._id),
    slots: [{ start: input.start, duration }],
    exceptId: row._id,
    viewerId: actor.actingUserId,
  });
  // Wrapped: an async function returning a query builder would run it (a builder is a thenable).
  return {
    statement: tdb.db
      .update(sections)
      .set({ start: input.start, duration })
      .where(tdb.where(sections, eq(sections._id, row._id), eq(sections.status, 'ACTIVE'), guard)),
  };
}

export async function rescheduleMeeting(tdb: TenantDb, actor: Actor, { row, access }: LessonTarget, input: { start: Date; duration?: number }, env: LessonEnv) {
  const { statement } = await rescheduleStatement(tdb, actor, row, plannerOf(access), input, env);
  await runBatch(tdb, [(await lessonChangeAudit(tdb, actor, row, { action: 'lesson.reschedule', to: input.start })).statement, statement]);
  return sectionResponse(tdb, row._id);
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

/**
 * Edits a lesson. The placement rule runs when it moves, or when people join one still to come; a past lesson's
 * title and notes stay editable.
 */
export async function updateMeeting(tdb: TenantDb, actor: Actor, { row, access }: LessonTarget, input: MeetingUpdate, env: LessonEnv) {
  assertDurationAllowed(input.duration, env.production);
  const attendees = input.attendees ? await resolveAttendees(tdb, row.courseId, input.attendees) : await attendeesOf(tdb, row._id);
  const moved = input.start.getTime() !== row.start?.getTime() || input.duration !== row.duration;
  if (moved || (input.attendees && input.start.getTime() > Date.now())) {
    await assertLessonPlacement(tdb, {
      placer: plannerOf(access),
      courseId: row.courseId,
      attendees,
      slots: [{ start: input.start, duration: input.duration }],
      exceptId: row._id,
      viewerId: actor.actingUserId,
    });
  }
  const { attendees: _given, joinUrl, ...fields } = input;
  const audit =
    moved && row.status === 'ACTIVE' ? [(await lessonChangeAudit(tdb, actor, row, { action: 'lesson.reschedule', to: input.start })).statement] : [];
  await runBatch(tdb, [
    ...audit,
    tdb.db
      .update(sections)
      .set({ ...fields, joinUrl: joinUrlFor(row._id, joinUrl) })
      .where(tdb.where(sections, eq(sections._id, row._id))),
    ...(input.attendees
      ? [
          tdb.db.delete(sectionAttendees).where(tdb.where(sectionAttendees, eq(sectionAttendees.sectionId, row._id))),
          ...attendeeInserts(tdb, row._id, attendees),
        ]
      : []),
  ]);
  return sectionResponse(tdb, row._id);
}

/** Admins plan lessons with the normal create; booking is for the course's own students and tutors. */
export function assertMayBook(access: CourseAccess) {
  if (!access.enrolled && !access.tutorPermissions) throw new ApiError(403, "Only the course's students and tutors can book its lessons");
}

/**
 * A course's own student (or a parent acting for them) or its tutor books a lesson: the booker and the course's
 * tutors attend; a tutor booking brings the course's students.
 */
/** A booked lesson's name when nobody gave one: its course's subject and its tutor, as people say it. */
async function lessonTitleFor(tdb: TenantDb, courseId: string, tutorIds: string[]) {
  const [course, tutor] = await Promise.all([
    tdb.db
      .select({ subject: courses.subject, title: courses.title })
      .from(courses)
      .where(tdb.where(courses, eq(courses._id, courseId)))
      .get(),
    tutorIds[0]
      ? tdb.db
          .select({ firstname: users.firstname })
          .from(users)
          .where(tdb.where(users, eq(users._id, tutorIds[0])))
          .get()
      : undefined,
  ]);
  const subject = course?.subject || course?.title || 'Lesson';
  return tutor?.firstname ? `${subject} with ${tutor.firstname}` : subject;
}

export async function bookLesson(tdb: TenantDb, actor: Actor, input: z.output<typeof bookMeetingInput>, env: LessonEnv) {
  const access = await courseAccessFor(tdb, actor, input.course);
  assertMayBook(access);
  assertDurationAllowed(input.duration, env.production);
  const members = await courseMembers(tdb, input.course);
  const students = access.enrolled ? [actor.actingUserId] : members.students;
  const attendees = [...members.tutors.map((user) => ({ user, kind: 'TUTOR' as const })), ...students.map((user) => ({ user, kind: 'STUDENT' as const }))];
  await assertLessonPlacement(tdb, {
    placer: access.tutorPermissions ? 'tutor' : 'student',
    courseId: input.course,
    attendees,
    slots: [{ start: input.start, duration: input.duration }],
    viewerId: actor.actingUserId,
  });
  const [section] = await createMeetings(
    tdb,
    actor.actingUserId,
    'TEAMS',
    {
      course: input.course,
      parent: null,
      title: input.title ?? (await lessonTitleFor(tdb, input.course, members.tutors)),
      description: '',
      starts: [input.start],
      duration: input.duration,
      lessonKind: input.lessonKind,
      billingKind: 'BILLABLE',
    },
    attendees,
  );
  return section!;
}

export async function updateResource(tdb: TenantDb, row: SectionRow, input: z.output<typeof resourceUpdateInput>) {
  if (row.kind === 'HOMEWORK' && !input.dueAt) throw fieldError('dueAt', 'is required for homework');
  if (row.kind === 'RESOURCE' && input.dueAt) throw fieldError('dueAt', 'is only for homework');
  await tdb.db
    .update(sections)
    .set({ title: input.title, description: input.description, link: input.link ?? null, dueAt: input.dueAt ?? null })
    .where(tdb.where(sections, eq(sections._id, row._id)));
  return sectionResponse(tdb, row._id);
}

export async function rescheduleHomework(tdb: TenantDb, row: SectionRow, dueAt: Date) {
  if (row.status !== 'ACTIVE')
    throw new ApiError(409, `status: ${row.status.toLowerCase()} homework cannot be rescheduled`, [{ path: 'status', message: `is ${row.status}` }]);
  await tdb.db
    .update(sections)
    .set({ dueAt })
    .where(tdb.where(sections, eq(sections._id, row._id)));
  return sectionResponse(tdb, row._id);
}

/** Points the resource at its newly stored file. */
/** Where a resource's file lives in R2: per tenant and course, so a course's files can be listed or removed together. */
export const resourceKey = (tenantId: string, courseId: string, sectionId: string, name: string) => `${tenantId}/courses/${courseId}/${sectionId}/${name}`;

/**
 * Stores an uploaded file for a resource or homework section and points the section at it; a file it replaces under
 * another name is removed from R2 only after the section points at the new one, so a failure never leaves it without a file.
 */
export async function attachFile(tdb: TenantDb, bucket: R2Bucket, row: SectionRow, file: File, fileName: string) {
  const key = resourceKey(tdb.tenantId, row.courseId, row._id, fileName);
  const contentType = resourceContentType(fileName) ?? 'application/octet-stream';
  await bucket.put(key, await file.arrayBuffer(), { httpMetadata: { contentType } });
  await tdb.db
    .update(sections)
    .set({ fileKey: key, fileName, fileSize: file.size, contentType })
    .where(tdb.where(sections, eq(sections._id, row._id)));
  if (row.fileKey && row.fileKey !== key) await bucket.delete(row.fileKey);
  return sectionResponse(tdb, row._id);
}
