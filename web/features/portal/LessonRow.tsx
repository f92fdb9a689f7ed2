import { Video } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ScheduleLesson } from '../../../schema/contracts/schedule';
import { focusRing } from '../../ui/classes';
import { coursePath, lessonTypeLabel } from '../schedule/lesson-style';
import { countdown, lessonWhen } from './home-time';

const joinClass = `inline-flex items-center gap-1.5 rounded-full bg-brand px-3.5 py-1.5 text-sm font-semibold text-slate-950 hover:bg-brand-strong hover:text-white ${focusRing}`;

/** A lesson on a home page: when, what, the countdown and, for the people in it, the way into its waiting room. */
export default function LessonRow({
  lesson,
  zone,
  now,
  who,
  join = true,
}: {
  lesson: ScheduleLesson;
  zone: string;
  now: number;
  who?: string;
  join?: boolean;
}) {
  return (
    <li data-testid="home-lesson" className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">
          {lessonWhen(lesson.start, zone, now)} · {lesson.duration} min
        </p>
        <Link to={coursePath(lesson)} className="block truncate font-semibold text-slate-900 hover:text-brand hover:underline dark:text-white">
          {lesson.title}
        </Link>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400">
          {lesson.course.title} · {lessonTypeLabel(lesson)}
          {who ? ` · ${who}` : ''}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <span data-testid="countdown" className="text-sm text-slate-600 dark:text-slate-300">
          {countdown(lesson.start, now)}
        </span>
        {join && (
          <a href={lesson.joinUrl} className={joinClass} aria-label={`Join ${lesson.title}`}>
            <Video className="size-4" aria-hidden="true" />
            Join
          </a>
        )}
      </div>
    </li>
  );
}
