import clsx from 'clsx';
import { format } from 'date-fns';
import type { ScheduleLesson } from '../../../schema/contracts/schedule';
import { focusRing } from '../../ui/classes';
import { lessonsByDay, zonedDay } from './calendar';
import LessonChip from './LessonChip';
import { lessonColours } from './lesson-style';

const SHOWN_PER_DAY = 3;

/** Month view: whole weeks; on phones each day shows coloured dots and opens the day on a tap. */
export default function MonthGrid({
  days,
  lessons,
  zone,
  today,
  anchor,
  onPickDay,
}: {
  days: string[];
  lessons: ScheduleLesson[];
  zone: string;
  today: string;
  anchor: string;
  onPickDay: (day: string) => void;
}) {
  const byDay = lessonsByDay(lessons, zone);
  const month = anchor.slice(0, 7);
  return (
    <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <div className="grid grid-cols-7 border-b border-slate-200 text-center text-xs font-medium text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
        {days.slice(0, 7).map((day) => (
          <div key={day} className="py-2">
            <span className="sm:hidden">{format(zonedDay(day, zone), 'EEEEE')}</span>
            <span className="hidden sm:inline">{format(zonedDay(day, zone), 'EEE')}</span>
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7">
        {days.map((day, i) => {
          const dayLessons = byDay.get(day) ?? [];
          const outside = !day.startsWith(month);
          return (
            <div
              key={day}
              data-testid="calendar-day"
              data-day={day}
              className={clsx(
                'min-h-16 border-slate-200 p-1 sm:min-h-28 dark:border-slate-800',
                i % 7 !== 0 && 'border-l',
                i >= 7 && 'border-t',
                outside && 'bg-slate-50 dark:bg-slate-950/40',
              )}
            >
              <button
                type="button"
                onClick={() => onPickDay(day)}
                aria-label={`${format(zonedDay(day, zone), 'EEEE d MMMM')}, ${dayLessons.length === 1 ? '1 lesson' : `${dayLessons.length} lessons`}`}
                aria-current={day === today ? 'date' : undefined}
                className={clsx(
                  'flex size-7 items-center justify-center rounded-full text-xs font-semibold',
                  focusRing,
                  day === today ? 'bg-brand text-brand-ink' : outside ? 'text-slate-400' : 'text-slate-800 dark:text-slate-100',
                  day === anchor && day !== today && 'ring-2 ring-brand',
                )}
              >
                {format(zonedDay(day, zone), 'd')}
              </button>
              <div className="mt-1 flex flex-wrap gap-1 sm:hidden" aria-hidden="true">
                {dayLessons.map((lesson) => (
                  <span
                    key={lesson._id}
                    className={clsx('size-2 rounded-full', lesson.status === 'CANCELLED' && 'opacity-40')}
                    style={{ backgroundColor: lessonColours(lesson).style.borderLeftColor }}
                  />
                ))}
              </div>
              <div className="mt-1 hidden space-y-1 sm:block">
                {dayLessons.slice(0, SHOWN_PER_DAY).map((lesson) => (
                  <LessonChip key={lesson._id} lesson={lesson} zone={zone} className="truncate" />
                ))}
                {dayLessons.length > SHOWN_PER_DAY && (
                  <button
                    type="button"
                    onClick={() => onPickDay(day)}
                    className={clsx('px-1 text-xs font-semibold text-brand-deep hover:underline', focusRing)}
                  >
                    {dayLessons.length - SHOWN_PER_DAY} more
                  </button>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
