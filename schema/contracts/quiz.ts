import { z } from 'zod';
import { MAX_PAGE_SIZE } from './common';

/** Spec 3 §9: the learner quiz list's page size. */
export const QUIZ_PAGE_SIZE = 30;

export const quizToasts = {
  created: 'Quiz Created',
  updated: 'Quiz updated',
  completed: 'Quiz Completed',
  answerVisible: 'Answer is now Visible',
  hintVisible: 'AI Hint is now Visible',
  issueReported: 'Issue reported successfully!',
  trialStarted: 'Studyhall 1 day Free Trial Started!',
} as const;

export type ScoreBand = 'Revise' | 'Good' | 'Very Good';
/** Spec 3 §4: under 60% Revise, under 90% Good, otherwise Very Good. */
export const scoreBand = (percent: number): ScoreBand => (percent < 60 ? 'Revise' : percent < 90 ? 'Good' : 'Very Good');
export const percentOf = (score: number, max: number) => (max > 0 ? Math.round((score / max) * 100) : 0);

const id = z.string().trim().min(1).max(64);
const optionalText = z.string().trim().min(1).max(120).optional();

export const quizFilters = {
  subject: optionalText,
  curriculum: optionalText,
  grade: optionalText,
  topicId: id.optional(),
  paper: optionalText,
  subjectLevel: optionalText,
  subjectCode: optionalText,
};

const page = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(QUIZ_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
};
export const pageQuery = z.object(page);

export const learnerQuizQuery = z.object({ ...page, ...quizFilters });

/** Spec 3 §5: a topic filter is sent only with a subject. */
export const quizHistoryQuery = z
  .object({
    ...page,
    userId: id.optional(),
    includeSubmissionCount: z.enum(['true', 'false']).optional(),
    curriculum: optionalText,
    subject: optionalText,
    topicId: id.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.topicId && !q.subject) ctx.addIssue({ code: 'custom', path: ['topicId'], message: 'topicId needs a subject' });
  });

/** The level a curriculum's name implies (the `{subjectLevel}` of the past-paper route); null when it names none. */
export function subjectLevelOf(curriculum: string): string | null {
  const name = curriculum.toLowerCase();
  if (name.includes('lower secondary')) return 'Lower Secondary';
  if (name.includes('a level') || name.includes('advanced level')) return 'A Level';
  if (name.includes('igcse')) return 'IGCSE';
  if (name.includes('gcse')) return 'GCSE';
  return null;
}

export const adminQuizQuery = z.object({ ...page, topicId: id, subTopicId: id.optional() });
export const submissionListQuery = z.object({ ...page, quizId: id });

export const quizCreateInput = z.object({
  title: z.string().trim().min(1).max(160),
  topicId: id,
  subTopicId: id.optional(),
  paper: optionalText,
  /** Only when the curriculum's name implies none, or a subject is taught at another level (Core, Higher…). */
  subjectLevel: optionalText,
  questionIds: z.array(id).min(1).max(100),
  timeLimitSeconds: z
    .number()
    .int()
    .min(60)
    .max(4 * 3600)
    .nullable()
    .optional(),
});
export type QuizCreateInput = z.infer<typeof quizCreateInput>;

export const quizPublishInput = z.object({
  isPublished: z.boolean(),
  title: z.string().trim().min(1).max(160).optional(),
  timeLimitSeconds: z
    .number()
    .int()
    .min(60)
    .max(4 * 3600)
    .nullable()
    .optional(),
});

export const bySubTopicInput = z.object({ subTopicId: id, paper: optionalText });
export const reportIssueInput = z.object({ quizId: id, questionId: id.optional(), message: z.string().trim().min(3).max(2000) });

