import type { CourseKind, NextLesson } from '../../../schema/contracts/courses';

/** "Tue 24 Nov, 16:00 GMT" in the viewer's own zone; Intl does the zone arithmetic and the wording. */
export function lessonTime(iso: string, timeZone: string) {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(iso));
  }
}

export const nextLessonText = (lesson: NextLesson | null, timeZone: string) => (lesson ? lessonTime(lesson.start, timeZone) : null);

export const kindLabel = (kind: CourseKind) => (kind === 'One-to-One' ? 'One-to-one' : 'Group');

export const badgeClass = 'rounded-full px-2 py-0.5 text-xs font-semibold';
export const statusBadge = (status: string) =>
  `${badgeClass} ${status === 'ACTIVE' || status === 'ENABLE' || status === 'ENROLLED' ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300' : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200'}`;
