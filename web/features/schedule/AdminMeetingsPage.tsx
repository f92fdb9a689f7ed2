import { TZDate } from '@date-fns/tz';
import clsx from 'clsx';
import { format } from 'date-fns';
import { useAtomValue } from 'jotai';
import { ArrowDown, ArrowUp, CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDuration } from '../../../schema/contracts/durations';
import { FALLBACK_TIME_ZONE } from '../../../schema/contracts/profile';
import type { ScheduleLesson } from '../../../schema/contracts/schedule';
import { useAdminFilterChoices } from '../../entities/lessons/admin-filter-choices';
import { lessonStatusLabel } from '../../entities/lessons/lesson-status';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedList } from '../../lib/paged-list';
import { signedInUserAtom } from '../../lib/session';
import { statusBadge } from '../../ui/badges';
import { cardClass, fieldClass, focusRing } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { ChoiceField } from '../../ui/fields';
import { ListStatus } from '../../ui/ListStatus';
import { Pager } from '../../ui/Pager';
import { LessonPay, useLessonPrices } from './LessonPay';
import { lessonColours, lessonTypeLabel } from './lesson-style';
import { loadMeetings, type MeetingFilters, nextSort } from './meeting-filters';

const PAGE_SIZE = 20;
const NO_FILTERS: MeetingFilters = { from: '', to: '', courseId: '', tutorId: '', studentId: '', sortKey: 'start', sortValue: 'asc' };

const people = (lesson: ScheduleLesson, kind: 'TUTOR' | 'STUDENT') =>
  lesson.attendees
    .filter((a) => a.kind === kind)
    .map((a) => `${a.firstname} ${a.lastname}`)
    .join(', ') || '—';

function SortHeader({
  label,
  sortKey,
  filters,
  onSort,
  className,
}: {
  label: string;
  sortKey: string;
  filters: MeetingFilters;
  onSort: (key: string) => void;
  className?: string;
}) {
  const active = filters.sortKey === sortKey;
  const Arrow = filters.sortValue === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" className={clsx('px-4 py-3', className)} aria-sort={active ? (filters.sortValue === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={clsx('inline-flex items-center gap-1 uppercase', focusRing, active && 'text-slate-900 dark:text-white')}
      >
        {label}
        {active && <Arrow className="size-3.5" aria-hidden="true" />}
      </button>
    </th>
  );
}

