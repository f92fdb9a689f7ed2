import clsx from 'clsx';
import type { ScheduleLesson } from '../../../schema/contracts/schedule';
import { paletteSubjectOf, SUBJECT_COLOURS } from '../../entities/curricula/subject-colours';
import { fullName } from '../../lib/people';

/** A lesson's colours come from its subject; a cancelled one is greyed and struck through. */
export function lessonColours(lesson: ScheduleLesson) {
  const colour = SUBJECT_COLOURS[paletteSubjectOf({ subject: lesson.course.subject })];
  const cancelled = lesson.status === 'CANCELLED';
  return {
    className: clsx(colour.tile, cancelled && 'line-through opacity-60'),
    style: { borderLeftColor: colour.hex },
  };
}

export const coursePath = (lesson: ScheduleLesson) => `/portal/courses/${lesson.course._id}`;

export const lessonTypeLabel = (lesson: ScheduleLesson) => (lesson.lessonType === '1 on 1' ? '1 on 1' : lesson.lessonType === 'GROUP' ? 'Group' : 'Trial');

/** Who else is there, as the viewer reads it: the other people, not the viewer. */
export const othersOf = (lesson: ScheduleLesson, viewerId: string) =>
  lesson.attendees
    .filter((a) => a._id !== viewerId)
    .map((a) => fullName(a))
    .join(', ');
