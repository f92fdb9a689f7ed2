import clsx from 'clsx';
import { CalendarClock, CalendarPlus, Users, Video } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ScheduleLesson } from '../../../schema/contracts/schedule';
import RequestChangeDialog from '../../entities/availability/lesson-requests/RequestChangeDialog';
import { joinOpensText } from '../../entities/lessons/join-opens';
import { lessonStatusLabel } from '../../entities/lessons/lesson-status';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { useCan } from '../../entities/roles/admin-permissions';
import { smallButton } from '../../ui/classes';
import { useToast } from '../../ui/toast/use-toast';
import { timeLabel } from './calendar';
import { downloadLessonIcs } from './calendar-files';
import LessonChangeNote from './LessonChangeNote';
import { coursePath, lessonColours, lessonTypeLabel, othersOf } from './lesson-style';

/** A lesson in the agenda and day views: what, when, with whom, and its actions. */
export default function LessonCard({
  lesson,
  zone,
  viewerId,
  now,
  onChanged,
}: {
  lesson: ScheduleLesson;
  zone: string;
  viewerId: string;
  now: number;
  onChanged: () => void;
}) {
  const toast = useToast();
  const can = useCan();
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const colours = lessonColours(lesson);
  const cancelled = lesson.status === 'CANCELLED';
  // The server's state and window (the one rule); `now` only tells when this page crosses the window.
  const over = lesson.lessonStatus === 'ended' || lesson.lessonStatus === 'missed';
  const joinable = !cancelled && !over && now >= Date.parse(lesson.joinOpensAt) && now < Date.parse(lesson.joinClosesAt);
  const opensLater = !cancelled && now < Date.parse(lesson.joinOpensAt);
  const changeable = lesson.lessonStatus === 'scheduled' && now < Date.parse(lesson.start);
  const others = othersOf(lesson, viewerId);
  const addToCalendar = async () => {
    setSaving(true);
    try {
      await downloadLessonIcs(lesson._id);
    } catch (error) {
      toast.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <article
      data-testid="agenda-lesson"
      data-status={lesson.status}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className={clsx('w-fit shrink-0 rounded-xl border-l-4 px-3 py-2 text-sm font-semibold sm:w-28', colours.className)} style={colours.style}>
        <p>{timeLabel(lesson.start, zone)}</p>
        <p className="text-xs font-normal">{lesson.duration} min</p>
      </div>
      <div className="min-w-0 flex-1">
        <Link
          to={coursePath(lesson)}
          className={clsx('font-semibold text-slate-900 hover:text-brand-deep hover:underline dark:text-white', cancelled && 'line-through')}
        >
          {lesson.course.title}
        </Link>
        <p className={clsx('text-sm text-slate-600 dark:text-slate-400', cancelled && 'line-through')}>
          {lesson.title} · {lesson.course.subject} · {lessonTypeLabel(lesson)}
        </p>
        {others && (
          <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            <Users className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{others}</span>
          </p>
        )}
        {over && (
          <p className="mt-1 text-xs font-semibold text-slate-600 dark:text-slate-300" data-testid="lesson-state">
            {lessonStatusLabel(lesson.lessonStatus)}
          </p>
        )}
        {cancelled && (
          <p className="mt-1 text-xs font-semibold text-rose-600 dark:text-rose-400">Cancelled{lesson.cancelReason ? `: ${lesson.cancelReason}` : ''}</p>
        )}
        {cancelled && can({ auditLog: ['view'] }) && <LessonChangeNote lessonId={lesson._id} zone={zone} />}
      </div>
      <div className="flex flex-wrap gap-2">
        {joinable && (
          <a href={lesson.joinUrl} className={smallButton}>
            <Video className="size-4" aria-hidden="true" />
            Join
          </a>
        )}
        {opensLater && (
          <span className="flex items-center gap-2">
            <button type="button" className={smallButton} disabled>
              <Video className="size-4" aria-hidden="true" />
              Join
            </button>
            <span className="text-xs font-medium text-slate-600 dark:text-slate-300" data-testid="join-opens">
              {joinOpensText(lesson.joinOpensAt, now, zone)}
            </span>
          </span>
        )}
        {changeable && (
          <button type="button" className={smallButton} onClick={() => setAsking(true)} aria-label={`Ask to change ${lesson.title}`}>
            <CalendarClock className="size-4" aria-hidden="true" />
            Ask to change
          </button>
        )}
        <button type="button" className={smallButton} onClick={() => void addToCalendar()} disabled={saving} aria-label={`Add ${lesson.title} to calendar`}>
          <CalendarPlus className="size-4" aria-hidden="true" />
          Add to calendar
        </button>
      </div>
      {asking && (
        <RequestChangeDialog
          open
          lesson={{ ...lesson, tutorId: lesson.attendees.find((a) => a.kind === 'TUTOR')?._id, when: lessonTime(lesson.start, zone) }}
          zone={zone}
          onClose={() => setAsking(false)}
          onSent={onChanged}
        />
      )}
    </article>
  );
}
