import { format } from 'date-fns';
import type { ProgressNumbers } from '../../../schema/contracts/progress';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A subject's numbers under its bar, in a sentence a learner or parent reads at a glance. */
export function progressDetail(p: ProgressNumbers) {
  const practised = `${p.practisedSubTopics} of ${plural(p.totalSubTopics, 'sub topic')} practised`;
  const quizzes = p.attempts > 0 ? `${plural(p.attempts, 'quiz', 'quizzes')}, ${p.scorePercent}% of the marks` : 'no quizzes yet';
  const lessons = p.lessons > 0 ? `${p.lessonsAttended} of ${plural(p.lessons, 'lesson')} attended` : 'no lessons yet';
  return `${practised} · ${quizzes} · ${lessons}`;
}

/** The day of the last finished quiz or lesson, on the reader's own calendar. */
export const lastActive = (at: string | null) => (at ? `Last active ${format(new Date(at), 'd MMM yyyy')}` : 'Nothing done yet');
