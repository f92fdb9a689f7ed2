import type { LessonChange } from '../../../schema/contracts/audit';
import type { LessonPrice } from '../../../schema/contracts/pricing';
import type { CalendarFeed } from '../../../schema/contracts/schedule';
import { api } from '../../lib/api';

/** The schedule's calls besides the week's lessons: the calendar feed, the lessons' recorded prices and who changed them. */
export const scheduleCalls = {
  feed: () => api<CalendarFeed>('/schedule/feed'),
  /** POST makes (or renews) the feed's secret address; DELETE turns the feed off. */
  changeFeed: (method: 'POST' | 'DELETE') => api<CalendarFeed>('/schedule/feed', { method }),
  /** The prices the lessons were recorded with when they ended (ids joined with commas). */
  lessonPrices: (lessonIds: string, signal: AbortSignal) => api<LessonPrice[]>('/admin/lesson-prices', { query: { lessonIds }, signal }),
  /** Who last cancelled or moved the lesson, from the audit log (admins who may read it). */
  lessonChange: (lessonId: string, signal: AbortSignal) => api<{ change: LessonChange | null }>(`/admin/audit-log/lessons/${lessonId}`, { signal }),
};
