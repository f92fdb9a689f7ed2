import type { HelperSource, MarkSchemePoint } from '../../../schema/tables';
import type { EssayDraftContext, EssayDraftReply } from './essay-draft';

/** What the helper needs to know about a question: only what the student may be told once help is asked for. */
export interface HelperQuestion {
  text: string;
  kind: 'MCQ' | 'OPEN';
  options: { _id: string; text: string }[];
  correctOptionId: string | null;
  answer: string;
  explanation: string;
  hint: string;
  markScheme: MarkSchemePoint[];
  maxMarks: number;
}

export interface HelperText {
  text: string;
  source: HelperSource;
  version: string;
}

export interface OpenMark {
  score: number;
  /** One line per mark-scheme point, naming it and saying whether it was credited. */
  reasons: string[];
  rubric: MarkSchemePoint[];
  source: HelperSource;
  version: string;
}

/** One attempt, summarised for whole-attempt feedback. */
export interface AttemptSummary {
  quizTitle: string;
  score: number;
  maxScore: number;
  items: { question: string; status: 'UNANSWERED' | 'ANSWERED' | 'SKIPPED'; score: number; maxMarks: number }[];
}

/** A diagnostic's marks and the rules' advice, for the helper to put into words for a family. */
export interface DiagnosticSummary {
  subject: string;
  grade: string;
  percent: number;
  level: string;
  topics: { name: string; percent: number }[];
  hours: number;
  course: string | null;
  /** The rules' own sentences; the offline helper answers with these. */
  reasons: string[];
}

/** The one adapter every hint, explanation, feedback and open-answer mark goes through. */
export interface TutorHelper {
  readonly source: HelperSource;
  hint(question: HelperQuestion): Promise<HelperText>;
  explanation(question: HelperQuestion): Promise<HelperText>;
  feedback(attempt: AttemptSummary): Promise<HelperText>;
  markOpenAnswer(question: HelperQuestion, answer: string): Promise<OpenMark>;
  /** Advice after a diagnostic; it adds words to the rules' recommendation and never changes it. */
  diagnosticAdvice(summary: DiagnosticSummary): Promise<HelperText>;
  /** A draft structured question for an admin to check; never stored by the helper. */
  draftEssay(context: EssayDraftContext): Promise<EssayDraftReply>;
}
