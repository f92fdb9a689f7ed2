import { z } from 'zod';
import { signUpRequest } from './auth';
import { TRIAL_MINUTES } from './availability';
import { listQuery } from './common';
import { type TrialOutcome, type TrialStatus, trialOutcomes, trialStatuses } from './trial-enums';

export * from './trial-enums';

export const TRIAL_SLOT_TAKEN = 'This time was just booked by someone else. Please pick another time.';
export const TRIAL_BOOKED = 'Trial class booked successfully!';

/** Why a quiz's free trial is refused: the student has one coming up, or had one, in that subject and grade. */
export const alreadyHadTrial = (t: { subject: string; grade: string }, upcoming: boolean) =>
  upcoming
    ? `You already have a free trial lesson booked in ${t.subject} (${t.grade}). You can find it under My trials.`
    : `You have already had your free trial lesson in ${t.subject} (${t.grade}). You can find it under My trials.`;

const catalogueName = (what: string) =>
  z
    .string({ error: `Choose a ${what}` })
    .trim()
    .min(1, `Choose a ${what}`)
    .max(100);
const instant = z.iso.datetime({ offset: true, error: 'Use an ISO date and time' }).transform((s) => new Date(s));

const trialFields = {
  curriculum: catalogueName('curriculum'),
  subject: catalogueName('subject'),
  grade: catalogueName('grade'),
  startDate: instant,
  endDate: instant,
  /** Empty lets the platform choose among the tutors free at that time. */
  tutorId: z.string().trim().max(64).optional().default(''),
};

// Zod still runs object refinements when a field failed; only judge two real dates.
const bothDates = (t: { startDate: unknown; endDate: unknown }) => t.startDate instanceof Date && t.endDate instanceof Date;
const lastsOneTrial = (t: { startDate: Date; endDate: Date }) => !bothDates(t) || t.endDate.getTime() - t.startDate.getTime() === TRIAL_MINUTES * 60_000;
const lengthIssue = { message: `must be ${TRIAL_MINUTES} minutes after startDate`, path: ['endDate'] };

/** Spec 1 section 7 "Create trial". */
export const trialInput = z.object(trialFields).refine(lastsOneTrial, lengthIssue);
export type TrialInput = z.input<typeof trialInput>;

/**
 * `POST trials/createFromQuiztopiya`: a student books a free trial from a quiz they took; the quiz names the
 * curriculum, subject and grade, so the student picks only the time (and a tutor, if they like).
 */
export const quizTrialInput = z
  .object({ submissionId: z.string().trim().min(1).max(64), startDate: instant, endDate: instant, tutorId: trialFields.tutorId })
  .refine(lastsOneTrial, lengthIssue);
export type QuizTrialInput = z.input<typeof quizTrialInput>;

/** A guest books and signs up at once; the new account is the trial's student. */
export const trialSignUpInput = signUpRequest.omit({ role: true }).extend(trialFields).refine(lastsOneTrial, lengthIssue);
export type TrialSignUpInput = z.input<typeof trialSignUpInput>;

export const adminTrialInput = z
  .object({
    ...trialFields,
    studentId: z.string({ error: 'Choose a student' }).trim().min(1, 'Choose a student').max(64),
    tutorId: z.string({ error: 'Choose a tutor' }).trim().min(1, 'Choose a tutor').max(64),
    status: z.enum(trialStatuses).default('SCHEDULED'),
    outcome: z.enum(trialOutcomes).nullish(),
    notes: z.string().trim().max(2000).default(''),
  })
  .refine((t) => !bothDates(t) || t.endDate.getTime() > t.startDate.getTime(), { message: 'must be after startDate', path: ['endDate'] });
export type AdminTrialInput = z.input<typeof adminTrialInput>;

export const adminTrialUpdate = z
  .object({
    status: z.enum(trialStatuses),
    outcome: z.enum(trialOutcomes).nullable(),
    notes: z.string().trim().max(2000),
  })
  .partial()
  .refine((t) => Object.keys(t).length > 0, { message: 'Change at least one of status, outcome or notes', path: ['status'] });
export type AdminTrialUpdate = z.input<typeof adminTrialUpdate>;

const day = z.iso.datetime({ offset: true, error: 'Use an ISO date and time' }).transform((s) => new Date(s));

export const adminTrialListQuery = listQuery.and(
  z.object({
    curriculum: z.string().trim().max(100).optional(),
    subject: z.string().trim().max(100).optional(),
    grade: z.string().trim().max(100).optional(),
    studentId: z.string().trim().max(64).optional(),
    tutorId: z.string().trim().max(64).optional(),
    status: z.enum(trialStatuses).optional(),
    start: day.optional(),
    end: day.optional(),
  }),
);

export interface TrialPerson {
  _id: string;
  firstname: string;
  lastname: string;
  email: string | null;
}

export interface Trial {
  _id: string;
  curriculum: string;
  subject: string;
  grade: string;
  studentId: string;
  tutorId: string;
  student: TrialPerson | null;
  tutor: TrialPerson | null;
  courseId: string;
  sectionId: string;
  start: string;
  end: string;
  status: TrialStatus;
  outcome: TrialOutcome | null;
  notes: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface StudentTrials {
  upcomingTrials: Trial[];
  completedTrials: Trial[];
}

export interface TrialBooked {
  trial: Trial;
  courseId: string;
}

/** `GET /trials/trial-recordings/{id}`: which lesson a trial was, so its board and notes can be shown. */
export interface TrialRecording {
  _id: string;
  sectionId: string;
  courseId: string;
  status: TrialStatus;
}
