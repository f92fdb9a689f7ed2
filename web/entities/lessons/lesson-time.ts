import type { NextLesson } from '../../../schema/contracts/courses';

/** A lesson's day and time in the viewer's zone; the year shows when it is not this year, so 2030 never reads as now. */
export function lessonTime(iso: string, timeZone: string, now = new Date()) {
  const zone = validZone(timeZone);
  const year = (date: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric' }).format(date);
  const date = new Date(iso);
  const otherYear = year(date) !== year(now);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(otherYear ? { year: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

function validZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

export const nextLessonText = (lesson: NextLesson | null, timeZone: string) => (lesson ? lessonTime(lesson.start, timeZone) : null);
