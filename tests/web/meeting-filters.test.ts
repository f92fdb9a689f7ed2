import { describe, expect, it } from 'vitest';
import { type MeetingFilters, meetingsQuery, nextSort } from '../../web/features/schedule/meeting-filters';

const filters = (over: Partial<MeetingFilters> = {}): MeetingFilters => ({
  from: '',
  to: '',
  courseId: '',
  tutorId: '',
  studentId: '',
  sortKey: 'start',
  sortValue: 'asc',
  ...over,
});

describe('admin meetings filters', () => {
  it("turns the chosen days into whole local days in the admin's zone, the last day included", () => {
    const query = meetingsQuery(filters({ from: '2026-11-01', to: '2026-11-30' }), 'Asia/Singapore');
    expect(query.startDate).toBe('2026-10-31T16:00:00.000Z');
    expect(query.endDate).toBe('2026-11-30T16:00:00.000Z');
  });

  it('leaves out dates nobody chose', () => {
    const query = meetingsQuery(filters({ courseId: 'c1' }), 'UTC');
    expect(query.startDate).toBeUndefined();
    expect(query.endDate).toBeUndefined();
    expect(query.courseId).toBe('c1');
  });

  it('flips the sorted column and sorts a new one ascending', () => {
    expect(nextSort(filters(), 'start')).toEqual({ sortKey: 'start', sortValue: 'desc' });
    expect(nextSort(filters({ sortValue: 'desc' }), 'start')).toEqual({ sortKey: 'start', sortValue: 'asc' });
    expect(nextSort(filters({ sortValue: 'desc' }), 'course')).toEqual({ sortKey: 'course', sortValue: 'asc' });
  });
});
