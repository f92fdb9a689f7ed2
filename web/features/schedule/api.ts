import type { DropdownUser } from '../../../schema/contracts/admin-users';
import type { ListResponse } from '../../../schema/contracts/common';
import type { Course } from '../../../schema/contracts/courses';
import type { LessonPrice } from '../../../schema/contracts/pricing';
import type { CalendarFeed } from '../../../schema/contracts/schedule';
import { api } from '../../lib/api';

/** The schedule's calls besides the week's lessons: the admin's filter choices and the calendar feed. */
export const scheduleCalls = {
  people: (userTypes: 'TUTOR' | 'STUDENT', signal: AbortSignal) =>
    api<DropdownUser[]>('/admin/users/dropdown-list', { query: { userTypes, limit: 100 }, signal }),
  courses: (signal: AbortSignal) => api<ListResponse<Course>>('/admin/courses', { query: { limit: 100 }, signal }),
  feed: () => api<CalendarFeed>('/schedule/feed'),
  /** POST makes (or renews) the feed's secret address; DELETE turns the feed off. */
  changeFeed: (method: 'POST' | 'DELETE') => api<CalendarFeed>('/schedule/feed', { method }),
  /** The prices the lessons were recorded with when they ended (ids joined with commas). */
  lessonPrices: (lessonIds: string, signal: AbortSignal) => api<LessonPrice[]>('/admin/lesson-prices', { query: { lessonIds }, signal }),
};
