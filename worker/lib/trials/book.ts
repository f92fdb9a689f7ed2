import { sql } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import { TRIAL_SLOT_TAKEN, type TrialOutcome, type TrialStatus } from '../../../schema/contracts/trials';
import { courseStudents, courses, courseTutors, trials } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import { claimStatements, d1Of } from '../availability/claim-slot';
import { defaultTutorRoleId } from '../courses/enrolments';
import { lessonRefusal, type Placer } from '../lessons/placement';
import type { TenantDb } from '../tenant-db';

export interface TrialBooking {
  curriculum: string;
  subject: string;
  grade: string;
  studentId: string;
  start: Date;
  end: Date;
  createdBy: string;
  /** A student books within the tutor's rules; an admin may go outside their hours, never over a lesson or time off. */
  placer: Placer;
  status?: TrialStatus;
  outcome?: TrialOutcome | null;
  notes?: string;
}

/** Anything drizzle can show as one SQL statement: written in the booking's batch, before the course. */
export interface Statement {
  toSQL(): { sql: string; params: unknown[] };
}

const slotTaken = () => new ApiError(409, TRIAL_SLOT_TAKEN);
const lostTheSlot = (error: unknown) =>
  error instanceof Error && /NOT NULL constraint failed: trials\.section_id/i.test(`${error.message} ${String(error.cause ?? '')}`);

/**
 * Writes the trial's one-to-one course (TRIAL course tutor and TRIAL enrolment), its one TRIAL lesson and the trial
 * row in one D1 batch, after any `before` statements (a new account). The lesson claims the tutor's time atomically;
 * if another booking got there first the lesson row is not written, the trial row then gets a NULL lesson id, its
 * NOT NULL constraint fails and D1 rolls the whole batch back. Returns false when the tutor's time was taken.
 */
async function tryBook(tdb: TenantDb, tutorId: string, booking: TrialBooking, before: Statement[]) {
  const d1 = d1Of(tdb);
  const prepare = (query: Statement) => {
    const { sql: text, params } = query.toSQL();
    return d1.prepare(text).bind(...params);
  };
  const courseId = newId();
  const tutorRoleId = await defaultTutorRoleId(tdb);
  const title = `Free trial: ${booking.subject} (${booking.grade})`;
  const claim = claimStatements(tdb, {
    tutorId,
    start: booking.start,
    end: booking.end,
    section: { courseId, sortingKey: 1, kind: 'TEAMS', title, lessonKind: 'TRIAL', billingKind: 'NON_BILLABLE', createdBy: booking.createdBy },
    attendees: [
      { user: tutorId, kind: 'TUTOR' },
      { user: booking.studentId, kind: 'STUDENT' },
    ],
  });
  const trialId = newId();
  const statements = [
    ...before.map(prepare),
    prepare(
      tdb.db.insert(courses).values(
        tdb.values(courses, {
          _id: courseId,
          title,
          kind: 'One-to-One',
          isOneToOne: true,
          status: 'ACTIVE',
          paymentType: 'ONETIME',
          curriculum: booking.curriculum,
          subject: booking.subject,
          grade: booking.grade,
          createdBy: booking.createdBy,
        }),
      ),
    ),
    prepare(tdb.db.insert(courseTutors).values(tdb.values(courseTutors, { courseId, userId: tutorId, type: 'TRIAL', tutorRoleId }))),
    prepare(tdb.db.insert(courseStudents).values(tdb.values(courseStudents, { courseId, userId: booking.studentId, paymentType: 'TRIAL' }))),
    ...claim.statements,
    prepare(
      tdb.db.insert(trials).values({
        ...tdb.values(trials, {
          _id: trialId,
          curriculum: booking.curriculum,
          subject: booking.subject,
          grade: booking.grade,
          studentId: booking.studentId,
          tutorId,
          courseId,
          sectionId: claim.sectionId,
          start: booking.start,
          end: booking.end,
          status: booking.status ?? 'SCHEDULED',
          outcome: booking.outcome ?? null,
          notes: booking.notes ?? '',
          createdBy: booking.createdBy,
        }),
        // Read back rather than assumed: NULL when the claim above lost, which fails the batch.
        sectionId: sql`(SELECT _id FROM sections WHERE _id = ${claim.sectionId} AND tenant_id = ${tdb.tenantId})`,
      }),
    ),
  ];
  try {
    await d1.batch(statements);
  } catch (error) {
    if (lostTheSlot(error)) return null;
    throw error;
  }
  return { trialId, courseId };
}

/**
 * Books with the first tutor in `tutorIds` whose time is still free at the moment of writing; when every one of
 * them was taken in the meantime the caller gets the 409 that makes the dialog reload its slots.
 */
export async function bookTrial(tdb: TenantDb, tutorIds: string[], booking: TrialBooking, before: Statement[] = []) {
  let refusal: string | null = null;
  for (const tutorId of tutorIds) {
    refusal = await lessonRefusal(tdb, {
      placer: booking.placer,
      attendees: [
        { user: tutorId, kind: 'TUTOR' },
        { user: booking.studentId, kind: 'STUDENT' },
      ],
      slots: [{ start: booking.start, duration: Math.round((booking.end.getTime() - booking.start.getTime()) / 60_000) }],
      viewerId: booking.createdBy,
    });
    if (refusal) continue;
    const booked = await tryBook(tdb, tutorId, booking, before);
    if (booked) return { ...booked, tutorId };
  }
  // One named tutor refused by a rule hears which rule; a lost race among several reloads the slots.
  if (tutorIds.length === 1 && refusal) throw new ApiError(409, refusal, [{ path: 'startDate', message: refusal }]);
  throw slotTaken();
}
