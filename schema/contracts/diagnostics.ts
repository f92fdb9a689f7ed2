import { z } from 'zod';
import { emailAddress } from './auth';
import { recordId } from './common';
import { personName, phone } from './profile';
import type { HelperSourceName } from './quiz';

export const diagnosticToasts = {
  /** Spec 3 §4, word for word. */
  callbackRequested: 'Thank you for requesting callback. Our team will reach out to you shortly.',
  shared: 'The result is on its way to your parent by e-mail.',
} as const;

/** IGCSE's two tiers, and a first step for a learner who needs the basics before either. */
export const diagnosticLevels = ['Foundation', 'Core', 'Extended'] as const;
export type DiagnosticLevel = (typeof diagnosticLevels)[number];

/** A result is sent to at most this many addresses, so a visitor cannot use it to mail strangers in bulk. */
export const MAX_SHARES_PER_DIAGNOSTIC = 5;

const shortText = (max: number) => z.string().trim().min(1, 'is required').max(max, `can be at most ${max} characters`);

/** The answers are handed in once, with the visitor's contact details when a guest took it (the lead). */
export const diagnosticCreateInput = z.object({
  testId: recordId,
  answers: z
    .array(
      z.object({
        questionId: recordId,
        optionId: recordId.optional(),
        answer: z.string().trim().max(2000, 'can be at most 2000 characters').optional(),
      }),
    )
    .max(60),
  lead: z.object({ name: personName, email: emailAddress, phone: phone.optional() }).optional(),
});
export type DiagnosticCreateInput = z.infer<typeof diagnosticCreateInput>;

export const shareWithParentInput = z.object({
  diagnosticId: recordId,
  email: emailAddress,
  name: shortText(60).optional(),
});
export type ShareWithParentInput = z.infer<typeof shareWithParentInput>;

/** The token of a shared link, which lets a parent who got the e-mail read the result and ask for a call. */
export const shareQuery = z.object({ share: z.string().trim().min(16).max(128).optional() });

export const subTopicQuery = z.object({ userId: recordId, subTopicId: recordId });
export const recommendationQuery = z.object({ subject: shortText(120), grade: shortText(60) });
export const testListQuery = z.object({ subject: shortText(120).optional(), grade: shortText(60).optional() });

/** The most questions one diagnostic test may ask: enough for every topic of a subject, short enough to finish in one sitting. */
export const DIAGNOSTIC_MAX_QUESTIONS = 40;

/** An admin's diagnostic test: what it is called, whom it recommends for, and the bank's questions it asks, in order. */
export const diagnosticTestInput = z.object({
  title: shortText(120),
  description: z.string().trim().max(1000, 'can be at most 1000 characters').default(''),
  curriculum: shortText(120),
  subject: shortText(120),
  grade: shortText(60),
  questionIds: z
    .array(recordId)
    .min(1, 'needs at least one question')
    .max(DIAGNOSTIC_MAX_QUESTIONS, `can hold at most ${DIAGNOSTIC_MAX_QUESTIONS} questions`)
    .refine((ids) => new Set(ids).size === ids.length, 'has the same question twice'),
});
export type DiagnosticTestInput = z.input<typeof diagnosticTestInput>;

export const diagnosticPublishInput = z.object({ isPublished: z.boolean({ error: 'must be yes or no' }) });

/** The admins' question picker: approved questions of one subject and grade, optionally matching some words. */
export const diagnosticQuestionQuery = z.object({
  curriculum: shortText(120),
  subject: shortText(120),
  grade: shortText(60),
  searchText: z.string().trim().max(100).optional(),
});

/** A question of the bank as the test editor lists it. */
export interface DiagnosticQuestionChoice {
  _id: string;
  text: string;
  kind: 'MCQ' | 'OPEN';
  difficulty: 'EASY' | 'MEDIUM' | 'HARD';
  topicName: string;
  subTopicName: string;
}

/** A test as admins see it: published or not, with its questions' ids in order and the questions themselves when read alone. */
export interface AdminDiagnosticTestDoc extends Omit<DiagnosticTestDoc, 'questions'> {
  isPublished: boolean;
  questionIds: string[];
  questions?: DiagnosticQuestionChoice[];
  updatedAt: string;
}

export interface DiagnosticAnswer {
  questionId: string;
  topicId: string;
  topicName: string;
  subTopicId: string;
  subTopicName: string;
  optionId: string | null;
  answer: string | null;
  score: number;
  maxMarks: number;
  reasons: string[];
}

export interface TopicScore {
  topicId: string;
  name: string;
  score: number;
  maxScore: number;
  percent: number;
}

