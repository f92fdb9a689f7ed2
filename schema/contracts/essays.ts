import { z } from 'zod';
import { listQuery, recordId } from './common';
import { pageQuery } from './quiz';

/** Structured essay questions (spec 3 §3, §7): a stem, parts with marks and a rubric, marked part by part. */

export const ESSAY_ORIGINS = ['ADMIN', 'AI', 'OFFLINE'] as const;
export type EssayOrigin = (typeof ESSAY_ORIGINS)[number];
export const ESSAY_VERDICTS = ['CORRECT', 'PARTIAL', 'INCORRECT'] as const;
export type EssayVerdict = (typeof ESSAY_VERDICTS)[number];
export const MAX_SUB_QUESTIONS = 8;

const rubricPointInput = z.object({
  point: z.string().trim().min(1, 'is required').max(500),
  marks: z.number().int().min(1).max(10),
  keywords: z.array(z.string().trim().min(1).max(80)).max(20).default([]),
});

const subQuestionInput = z
  .object({
    _id: recordId.optional(),
    prompt: z.string().trim().min(1, 'is required').max(2000),
    marks: z.number().int().min(1, 'must be at least 1').max(30),
    modelAnswer: z.string().trim().max(5000).default(''),
    markScheme: z.array(rubricPointInput).min(1, 'needs at least one rubric point').max(20),
  })
  .superRefine((part, ctx) => {
    const rubricMarks = part.markScheme.reduce((sum, p) => sum + p.marks, 0);
    if (rubricMarks < part.marks)
      ctx.addIssue({ code: 'custom', path: ['markScheme'], message: `gives ${rubricMarks} marks, fewer than the part's ${part.marks}` });
  });

export const essayQuestionInput = z.object({
  subTopicId: recordId,
  stem: z.string().trim().min(1, 'is required').max(5000),
  subQuestions: z.array(subQuestionInput).min(1, 'needs at least one part').max(MAX_SUB_QUESTIONS, `can have at most ${MAX_SUB_QUESTIONS} parts`),
  origin: z.enum(ESSAY_ORIGINS).default('ADMIN'),
});
export type EssayQuestionInput = z.input<typeof essayQuestionInput>;

export const essayListQuery = listQuery.and(
  z.object({
    subTopicId: recordId,
    isApproved: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    origin: z.enum(ESSAY_ORIGINS).optional(),
  }),
);

/** Both generation calls take the sub topic and optional guidance; `gpt/question` may ask for up to three drafts. */
export const essayDraftInput = z.object({
  subTopicId: recordId,
  instructions: z.string().trim().max(1000).default(''),
  count: z.number().int().min(1).max(3).default(1),
});

export const essayResponseInput = z.object({
  essayQuestionId: recordId,
  answers: z
    .array(z.object({ subQuestionId: recordId, answer: z.string().trim().max(5000) }))
    .min(1, 'needs an answer')
    .max(MAX_SUB_QUESTIONS),
});
export type EssayResponseInput = z.input<typeof essayResponseInput>;

/** The markers' list: a page of responses, newest first, optionally of one learner. */
export const essayResponseListQuery = pageQuery.extend({ userId: recordId.optional() });
export type EssayResponseListQuery = z.input<typeof essayResponseListQuery>;

export const essayOverrideInput = z.object({
  responseId: recordId,
  subQuestionId: recordId,
  givenMarks: z.number().min(0).max(30),
  reason: z.string().trim().min(3, 'needs a few words').max(1000),
});

export interface RubricPoint {
  _id: string;
  point: string;
  marks: number;
  keywords: string[];
}
export interface EssaySubQuestionDoc {
  _id: string;
  prompt: string;
  marks: number;
  modelAnswer: string;
  markScheme: RubricPoint[];
}
export interface EssayQuestionDoc {
  _id: string;
  subTopicId: string;
  stem: string;
  subQuestions: EssaySubQuestionDoc[];
  totalMarks: number;
  origin: EssayOrigin;
  isApproved: boolean;
  approvedBy: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A draft from a generation call: not stored until an admin saves it through create. */
export type EssayDraftPart = Omit<EssaySubQuestionDoc, '_id' | 'markScheme'> & { markScheme: Omit<RubricPoint, '_id'>[] };
export type EssayDraft = Pick<EssayQuestionDoc, 'subTopicId' | 'stem' | 'origin'> & { subQuestions: EssayDraftPart[] };
export type HelperSourceName = 'workers-ai' | 'openai' | 'offline';
export interface EssayDraftResult {
  questions: EssayDraft | EssayDraft[];
  /** Null when the offline helper drafted: there is no model conversation to continue. */
  threadId: string | null;
  source: HelperSourceName;
  /** A sentence saying who drafted it, shown beside the draft. */
  note: string;
}

/** What a learner sees before answering: no model answers and no rubric. */
export interface LearnerEssayQuestion {
  _id: string;
  subTopicId: string;
  stem: string;
  subQuestions: { _id: string; prompt: string; marks: number }[];
  totalMarks: number;
}

export interface EssayAnswerDoc {
  subQuestionId: string;
  answer: string;
  verdict: EssayVerdict;
  givenMarks: number;
  maxMarks: number;
  analysis: string[];
  source: HelperSourceName | 'TUTOR';
  overrideReason: string | null;
  overriddenBy: string | null;
}
export interface EssayResponseDoc {
  _id: string;
  essayQuestionId: string;
  userId: string;
  stem: string;
  /** Shown after marking, with the model answers and rubric the parts were marked against. */
  subQuestions: EssaySubQuestionDoc[];
  /** `subQuestions` in the spec's words: each part's verdict, givenMarks, analysis and subQuestionId. */
  answers: EssayAnswerDoc[];
  givenMarks: number;
  totalMarks: number;
  source: HelperSourceName;
  createdAt: string;
}

/** A response as a marker reads it: who answered, on which sub topic, beside the marked answer itself. */
export interface MarkerEssayResponseDoc extends EssayResponseDoc {
  learner: { _id: string; name: string };
  subTopic: { _id: string; name: string };
  /** True once a tutor has changed any part's mark. */
  overridden: boolean;
}

/** A part's verdict as learners and markers read it. */
export const essayVerdictWords: Record<EssayVerdict, string> = { CORRECT: 'Full marks', PARTIAL: 'Part marks', INCORRECT: 'No marks' };

export const verdictOf = (given: number, max: number): EssayVerdict => (given >= max ? 'CORRECT' : given > 0 ? 'PARTIAL' : 'INCORRECT');
