import { format } from 'date-fns';
import type { ScheduleLesson } from '../../../schema/contracts/schedule';
import { lessonsByDay, zonedDay } from './calendar';
import LessonCard from './LessonCard';

/** Agenda view: only the days with lessons, each under its date. */
export default function AgendaList({
  lessons,
  zone,
  today,
  viewerId,
  now,
  onChanged,
}: {
  lessons: ScheduleLesson[];
  zone: string;
  today: string;
  viewerId: string;
  now: number;
  /** A request about a lesson was sent: the schedule reads again. */
  onChanged: () => void;
}) {
  const byDay = [...lessonsByDay(lessons, zone)];
  return (
    <div className="space-y-6">
      {byDay.map(([day, dayLessons]) => (
        <section key={day} aria-labelledby={`agenda-${day}`} data-testid="calendar-day" data-day={day}>
          <h2 id={`agenda-${day}`} className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
            {format(zonedDay(day, zone), 'EEEE d MMMM')}
            {day === today && <span className="ml-2 rounded-full bg-brand/15 px-2 py-0.5 text-xs text-slate-800 dark:text-slate-100">Today</span>}
          </h2>
          <div className="space-y-3">
            {dayLessons.map((lesson) => (
              <LessonCard key={lesson._id} lesson={lesson} zone={zone} viewerId={viewerId} now={now} onChanged={onChanged} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
