import { addDays } from 'date-fns';
import type { MeetingsList } from '../../../schema/contracts/schedule';
import { api } from '../../lib/api';
import { zonedDay } from './calendar';

export interface MeetingFilters {
  from: string;
  to: string;
  courseId: string;
  tutorId: string;
  studentId: string;
  sortKey: string;
  sortValue: 'asc' | 'desc';
}

/** The table's filters as the API's query: dates are whole local days in the admin's zone, `to` included. */
export function meetingsQuery(filters: MeetingFilters, zone: string) {
  return {
    startDate: filters.from ? new Date(zonedDay(filters.from, zone).getTime()).toISOString() : undefined,
    endDate: filters.to ? new Date(addDays(zonedDay(filters.to, zone), 1).getTime()).toISOString() : undefined,
    courseId: filters.courseId,
    tutorId: filters.tutorId,
    studentId: filters.studentId,
    sortKey: filters.sortKey,
    sortValue: filters.sortValue,
  };
}

export const loadMeetings = (filters: MeetingFilters, zone: string, limit: number, offset: number) =>
  api<MeetingsList>('/admin/schedule/meetings', { query: { ...meetingsQuery(filters, zone), limit, offset } });

/** A click on the sorted column flips it; a click on another sorts it ascending. */
export const nextSort = (filters: MeetingFilters, key: string): Pick<MeetingFilters, 'sortKey' | 'sortValue'> =>
  filters.sortKey === key ? { sortKey: key, sortValue: filters.sortValue === 'asc' ? 'desc' : 'asc' } : { sortKey: key, sortValue: 'asc' };
