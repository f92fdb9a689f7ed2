import { describe, expect, it } from 'vitest';
import type { ScheduleLesson } from '../../schema/contracts/schedule';
import { gridHours, keyTarget, lessonsByDay, localMinutes, periodTitle, stepAnchor, visibleRange } from '../../web/features/schedule/calendar';

const lesson = (start: string, duration = 60, extra: Partial<ScheduleLesson> = {}): ScheduleLesson => ({
  _id: `l_${start}`,
  title: 'Lesson',
  kind: 'ZOOM',
  start,
  end: new Date(Date.parse(start) + duration * 60_000).toISOString(),
  duration,
  status: 'ACTIVE',
  lessonKind: 'LESSON',
  lessonType: '1 on 1',
  joinUrl: '/learning-portal/waiting-room/x',
  cancelReason: null,
  course: { _id: 'c', title: 'Maths', subject: 'Mathematics', curriculum: 'Cambridge IGCSE', grade: 'Grade 10' },
  attendees: [],
  lessonStatus: 'scheduled',
  joinOpensAt: new Date(Date.parse(start) - 15 * 60_000).toISOString(),
  joinClosesAt: new Date(Date.parse(start) + duration * 60_000).toISOString(),
  canJoin: false,
  ...extra,
});

describe('visible ranges', () => {
  it('shows the Sunday-to-Saturday week around the day, from local midnight', () => {
    const week = visibleRange('week', '2026-11-25', 'Asia/Singapore');
    expect(week.days).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(week.start.toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-28T16:00:00.000Z');
  });

  it('shows a month in whole weeks', () => {
    const month = visibleRange('month', '2026-11-10', 'UTC');
    expect(month.days[0]).toBe('2026-11-01');
    expect(month.days.at(-1)).toBe('2026-12-05');
    expect(month.days).toHaveLength(35);
    expect(visibleRange('month', '2026-08-10', 'UTC').days).toHaveLength(42);
  });

  it('keeps whole local days across a daylight-saving change (a 23-hour day in London)', () => {
    const week = visibleRange('week', '2026-03-29', 'Europe/London');
    expect(week.start.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-04-04T23:00:00.000Z');
    expect(visibleRange('day', '2026-03-29', 'Europe/London').end.getTime() - visibleRange('day', '2026-03-29', 'Europe/London').start.getTime()).toBe(
      23 * 3600_000,
    );
  });

  it('shows the agenda four weeks from the day', () => {
    const agenda = visibleRange('agenda', '2026-11-23', 'UTC');
    expect(agenda.days).toHaveLength(28);
    expect(agenda.days[0]).toBe('2026-11-23');
  });
});

describe('navigation', () => {
  it('steps by the period on screen', () => {
    expect(stepAnchor('day', '2026-11-30', 1, 'UTC')).toBe('2026-12-01');
    expect(stepAnchor('week', '2026-11-23', -1, 'UTC')).toBe('2026-11-16');
    expect(stepAnchor('month', '2026-01-31', 1, 'UTC')).toBe('2026-02-28');
    expect(stepAnchor('agenda', '2026-11-23', 1, 'UTC')).toBe('2026-12-21');
  });

  it('moves the chosen day with the arrows and returns to today with t', () => {
    expect(keyTarget('ArrowRight', '2026-11-30', 'UTC', '2026-11-23')).toBe('2026-12-01');
    expect(keyTarget('ArrowLeft', '2026-11-01', 'UTC', '2026-11-23')).toBe('2026-10-31');
    expect(keyTarget('ArrowDown', '2026-11-23', 'UTC', '2026-11-23')).toBe('2026-11-30');
    expect(keyTarget('ArrowUp', '2026-11-23', 'UTC', '2026-11-23')).toBe('2026-11-16');
    expect(keyTarget('t', '2027-02-01', 'UTC', '2026-11-23')).toBe('2026-11-23');
    expect(keyTarget('x', '2027-02-01', 'UTC', '2026-11-23')).toBeNull();
  });

  it('titles the period', () => {
    expect(periodTitle('month', visibleRange('month', '2026-11-10', 'UTC'), '2026-11-10', 'UTC')).toBe('November 2026');
    expect(periodTitle('week', visibleRange('week', '2026-11-25', 'UTC'), '2026-11-25', 'UTC')).toBe('22 – 28 Nov 2026');
    expect(periodTitle('week', visibleRange('week', '2026-12-01', 'UTC'), '2026-12-01', 'UTC')).toBe('29 Nov – 5 Dec 2026');
    expect(periodTitle('day', visibleRange('day', '2026-11-25', 'UTC'), '2026-11-25', 'UTC')).toBe('Wednesday 25 November 2026');
  });
});

describe('placing lessons', () => {
  it('puts a lesson on the local day it starts, which can differ from its UTC day', () => {
    const late = lesson('2026-11-24T17:00:00Z');
    const byDay = lessonsByDay([late, lesson('2026-11-24T01:00:00Z')], 'Asia/Singapore');
    expect([...byDay.keys()]).toEqual(['2026-11-24', '2026-11-25']);
    expect(byDay.get('2026-11-25')).toEqual([late]);
  });

  it('places a lesson at its wall-clock time on both sides of a DST change', () => {
    expect(localMinutes('2030-03-25T17:00:00Z', 'Europe/London')).toBe(17 * 60);
    expect(localMinutes('2030-04-01T16:00:00Z', 'Europe/London')).toBe(17 * 60);
  });

  it('widens the time grid to fit early and late lessons', () => {
    expect(gridHours([], 'UTC')).toEqual({ from: 8, to: 20 });
    expect(gridHours([lesson('2026-11-24T06:30:00Z'), lesson('2026-11-24T21:30:00Z', 90)], 'UTC')).toEqual({ from: 6, to: 23 });
  });
});
