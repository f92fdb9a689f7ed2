import clsx from 'clsx';
import { useAtomValue } from 'jotai';
import { BookOpen, CalendarClock } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { MyCourse } from '../../../schema/contracts/courses';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { usePagedList } from '../../lib/paged-list';
import { signedInUserAtom } from '../../lib/session';
import { cardClass, secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { ListStatus } from '../../ui/ListStatus';
import { courseCalls } from './api';
import { kindLabel } from './course-kind';

const PAGE_SIZE = 12;

/** The learner's (or tutor's) own courses as cards, each with the next lesson in the user's own time zone. */
export default function MyCourses() {
  const user = useAtomValue(signedInUserAtom);
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { list, loadMore, reload } = usePagedList<MyCourse>((offset) => courseCalls.mine({ limit: PAGE_SIZE, offset }, timeZone), `${user?._id}:${timeZone}`);

  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">My courses</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Times are shown in {timeZone.replaceAll('_', ' ')}.</p>
      <ListStatus
        list={list}
        onRetry={() => void reload()}
        className="mt-6"
        empty={
          <EmptyState
            icon={<BookOpen className="size-6" aria-hidden="true" />}
            title="No courses yet"
            text="When you are enrolled on a course it shows here, with your next lesson."
          />
        }
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.docs.map((course) => (
            <li key={course._id}>
              <Link
                to={`/portal/courses/${course._id}`}
                className={clsx(
                  cardClass,
                  'flex h-full flex-col p-5 transition hover:ring-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
                )}
              >
                <div className="flex flex-wrap gap-2 text-xs font-semibold">
                  <span className="rounded-full bg-brand/15 px-2 py-0.5 text-slate-800 dark:text-slate-100">{kindLabel(course.kind)}</span>
                  {course.asTutor && (
                    <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-200">Teaching</span>
                  )}
                </div>
                <h2 className="mt-3 text-lg font-semibold wrap-anywhere text-slate-900 dark:text-white">{course.title}</h2>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {course.subject} · {course.curriculum} · {course.grade}
                </p>
                <p className="mt-auto flex items-center gap-2 pt-4 text-sm text-slate-700 dark:text-slate-200">
                  <CalendarClock className="size-4 shrink-0 text-brand-deep" aria-hidden="true" />
                  {course.nextLesson ? (
                    <span data-testid="next-lesson">Next lesson: {lessonTime(course.nextLesson.start, timeZone)}</span>
                  ) : (
                    <span>No upcoming lessons</span>
                  )}
                </p>
              </Link>
            </li>
          ))}
        </ul>
        {list.docs.length < list.totalDocs && (
          <div className="mt-6 flex justify-center">
            <button type="button" className={secondaryButton} onClick={() => void loadMore()} disabled={list.status === 'loading'}>
              Load more
            </button>
          </div>
        )}
      </ListStatus>
    </div>
  );
}