/** Every lesson of the tenant in a paged table, with its filters, sorting and the total teaching time. */
export default function AdminMeetingsPage() {
  const user = useAtomValue(signedInUserAtom);
  const zone = user?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  const [filters, setFilters] = useState<MeetingFilters>(NO_FILTERS);
  const [totalDuration, setTotalDuration] = useState(0);
  const choices = useAdminFilterChoices();
  const { list, goTo, reload } = usePagedList<ScheduleLesson>(
    async (offset) => {
      const page = await loadMeetings(filters, zone, PAGE_SIZE, offset);
      setTotalDuration(page.totalDuration);
      return page;
    },
    `${JSON.stringify(filters)}:${zone}`,
  );
  const can = useCan();
  const prices = useLessonPrices(can({ tutorRates: ['view'] }) ? list.docs.map((lesson) => lesson._id) : []);
  const set = (field: keyof MeetingFilters) => (event: { target: { value: string } }) => setFilters((current) => ({ ...current, [field]: event.target.value }));
  const sort = (key: string) => setFilters((current) => ({ ...current, ...nextSort(current, key) }));
  const localDate = (iso: string) => format(new TZDate(Date.parse(iso), zone), 'EEE d MMM yyyy');
  const localTime = (iso: string) => format(new TZDate(Date.parse(iso), zone), 'h:mm a');

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <p className="text-sm font-semibold text-brand-deep">Admin</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Meetings</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Every lesson in the tenant. Times in {zone.replaceAll('_', ' ')}.</p>

      <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
        <div>
          <label htmlFor="meetings-from" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            From
          </label>
          <input
            id="meetings-from"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={set('from')}
            className={`${fieldClass()} mt-1.5`}
          />
        </div>
        <div>
          <label htmlFor="meetings-to" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            To
          </label>
          <input id="meetings-to" type="date" value={filters.to} min={filters.from || undefined} onChange={set('to')} className={`${fieldClass()} mt-1.5`} />
        </div>
        <ChoiceField className="col-span-2 lg:col-span-1" id="meetings-course" label="Course" value={filters.courseId} onChange={set('courseId')}>
          <option value="">All courses</option>
          {choices.courses.map((course) => (
            <option key={course._id} value={course._id}>
              {course.title}
            </option>
          ))}
        </ChoiceField>
        <ChoiceField id="meetings-tutor" label="Tutor" value={filters.tutorId} onChange={set('tutorId')}>
          <option value="">All tutors</option>
          {choices.tutors.map((tutor) => (
            <option key={tutor._id} value={tutor._id}>
              {tutor.firstname} {tutor.lastname}
            </option>
          ))}
        </ChoiceField>
        <ChoiceField id="meetings-student" label="Student" value={filters.studentId} onChange={set('studentId')}>
          <option value="">All students</option>
          {choices.students.map((student) => (
            <option key={student._id} value={student._id}>
              {student.firstname} {student.lastname}
            </option>
          ))}
        </ChoiceField>
      </div>

      <ListStatus
        list={list}
        onRetry={() => void reload()}
        className="mt-5"
        empty={
          <EmptyState
            icon={<CalendarDays className="size-6" aria-hidden="true" />}
            title="No meetings found"
            text="No lesson matches these filters. Try a wider date range."
          />
        }
      >
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-200" data-testid="meetings-totals">
          <span className="font-semibold">{list.totalDocs === 1 ? '1 lesson' : `${list.totalDocs} lessons`}</span> · {formatDuration(totalDuration)} in total
        </p>
        <div className={clsx(cardClass, 'overflow-x-auto', list.status === 'loading' && 'opacity-60')}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Meetings</caption>
            <thead className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <tr>
                <SortHeader label="Date" sortKey="start" filters={filters} onSort={sort} />
                <SortHeader label="Course" sortKey="course" filters={filters} onSort={sort} />
                <SortHeader label="Subject" sortKey="subject" filters={filters} onSort={sort} className="hidden md:table-cell" />
                <th scope="col" className="hidden px-4 py-3 uppercase lg:table-cell">
                  People
                </th>
                <SortHeader label="Length" sortKey="duration" filters={filters} onSort={sort} className="hidden sm:table-cell" />
                <SortHeader label="Status" sortKey="status" filters={filters} onSort={sort} />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {list.docs.map((lesson) => {
                const cancelled = lesson.status === 'CANCELLED';
                return (
                  <tr key={lesson._id} data-testid="meeting-row">
                    <td className={clsx('px-4 py-3 text-slate-700 sm:whitespace-nowrap dark:text-slate-200', cancelled && 'line-through')}>
                      <p>{localDate(lesson.start)}</p>
                      <p className="text-xs text-slate-500 dark:text-slate-400">{localTime(lesson.start)}</p>
                    </td>
                    <td className="px-4 py-3">
                      <Link
                        to={`/portal/courses/${lesson.course._id}`}
                        className={clsx('font-semibold text-slate-900 hover:text-brand-deep hover:underline dark:text-white', cancelled && 'line-through')}
                      >
                        {lesson.course.title}
                      </Link>
                      <p className="text-xs text-slate-500 dark:text-slate-400">
                        {lesson.title} · {lessonTypeLabel(lesson)}
                      </p>
                    </td>
                    <td className="hidden px-4 py-3 md:table-cell">
                      <span
                        className={clsx('rounded-full border-l-4 px-2 py-0.5 text-xs font-semibold', lessonColours(lesson).className)}
                        style={lessonColours(lesson).style}
                      >
                        {lesson.course.subject}
                      </span>
                    </td>
                    <td className="hidden px-4 py-3 text-slate-600 lg:table-cell dark:text-slate-300">
                      <p>Tutor: {people(lesson, 'TUTOR')}</p>
                      <p className="text-xs">Students: {people(lesson, 'STUDENT')}</p>
                    </td>
                    <td className="hidden px-4 py-3 whitespace-nowrap text-slate-600 sm:table-cell dark:text-slate-300">{formatDuration(lesson.duration)}</td>
                    <td className="px-4 py-3">
                      <span className={statusBadge(lesson.status)}>{lessonStatusLabel(lesson.lessonStatus)}</span>
                      {prices.has(lesson._id) && <LessonPay prices={prices.get(lesson._id)!} />}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
      </ListStatus>
    </div>
  );
}
