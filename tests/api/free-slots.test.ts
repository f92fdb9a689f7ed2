import { describe, expect, it } from 'vitest';
import { freeSlots, type SlotInputs } from '../../worker/lib/availability/slots';

const LONDON = 'Europe/London';
const weekly = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ start: '09:00', end: '12:00' }]]));

const inputs = (over: Partial<SlotInputs> = {}): SlotInputs => ({
  items: [{ status: 'ENABLE', timezone: LONDON, weekly }],
  lessons: [],
  timeOff: [],
  rules: { minNoticeMinutes: 0, bufferMinutes: 0, maxLessonsPerDay: 8, maxDaysAhead: 60 },
  tutorTimezone: LONDON,
  date: '2027-01-12',
  viewerTimezone: LONDON,
  duration: 60,
  now: Date.parse('2027-01-12T10:07:00Z'),
  ...over,
});
const iso = (list: number[]) => list.map((ms) => new Date(ms).toISOString().slice(11, 16));

describe('freeSlots', () => {
  it('offers nothing that starts before now, on the day itself', () => {
    expect(iso(freeSlots(inputs()))).toEqual(['10:15', '10:30', '10:45', '11:00']);
  });

  it('adds the minimum notice to now', () => {
    expect(iso(freeSlots(inputs({ rules: { minNoticeMinutes: 45, bufferMinutes: 0, maxLessonsPerDay: 8, maxDaysAhead: 60 } })))).toEqual(['11:00']);
  });

  it('stops at maxDaysAhead from now', () => {
    const rules = { minNoticeMinutes: 0, bufferMinutes: 0, maxLessonsPerDay: 8, maxDaysAhead: 2 };
    expect(iso(freeSlots(inputs({ rules, date: '2027-01-14' })))).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00']);
    expect(freeSlots(inputs({ rules, date: '2027-01-15' }))).toEqual([]);
  });

  it('counts the daily cap in the tutor’s zone', () => {
    const rules = { minNoticeMinutes: 0, bufferMinutes: 0, maxLessonsPerDay: 1, maxDaysAhead: 60 };
    // 23:30 UTC on the 12th is the 13th in Singapore but the 12th in London.
    const lesson = { start: Date.parse('2027-01-12T23:30:00Z'), end: Date.parse('2027-01-13T00:00:00Z') };
    expect(freeSlots(inputs({ rules, lessons: [lesson], date: '2027-01-13' })).length).toBe(9);
    expect(freeSlots(inputs({ rules, lessons: [lesson], date: '2027-01-13', tutorTimezone: 'Asia/Singapore' }))).toEqual([]);
  });
});
