import type { ChildQuizResult, FamilyLesson } from '../../../schema/contracts/home';
import DocList from './DocList';
import { lessonWhen } from './home-time';
import LessonRow from './LessonRow';

const points = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const note = 'text-sm text-slate-600 dark:text-slate-400';

/** "8 / 10", or a sentence when the attempt has no mark. */
const scoreText = (result: ChildQuizResult) =>
  result.score === null
    ? 'Not marked yet'
    : result.maxScore
      ? `${points.format(result.score)} / ${points.format(result.maxScore)}`
      : points.format(result.score);

/** A child's latest finished quizzes with their scores. */
export function ChildResultList({ firstname, results, zone, now }: { firstname: string; results: ChildQuizResult[]; zone: string; now: number }) {
  return (
    <DocList docs={results} empty={`${firstname} has not finished a quiz yet.`}>
      {(result) => (
        <li key={result._id} data-testid="child-result" className="flex items-baseline justify-between gap-3 py-2">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{result.title}</p>
            <p className={note}>
              {result.subject} · finished {lessonWhen(result.finishedAt, zone, now)}
            </p>
          </div>
          <span className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums dark:text-white">{scoreText(result)}</span>
        </li>
      )}
    </DocList>
  );
}

const forWhom = (lesson: FamilyLesson) => `For ${new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(lesson.children.map((c) => c.firstname))}`;

/** The children's coming lessons in one list by date, each saying whose it is. */
export function FamilySchedule({ lessons, zone, now }: { lessons: FamilyLesson[]; zone: string; now: number }) {
  return (
    <DocList docs={lessons} empty="No lessons booked for your children yet.">
      {(lesson) => <LessonRow key={lesson._id} lesson={lesson} zone={zone} now={now} tag={forWhom(lesson)} join={false} />}
    </DocList>
  );
}
