import clsx from 'clsx';
import { Link } from 'react-router-dom';
import type { ScheduleLesson } from '../../../schema/contracts/schedule';
import { focusRing } from '../../ui/classes';
import { timeLabel } from './calendar';
import { coursePath, lessonColours } from './lesson-style';

/** A lesson in the week and month grids: time and course, a link to the course page. */
export default function LessonChip({
  lesson,
  zone,
  className,
  style,
}: {
  lesson: ScheduleLesson;
  zone: string;
  className?: string;
  style?: React.CSSProperties;
}) {
  const colours = lessonColours(lesson);
  const cancelled = lesson.status === 'CANCELLED';
  return (
    <Link
      to={coursePath(lesson)}
      data-testid="calendar-lesson"
      data-status={lesson.status}
      title={`${timeLabel(lesson.start, zone)} ${lesson.title} · ${lesson.course.title}${cancelled ? ' (cancelled)' : ''}`}
      className={clsx('block overflow-hidden rounded-lg border-l-4 px-2 py-1 text-xs leading-tight', colours.className, focusRing, className)}
      style={{ ...colours.style, ...style }}
    >
      <span className="font-semibold">{timeLabel(lesson.start, zone)}</span> <span>{lesson.course.title}</span>
      {cancelled && <span className="sr-only"> (cancelled)</span>}
    </Link>
  );
}
