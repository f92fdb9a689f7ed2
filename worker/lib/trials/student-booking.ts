import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { sendEmail } from '../../../platform/email/outbox';
import { ApiError } from '../../../platform/errors';
import type { TrialBooked, trialInput, trialSignUpInput } from '../../../schema/contracts/trials';
import { users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { assertCatalogue } from '../courses/records';
import type { MailFrom } from '../mail-from';
import type { Grant } from '../sessions';
import { accountWrite, grantNewAccount, guestSessionOf, withAccountRace } from '../sign-up';
import type { TenantDb } from '../tenant-db';
import { bookTrial, type TrialBooking } from './book';
import { tutorsFreeAt } from './choose-tutor';
import { trialBookedMail } from './mail';
import { readTrial } from './records';

type Statement = Parameters<typeof bookTrial>[3];

async function person(tdb: TenantDb, id: string) {
  return tdb.db
    .select({ role: users.role, email: users.email, firstname: users.firstname, lastname: users.lastname, timezone: users.timezone })
    .from(users)
    .where(tdb.where(users, eq(users._id, id)))
    .get();
}

/**
 * Books the trial with the first of `tutorIds` who can take it and confirms it to the student by mail (the answer
 * never waits on, or fails with, the mail provider). `before` are written in the same batch (a new account).
 */
export async function bookTrialAndTell(tdb: TenantDb, tutorIds: string[], booking: TrialBooking, mail: MailFrom, before?: Statement) {
  const booked = await bookTrial(tdb, tutorIds, booking, before);
  const [student, tutor] = await Promise.all([person(tdb, booking.studentId), person(tdb, booked.tutorId)]);
  if (!student?.email) return booked;
  const confirmation = await trialBookedMail({
    to: student.email,
    firstname: student.firstname,
    productName: mail.productName,
    subject: booking.subject,
    grade: booking.grade,
    start: booking.start,
    timezone: student.timezone,
    tutorName: tutor ? `${tutor.firstname} ${tutor.lastname}`.trim() : 'your tutor',
    link: `${mail.origin}/learning-portal/portal/courses/${booked.courseId}`,
  });
  await sendEmail({ db: tdb.db, env: mail.env, tenantId: tdb.tenantId, waitUntil: mail.waitUntil }, confirmation);
  return booked;
}

/**
 * A signed-in student books a free trial for themself (a parent acting for one, for them). `readInput` parses the
 * request's body, once the caller is known to be allowed: a refusal comes before any complaint about the body.
 */
export async function bookOwnTrial(tdb: TenantDb, actor: Actor, readInput: () => Promise<z.output<typeof trialInput>>, mail: MailFrom): Promise<TrialBooked> {
  const student = await person(tdb, actor.actingUserId);
  if (student?.role !== 'STUDENT') throw new ApiError(403, 'Free trials are booked by or for a student');
  const { curriculum, subject, grade, startDate, endDate, tutorId } = await readInput();
  await assertCatalogue(tdb, { curriculum, subject, grade });
  const free = await tutorsFreeAt(tdb, { curriculum, subject, grade }, startDate, tutorId);
  const booking: TrialBooking = {
    curriculum,
    subject,
    grade,
    studentId: actor.actingUserId,
    start: startDate,
    end: endDate,
    createdBy: actor.userId,
    placer: 'student',
  };
  const booked = await bookTrialAndTell(tdb, free, booking, mail);
  return { trial: await readTrial(tdb, booked.trialId), courseId: booked.courseId };
}

export interface TrialSignUp {
  body: z.output<typeof trialSignUpInput>;
  /** The request's Authorization header: a guest's session becomes the new account's. */
  authorization: string | undefined;
  mail: MailFrom;
}

/** A visitor books a free trial and signs up as its student in one go: the account and the trial land together. */
export async function signUpForTrial(tdb: TenantDb, secret: string, input: TrialSignUp): Promise<{ granted: Grant; booked: TrialBooked }> {
  const { curriculum, subject, grade, startDate, endDate, tutorId, ...account } = input.body;
  await assertCatalogue(tdb, { curriculum, subject, grade });
  // The slot is checked before the account exists, so a stale slot never leaves an account without its trial.
  const free = await tutorsFreeAt(tdb, { curriculum, subject, grade }, startDate, tutorId);
  const guest = await guestSessionOf(tdb, secret, input.authorization);
  const write = await accountWrite(tdb, guest, { ...account, role: 'STUDENT' });
  const booking: TrialBooking = {
    curriculum,
    subject,
    grade,
    studentId: write.userId,
    start: startDate,
    end: endDate,
    createdBy: write.userId,
    placer: 'student',
  };
  const booked = await withAccountRace(() => bookTrialAndTell(tdb, free, booking, input.mail, [write.statement]));
  const granted = await grantNewAccount(tdb, secret, write.userId, write.guestSessionId);
  return { granted, booked: { trial: await readTrial(tdb, booked.trialId), courseId: booked.courseId } };
}