const DIFFICULTY = z.enum(['EASY', 'MEDIUM', 'HARD']);
/** `GET questions/assess-questions`: `content` is the sub topic being studied. */
export const assessQuery = z.object({ content: id, difficulty: DIFFICULTY.optional() });
/** Up to this many questions check a learner's understanding of one sub topic. */
export const ASSESS_SIZE = 5;
/** `POST questions/assess-questions/check`: the learner's choices on a quick check's multiple-choice questions. */
export const assessCheckInput = z.object({
  content: id,
  answers: z
    .array(z.object({ questionId: id, optionId: id }))
    .min(1, 'Choose an answer to at least one question')
    .max(ASSESS_SIZE),
});
/** Whether each choice was right; the right option itself is not named, so a check never hands out a quiz's answers. */
export interface AssessCheck {
  results: { questionId: string; correct: boolean }[];
}
/** `GET questions/ai-marking`: an answer to one open question, marked outside any attempt. */
export const aiMarkingQuery = z.object({ questionId: id, answer: z.string().trim().min(1, 'is required').max(2000) });
export const aboutPageInput = z.object({ quizId: id });
/** `POST quizzes/resource`: a learner opens a resource of a sub topic they practise. */
export const quizResourceInput = z.object({ subTopicId: id, resourceId: id });

export const createSubmissionInput = z.object({ subTopicId: id, paper: optionalText });
export const createByQuizInput = z.object({ quizId: id });
export const submissionRef = z.object({ submissionId: id });
export const questionRef = z.object({ submissionId: id, questionId: id });

export const answerInput = questionRef.extend({
  optionId: id.optional(),
  answer: z.string().max(5000).optional(),
  /** When the learner gave this answer on their device (ms since epoch); the later one wins. */
  answeredAt: z.number().int().positive(),
});
export type AnswerInput = z.infer<typeof answerInput>;

export const countdownInput = submissionRef.extend({
  isTimerEnabled: z.boolean(),
  countdownSeconds: z
    .number()
    .int()
    .min(60)
    .max(4 * 3600)
    .optional(),
});
export const openFeedbackInput = questionRef.extend({ openAiFeedback: z.string().trim().max(5000) });
export const overrideInput = questionRef.extend({ score: z.number().min(0).max(100), reason: z.string().trim().min(3).max(1000) });

export const usageKinds = ['slideViews', 'quizAttempts', 'videoWatches'] as const;
export type UsageKind = (typeof usageKinds)[number];
export type UsageCounts = Record<UsageKind, number>;
export const usageAddInput = z.object({ kind: z.enum(usageKinds) });

/**
 * Monthly allowances. A learner with a subscription plan has none; a guest only has the trial's quiz attempts.
 * The money issue will attach real plan limits; these are the tenant defaults until then.
 */
export const DEFAULT_LIMITS: Record<'STUDENT' | 'GUEST', UsageCounts> = {
  STUDENT: { slideViews: 300, quizAttempts: 40, videoWatches: 100 },
  GUEST: { slideViews: 0, quizAttempts: 3, videoWatches: 0 },
};

export interface UsageResponse {
  period: string;
  used: UsageCounts;
  /** null where the plan sets no limit. */
  limits: Record<UsageKind, number | null>;
  trial: { startedAt: string; endsAt: string; active: boolean } | null;
}

export interface QuizDoc {
  _id: string;
  title: string;
  topicId: string;
  subTopicId: string | null;
  paper: string | null;
  curriculum: string;
  subject: string;
  grade: string;
  subjectLevel: string | null;
  subjectCode: string | null;
  questionIds: string[];
  timeLimitSeconds: number | null;
  isPublished: boolean;
  topic: { _id: string; name: string } | null;
  subTopic: { _id: string; name: string } | null;
  submissionCount?: number;
  /** In a learner's history: their latest attempt, which opens as it was left (a finished one as its review). */
  lastSubmissionId?: string;
}

export type AnswerStatus = 'UNANSWERED' | 'ANSWERED' | 'SKIPPED';
export type HelperSourceName = 'workers-ai' | 'openai' | 'offline';

