import { overrideInput } from '../../../schema/contracts/quiz';

export interface OverrideForm {
  score: string;
  reason: string;
}

/** The override call's input, checked with the API's schema and the question's marks; errors keyed by field. */
export function overrideInputOf(form: OverrideForm, ref: { submissionId: string; questionId: string; maxMarks: number }) {
  const errors: Record<string, string> = {};
  const score = form.score.trim() === '' ? Number.NaN : Number(form.score);
  if (!Number.isFinite(score) || score < 0) errors.score = `Enter a mark from 0 to ${ref.maxMarks}`;
  else if (score > ref.maxMarks) errors.score = `At most ${ref.maxMarks}: the question is worth ${ref.maxMarks} mark${ref.maxMarks === 1 ? '' : 's'}`;
  const parsed = overrideInput.safeParse({ submissionId: ref.submissionId, questionId: ref.questionId, score, reason: form.reason });
  if (!parsed.success && parsed.error.issues.some((i) => i.path[0] === 'reason')) {
    errors.reason = form.reason.trim() ? 'Write at least 3 characters' : 'Say why: the student sees this reason';
  }
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors } as const;
  return { ok: true, input: parsed.data } as const;
}
