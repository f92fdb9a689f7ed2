import clsx from 'clsx';
import { format } from 'date-fns';
import type { ScheduleLesson } from '../../../schema/contracts/schedule';
import { focusRing } from '../../ui/classes';
import { gridHours, lessonsByDay, localMinutes, zonedDay } from './calendar';
import LessonChip from './LessonChip';

const HOUR_PX = 52;

/** Side-by-side lanes for lessons that overlap on one day, so none hides another. */
function lanes(lessons: ScheduleLesson[]) {
  const ends: number[] = [];
  const placed = lessons.map((lesson) => {
    const start = Date.parse(lesson.start);
    let lane = ends.findIndex((end) => end <= start);
    if (lane < 0) lane = ends.length;
    ends[lane] = Date.parse(lesson.end);
    return { lesson, lane };
  });
  return { placed, count: Math.max(1, ends.length) };
}

/** Day and week views: one column per day, lessons placed at their local wall-clock time. */
export default function TimeGrid({
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
  const hours = gridHours(lessons, zone);
  const hourList = Array.from({ length: hours.to - hours.from }, (_, i) => hours.from + i);
  const single = days.length === 1;
  return (
    <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <div className={clsx('grid', single ? 'min-w-0' : 'min-w-[44rem]')} style={{ gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))` }}>
        <div className="border-b border-slate-200 dark:border-slate-800" />
        {days.map((day) => {
          const date = zonedDay(day, zone);
          return (
            <div key={day} className="border-b border-l border-slate-200 p-1.5 text-center dark:border-slate-800">
              <button
                type="button"
                onClick={() => onPickDay(day)}
                aria-current={day === today ? 'date' : undefined}
                className={clsx(
                  'inline-flex flex-col items-center rounded-xl px-2 py-1 text-xs',
                  focusRing,
                  day === anchor ? 'ring-2 ring-brand' : 'hover:bg-slate-100 dark:hover:bg-slate-800',
                )}
              >
                <span className="font-medium text-slate-500 uppercase dark:text-slate-400">{format(date, 'EEE')}</span>{' '}
                <span
                  className={clsx(
                    'mt-0.5 flex size-7 items-center justify-center rounded-full text-sm font-semibold',
                    day === today ? 'bg-brand text-brand-ink' : 'text-slate-900 dark:text-white',
                  )}
                >
                  {format(date, 'd')}
                </span>{' '}
                <span className="sr-only">{format(date, 'MMMM')}</span>
              </button>
            </div>
          );
        })}
        <div className="relative" style={{ height: hourList.length * HOUR_PX }}>
          {hourList.map((hour, i) => (
            <span
              key={hour}
              className={clsx('absolute right-2 text-[0.7rem] text-slate-500 dark:text-slate-400', i > 0 && '-translate-y-1/2')}
              style={{ top: i * HOUR_PX + (i === 0 ? 2 : 0) }}
            >
              {format(new Date(2000, 0, 1, hour), 'h a')}
            </span>
          ))}
        </div>
        {days.map((day) => {
          const { placed, count } = lanes(byDay.get(day) ?? []);
          return (
            <div
              key={day}
              data-testid="calendar-day"
              data-day={day}
              className={clsx('relative border-l border-slate-200 dark:border-slate-800', day === today && 'bg-brand/5')}
              style={{ height: hourList.length * HOUR_PX }}
            >
              {hourList.map((hour, i) => (
                <div
                  key={hour}
                  aria-hidden="true"
                  className="absolute inset-x-0 border-t border-slate-100 dark:border-slate-800/70"
                  style={{ top: i * HOUR_PX }}
                />
              ))}
              {placed.map(({ lesson, lane }) => {
                const top = ((localMinutes(lesson.start, zone) - hours.from * 60) / 60) * HOUR_PX;
                return (
                  <LessonChip
                    key={lesson._id}
                    lesson={lesson}
                    zone={zone}
                    className="absolute"
                    style={{
                      top,
                      height: Math.max((lesson.duration / 60) * HOUR_PX - 2, 22),
                      left: `calc(${(lane / count) * 100}% + 2px)`,
                      width: `calc(${100 / count}% - 4px)`,
                    }}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
