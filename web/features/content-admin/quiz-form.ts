import { z } from 'zod';
import { type QuizDoc, quizCreateInput } from '../../../schema/contracts/quiz';

/** The quiz form as typed: the time limit in minutes (blank for an untimed quiz, where learners pick their own). */
export interface QuizForm {
  title: string;
  paper: string;
  /** Blank: the API names it from the curriculum (IGCSE, GCSE, A Level…). */
  subjectLevel: string;
  minutes: string;
  questionIds: string[];
}

export const emptyQuizForm = (): QuizForm => ({ title: '', paper: '', subjectLevel: '', minutes: '', questionIds: [] });

export const quizFormOf = (quiz: QuizDoc): QuizForm => ({
  title: quiz.title,
  paper: quiz.paper ?? '',
  subjectLevel: quiz.subjectLevel ?? '',
  minutes: quiz.timeLimitSeconds === null ? '' : String(Math.round(quiz.timeLimitSeconds / 60)),
  questionIds: quiz.questionIds,
});

const minutesField = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d+$/.test(v), 'Enter whole minutes, or leave it blank')
  .transform((v) => (v === '' ? null : Number(v) * 60))
  .pipe(
    z
      .number()
      .int()
      .min(60, 'At least 1 minute')
      .max(4 * 3600, 'At most 240 minutes')
      .nullable(),
  );

/** The create call's input, checked with the API's own schema; errors are keyed by the form's field names. */
export function createInputOf(form: QuizForm, place: { topicId: string; subTopicId?: string }) {
  const minutes = minutesField.safeParse(form.minutes);
  const parsed = quizCreateInput.safeParse({
    title: form.title,
    topicId: place.topicId,
    subTopicId: place.subTopicId,
    paper: form.paper.trim() || undefined,
    subjectLevel: form.subjectLevel.trim() || undefined,
    questionIds: form.questionIds,
    timeLimitSeconds: minutes.success ? minutes.data : null,
  });
  const errors: Record<string, string> = {};
  if (!minutes.success) errors.minutes = minutes.error.issues[0]?.message ?? 'Invalid';
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= field === 'questionIds' ? 'Pick at least one question' : field === 'title' ? 'Give the quiz a title' : issue.message;
    }
  }
  return parsed.success && minutes.success ? ({ ok: true, input: parsed.data } as const) : ({ ok: false, errors } as const);
}

/** The edit call changes the title and time limit only: the questions of a quiz that may have attempts stay fixed. */
export function editInputOf(form: QuizForm, isPublished: boolean) {
  const minutes = minutesField.safeParse(form.minutes);
  const title = form.title.trim();
  const errors: Record<string, string> = {};
  if (!title) errors.title = 'Give the quiz a title';
  if (!minutes.success) errors.minutes = minutes.error.issues[0]?.message ?? 'Invalid';
  if (!minutes.success || !title) return { ok: false, errors } as const;
  return { ok: true, input: { isPublished, title, timeLimitSeconds: minutes.data } } as const;
}

/** Adds or removes one question; the quiz asks them in the order they were picked. */
export function toggled(chosen: string[], id: string) {
  return chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id];
}

export const timeLimitText = (seconds: number | null) => (seconds === null ? 'Untimed' : `${Math.round(seconds / 60)} min`);