export interface DiagnosticRecommendation {
  level: DiagnosticLevel;
  course: { _id: string; title: string } | null;
  plan: { _id: string; name: string; minutes: number } | null;
  /** Lesson hours the rules advise, which the plan is chosen to match. */
  hours: number;
  /** Why, one plain sentence each, from the marks by topic. */
  reasons: string[];
}

/** The spec's lead-generation flags on the returned user. */
export interface DiagnosticUser {
  _id: string;
  isLeadGenSubmitted: boolean;
  tutopiyaUserId: string | null;
}

export interface DiagnosticDoc {
  _id: string;
  testId: string;
  title: string;
  curriculum: string;
  subject: string;
  grade: string;
  score: number;
  maxScore: number;
  percent: number;
  topics: TopicScore[];
  recommendation: DiagnosticRecommendation;
  helper: { text: string; source: HelperSourceName };
  /** The learner's first name (a guest's name from the lead), for sentences like "Nora scored…". */
  learnerName: string;
  user: DiagnosticUser;
  /** How the reader came to it: their own, their child's, or through a link shared by e-mail. */
  access: 'own' | 'child' | 'shared';
  callbackRequested: boolean;
  createdAt: string;
}

export interface DiagnosticTestQuestion {
  _id: string;
  kind: 'MCQ' | 'OPEN';
  text: string;
  options: { _id: string; text: string }[];
  topicName: string;
}

export interface DiagnosticTestDoc {
  _id: string;
  title: string;
  description: string;
  curriculum: string;
  subject: string;
  grade: string;
  questionCount: number;
  questions?: DiagnosticTestQuestion[];
}

/** One question of a taken diagnostic, with the learner's answer, the right one and why it was marked so. */
export interface DiagnosticReviewItem {
  questionId: string;
  position: number;
  text: string;
  kind: 'MCQ' | 'OPEN';
  options: { _id: string; text: string }[];
  topicName: string;
  subTopicName: string;
  optionId: string | null;
  answer: string | null;
  correctOptionId: string | null;
  modelAnswer: string;
  score: number;
  maxMarks: number;
  reasons: string[];
}

export interface DiagnosticSubmission {
  diagnosticId: string;
  questions: DiagnosticReviewItem[];
}

/** How a learner did on one sub topic in each diagnostic that asked about it. */
export interface SubTopicResult {
  diagnosticId: string;
  title: string;
  createdAt: string;
  score: number;
  maxScore: number;
}

export type CallbackStatus = 'OPEN' | 'DONE';

const callbackNote = z.string().trim().max(1000, 'can be at most 1000 characters');

/** Hands a request to a teammate (an admin of the tenant), or back to nobody with `null`; the note is kept with it. */
export const callbackAssignInput = z.object({
  assignedTo: recordId.nullable(),
  note: callbackNote.optional(),
});
export type CallbackAssignInput = z.infer<typeof callbackAssignInput>;

/** Closes a request once the family has been called: how it went is required, so the next teammate knows. */
export const callbackCloseInput = z.object({
  note: z.string({ error: 'is required' }).trim().min(3, 'needs a few words on how the call went').max(1000, 'can be at most 1000 characters'),
});
export type CallbackCloseInput = z.infer<typeof callbackCloseInput>;

export interface Teammate {
  _id: string;
  name: string;
}

/** A request's state in words, for the admins' list: "Open, not assigned yet", "Open, with Ada Admin", "Done". */
export function callbackStateText(doc: Pick<CallbackRequestDoc, 'status' | 'assignedTo' | 'closedBy'>) {
  if (doc.status === 'DONE') return doc.closedBy ? `Done, closed by ${doc.closedBy.name}` : 'Done';
  return doc.assignedTo ? `Open, with ${doc.assignedTo.name}` : 'Open, not assigned yet';
}

export interface CallbackRequestDoc {
  _id: string;
  status: CallbackStatus;
  assignedTo: Teammate | null;
  note: string;
  closedBy: Teammate | null;
  closedAt: string | null;
  diagnosticId: string;
  name: string;
  email: string | null;
  phone: string | null;
  subject: string;
  grade: string;
  level: DiagnosticLevel;
  percent: number;
  /** Who asked: the learner, or a parent from the e-mailed link. */
  via: 'learner' | 'parent';
  createdAt: string;
}

export interface CallbackAnswer {
  message: string;
  request: { _id: string; createdAt: string };
}

/** What the payment page offers: the recommended plan priced for this learner, or why it cannot be bought here. */
export interface DiagnosticPaymentOffer {
  diagnostic: DiagnosticDoc;
  plan: { _id: string; name: string; minutes: number; price: { amount: number; currency: string } } | null;
  /** Null when the reader may pay now; otherwise the sentence saying what to do first. */
  blocked: string | null;
}