/** A question as the player shows it: the answer, explanation and scheme only once they may be seen. */
export interface SubmissionQuestion {
  _id: string;
  questionId: string;
  position: number;
  kind: 'MCQ' | 'OPEN';
  text: string;
  options: { _id: string; text: string }[];
  maxMarks: number;
  difficulty: 'EASY' | 'MEDIUM' | 'HARD';
  /** Whether the player offers AI marking ("Mark my answer") and an AI hint on this question. */
  openAimarking: boolean;
  aiHint: boolean;
  status: AnswerStatus;
  optionId: string | null;
  answer: string | null;
  answeredAt: number | null;
  timerStart: string | null;
  timerEnd: string | null;
  hint: string | null;
  hintSource: HelperSourceName | null;
  modelAnswer: string | null;
  correctOptionId: string | null;
  explanation: string | null;
  score: number | null;
  reasons: string[];
  markSource: 'HELPER' | 'TUTOR' | null;
  helperSource: HelperSourceName | null;
  helperVersion: string | null;
  overrideReason: string | null;
  openAiFeedback: string | null;
}

export interface SubmissionDoc {
  _id: string;
  userId: string;
  status: 'IN_PROGRESS' | 'COMPLETED';
  isTimerEnabled: boolean;
  countdownSeconds: number | null;
  timerStart: string | null;
  timerEnd: string | null;
  /** The server's clock when this answer was made, so the device can correct its countdown for clock skew. */
  serverNow: string;
  score: number | null;
  maxScore: number | null;
  band: ScoreBand | null;
  aiFeedback: string | null;
  aiFeedbackSource: HelperSourceName | null;
  completedAt: string | null;
  isTrial: boolean;
  quiz: {
    _id: string;
    title: string;
    grade: string;
    topic: { _id: string; curriculum: string; subject: string; name: string };
    subTopic: { _id: string; name: string } | null;
  };
  questions: SubmissionQuestion[];
}

export interface LearnerRef {
  _id: string;
  firstname: string;
  lastname: string;
}

/** One row of a learner's attempt history as reviewers see it. */
export interface AttemptSummary {
  _id: string;
  quizId: string;
  quizTitle: string;
  status: SubmissionDoc['status'];
  score: number | null;
  maxScore: number | null;
  band: ScoreBand | null;
  createdAt: string;
  completedAt: string | null;
}

/** An attempt as a tutor or admin reviews it: every question with the rubric its mark was given against. */
export interface SubmissionReview extends SubmissionDoc {
  learner: LearnerRef;
  /** Whether the reviewer may override marks (a finished attempt, and the right to mark). */
  mayOverride: boolean;
  questions: (SubmissionQuestion & { rubric: { _id: string; point: string; marks: number; keywords: string[] }[] })[];
}

/** An open answer marked by the helper outside an attempt: the rubric it was marked against and who marked it. */
export interface AiMarking {
  questionId: string;
  score: number;
  maxMarks: number;
  reasons: string[];
  rubric: { _id: string; point: string; marks: number; keywords: string[] }[];
  source: HelperSourceName;
  version: string;
}

/** What a quiz's about page shows before a learner starts: its make-up and the learner's own record on it. */
export interface QuizAboutPage {
  quiz: QuizDoc;
  questionCount: number;
  openQuestions: number;
  maxScore: number;
  difficulties: Record<'EASY' | 'MEDIUM' | 'HARD', number>;
  attempts: number;
  bestPercent: number | null;
  lastSubmissionId: string | null;
  inProgressSubmissionId: string | null;
}

/** `GET curriculums/quiztopiya`: the catalogue as far as it has published quizzes, with how many each grade has. */
export interface QuizCatalogueItem {
  curriculum: string;
  subjectLevel: string | null;
  subjects: { subject: string; subjectCode: string | null; grade: { grade: string; quizCount: number }[] }[];
}
