import { Video } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ScheduleLesson } from '../../../schema/contracts/schedule';
import { joinOpensText } from '../../entities/lessons/join-opens';
import { coursePath, lessonTypeLabel } from '../../features/schedule/lesson-style';
import { focusRing } from '../../ui/classes';
import { countdown, isLive, joinState, lessonWhen } from './home-time';

const joinClass = `inline-flex items-center gap-1.5 rounded-full bg-brand px-3.5 py-1.5 text-sm font-semibold text-brand-ink hover:bg-brand-strong hover:text-white ${focusRing}`;
const waitingJoinClass =
  'inline-flex cursor-not-allowed items-center gap-1.5 rounded-full bg-slate-200 px-3.5 py-1.5 text-sm font-semibold text-slate-500 dark:bg-slate-800 dark:text-slate-400';

/**
 * A lesson on a home page: when, what, the countdown and, for the people in it, the way into its waiting room, open
 * only inside the server's join window; before it, a disabled Join says in text when it opens.
 */
export default function LessonRow({
  lesson,
  zone,
  now,
  who,
  tag,
  join = true,
}: {
  lesson: ScheduleLesson;
  zone: string;
  now: number;
  who?: string;
  /** A label that must never be cut short, such as whose lesson it is on a family schedule. */
  tag?: string;
  join?: boolean;
}) {
  const state = joinState(lesson, now);
  // Side by side only where the card itself is wide, so a half-width card on a desktop stacks as a phone does.
  return (
    <li data-testid="home-lesson" className="@container min-w-0 py-3">
      <div className="flex min-w-0 flex-col gap-2 @xl:flex-row @xl:items-center @xl:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-slate-500 dark:text-slate-400">
            {lessonWhen(lesson.start, zone, now)} · {lesson.duration} min
            {tag && (
              <span
                data-testid="lesson-tag"
                className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
              >
                {tag}
              </span>
            )}
            {isLive(lesson, now) && (
              <span
                data-testid="live-badge"
                className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300"
              >
                Live
              </span>
            )}
          </p>
          <Link to={coursePath(lesson)} className="block truncate font-semibold text-slate-900 hover:text-brand-deep hover:underline dark:text-white">
            {lesson.title}
          </Link>
          <p className="line-clamp-2 text-sm wrap-anywhere text-slate-600 dark:text-slate-400">
            {lesson.course.title} · {lessonTypeLabel(lesson)}
            {who ? ` · ${who}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 @xl:shrink-0">
          <span data-testid="countdown" className="text-sm text-slate-600 dark:text-slate-300">
            {countdown(lesson.start, now)}
          </span>
          {join && state === 'open' && (
            <a href={lesson.joinUrl} className={joinClass} aria-label={`Join ${lesson.title}`}>
              <Video className="size-4" aria-hidden="true" />
              Join
            </a>
          )}
          {join && state === 'later' && (
            <>
              <span data-testid="join-opens" className="text-sm font-medium text-slate-600 dark:text-slate-300">
                {joinOpensText(lesson.joinOpensAt, now, zone)}
              </span>
              <button type="button" disabled className={waitingJoinClass} aria-label={`Join ${lesson.title}`}>
                <Video className="size-4" aria-hidden="true" />
                Join
              </button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
