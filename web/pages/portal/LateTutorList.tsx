import { Link } from 'react-router-dom';
import type { LateTutor } from '../../../schema/contracts/home';
import DocList from './DocList';
import { lessonWhen } from './home-time';

const late = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`);

/** "Theo Tutor is 7 minutes late for Mathematics lesson 2", one row a lesson, each leading to Admin → Meetings. */
export default function LateTutorList({ lessons, zone, now }: { lessons: LateTutor[]; zone: string; now: number }) {
  return (
    <DocList docs={lessons} empty="No tutor is late.">
      {(lesson) => (
        <li key={lesson.lessonId} data-testid="late-tutor" className="py-3 text-sm">
          <p className="text-slate-900 dark:text-white">
            <span className="font-semibold">{lesson.tutor?.name ?? 'No tutor'}</span> {lesson.tutor ? `is ${late(lesson.minutesLate)} late for` : 'has come to'}{' '}
            <Link to="/portal/admin/meetings" className="font-semibold text-brand-deep hover:underline">
              {lesson.title}
            </Link>
            {lesson.tutor ? '' : `, ${late(lesson.minutesLate)} after its start`}
          </p>
          <p className="truncate text-slate-600 dark:text-slate-400">
            {lesson.course.title} · started {lessonWhen(lesson.start, zone, now)}
          </p>
        </li>
      )}
    </DocList>
  );
}
