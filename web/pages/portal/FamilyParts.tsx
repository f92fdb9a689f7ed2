import { Link } from 'react-router-dom';
import type { ChildQuizResult, FamilyLesson } from '../../../schema/contracts/home';
import { focusRing } from '../../ui/classes';
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

/** A child's latest finished quizzes with their scores, each opening the attempt's review. */
export function ChildResultList({
  child,
  results,
  zone,
  now,
}: {
  child: { _id: string; firstname: string };
  results: ChildQuizResult[];
  zone: string;
  now: number;
}) {
  const history = `/portal/students/${child._id}/quizzes`;
  return (
    <DocList docs={results} empty={`${child.firstname} has not finished a quiz yet.`}>
      {(result) => (
        <li key={result._id} data-testid="child-result">
          <Link
            to={`${history}/${result._id}`}
            state={{ back: { to: '/portal', label: 'Home' } }}
            className={`flex items-baseline justify-between gap-3 rounded py-2 hover:bg-slate-50 dark:hover:bg-slate-800/60 ${focusRing}`}
          >
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold text-slate-900 dark:text-white">{result.title}</span>
              <span className={`block ${note}`}>
                {result.subject} · finished {lessonWhen(result.finishedAt, zone, now)}
              </span>
            </span>
            <span className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums dark:text-white">{scoreText(result)}</span>
          </Link>
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
