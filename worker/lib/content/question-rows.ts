import type { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import type { questionInput } from '../../../schema/contracts/content';
import type { questions } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';

type Input = z.infer<typeof questionInput>;
type QuestionRow = typeof questions.$inferSelect;

/**
 * The stored fields for a question form or import row. Options and mark-scheme points keep the ids they were sent
 * with (only ids the question already has), so an edit never orphans answers that name an option.
 */
export function questionValues(input: Input, existing: Pick<QuestionRow, 'options' | 'markScheme'> | null, path = '') {
  const known = new Set([...(existing?.options ?? []), ...(existing?.markScheme ?? [])].map((item) => item._id));
  const keep = (givenId: string | undefined, field: string) => {
    if (givenId === undefined) return newId();
    if (!known.has(givenId)) throw fieldError(`${path}${field}`, 'names an option this question does not have');
    return givenId;
  };
  const isMcq = input.kind === 'MCQ';
  const options = isMcq ? input.options.map((o, i) => ({ _id: keep(o._id, `options.${i}._id`), text: o.text })) : [];
  const markScheme = isMcq ? [] : input.markScheme.map((p) => ({ _id: newId(), ...p }));
  return {
    subTopicId: input.subTopicId,
    kind: input.kind,
    text: input.text,
    options,
    correctOptionId: isMcq ? options[input.correctOption!]!._id : null,
    answer: input.answer,
    explanation: input.explanation,
    hint: input.hint,
    markScheme,
    maxMarks: isMcq ? 1 : markScheme.reduce((sum, p) => sum + p.marks, 0),
    difficulty: input.difficulty,
    level: input.level,
    openAimarking: !isMcq && input.openAimarking,
    aiHint: input.aiHint,
  };
}
