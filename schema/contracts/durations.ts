/** Lesson durations of spec 1 section 9. Zod-free so the entry chunk and the API share it. */

export const MIN_LESSON_MINUTES = 15;
export const MAX_LESSON_MINUTES = 180;
export const LESSON_MINUTES_STEP = 15;
/** Short lessons for trying the live room outside production. */
export const TEST_LESSON_MINUTES = [3, 5] as const;

/** The durations on offer: 15 to 180 in steps of 15, plus 3 and 5 outside production. */
export function lessonDurations(production: boolean): number[] {
  const regular = Array.from({ length: MAX_LESSON_MINUTES / LESSON_MINUTES_STEP }, (_, i) => (i + 1) * LESSON_MINUTES_STEP);
  return production ? regular : [...TEST_LESSON_MINUTES, ...regular];
}

export const isLessonDuration = (minutes: number, production: boolean) => lessonDurations(production).includes(minutes);

/** 75 → "1 h 15 m", 60 → "1 h", 45 → "45 m". */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours && rest) return `${hours} h ${rest} m`;
  if (hours) return `${hours} h`;
  return `${rest} m`;
}
