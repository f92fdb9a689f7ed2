import type { LearnerQuestion } from '../../../schema/contracts/content';
import type { AssessCheck } from '../../../schema/contracts/quiz';

export type Difficulty = LearnerQuestion['difficulty'];
export const difficultyChoices: { value: Difficulty | ''; label: string }[] = [
  { value: '', label: 'Every level' },
  { value: 'EASY', label: 'Easy' },
  { value: 'MEDIUM', label: 'Medium' },
  { value: 'HARD', label: 'Hard' },
];

/** The multiple-choice answers chosen so far, in the order the questions are shown. */
export function chosenAnswers(questions: LearnerQuestion[], choices: Record<string, string>) {
  return questions.flatMap((q) => (q.kind === 'MCQ' && choices[q._id] ? [{ questionId: q._id, optionId: choices[q._id]! }] : []));
}

/** The check's outcome in a sentence, counting only the questions it checked. */
export function checkSummary(check: AssessCheck, multipleChoice: number): string {
  const right = check.results.filter((r) => r.correct).length;
  const checked = check.results.length;
  const of = checked === 1 ? '1 question' : `${checked} questions`;
  const skipped = multipleChoice - checked;
  const rest = skipped > 0 ? ` You left ${skipped === 1 ? '1 question' : `${skipped} questions`} unanswered.` : '';
  if (right === checked) return `${checked === 1 ? 'The answer you chose is right.' : `All ${checked} answers you chose are right.`}${rest}`;
  return `You got ${right} of ${of} right. Read the notes again for the ones you missed, then try once more.${rest}`;
}

/** What the empty check says: nothing on the sub topic at all, or nothing at the level chosen. */
export function emptyText(difficulty: Difficulty | ''): string {
  if (!difficulty) return 'There are no questions to check on this sub topic yet. Read its notes, and come back later.';
  return `There are no ${difficulty.toLowerCase()} questions on this sub topic yet. Choose another level.`;
}
