import type { ListResponse } from '../../../schema/contracts/common';
import type { HomeData } from '../../../schema/contracts/home';
import type { LessonReportList } from '../../../schema/contracts/lesson-reports';
import type { MeetingRequestList } from '../../../schema/contracts/meeting-requests';
import type { MeetingsList, ScheduleList } from '../../../schema/contracts/schedule';
import type { Trial } from '../../../schema/contracts/trials';
import { api } from '../../lib/api';

/** A day range as the schedule API takes it: ISO 8601 `startDate` and `endDate`. */
type Range = { startDate: string; endDate: string };

/**
 * The portal homes' calls: one person's lessons, the home's own read (homework and quizzes, students waiting, late
 * tutors, children's results), the tenant's lessons of a day, the trials coming up, the requests waiting for an answer.
 */
export const homeCalls = {
  lessons: (userId: string, range: Range) => api<ScheduleList>(`/schedule/list/${encodeURIComponent(userId)}`, { query: range }),
  home: () => api<HomeData>('/home'),
  /** The newest few: the home links each one. */
  lessonReports: () => api<LessonReportList>('/lesson-reports', { query: { limit: 5 } }),
  tenantLessons: (range: Range) => api<MeetingsList>('/admin/schedule/meetings', { query: { ...range, limit: 50, sortKey: 'start', sortValue: 'asc' } }),
  /** One row is enough: the home shows only how many requests wait. */
  waitingRequests: () => api<MeetingRequestList>('/admin/meeting-requests', { query: { limit: 1, includeTutorAmountData: 0 } }),
  trialsFrom: (from: number) => api<ListResponse<Trial>>('/admin/trials', { query: { status: 'SCHEDULED', start: new Date(from).toISOString(), limit: 5 } }),
};
