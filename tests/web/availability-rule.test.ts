import { describe, expect, it } from 'vitest';
import { lessonFitsItem, type RuleItem } from '../../schema/contracts/availability-rule';

const SG = 'Asia/Singapore';
const at = (iso: string) => new Date(iso);
const item = (over: Partial<RuleItem> = {}): RuleItem => ({ status: 'ENABLE', timezone: SG, ...over });

describe('lessonFitsItem: status', () => {
  it('never fits a DISABLE item, even without dates', () => {
    expect(lessonFitsItem(item({ status: 'DISABLE' }), at('2027-01-04T01:00:00Z'), 60)).toBe(false);
  });
});

describe('lessonFitsItem: no dates', () => {
  it('always fits', () => {
    expect(lessonFitsItem(item(), at('1999-01-01T00:00:00Z'), 180)).toBe(true);
    expect(lessonFitsItem(item({ startDate: null, endDate: null }), at('2090-06-01T23:00:00Z'), 15)).toBe(true);
  });
});

describe('lessonFitsItem: both dates (days in the item time zone)', () => {
  const both = item({ startDate: '2027-01-04', endDate: '2027-01-08' });
  it('fits from the first local midnight', () => {
    // 2027-01-04 00:00 in Singapore (UTC+8) is 2027-01-03T16:00Z.
    expect(lessonFitsItem(both, at('2027-01-03T16:00:00Z'), 60)).toBe(true);
    expect(lessonFitsItem(both, at('2027-01-03T15:59:00Z'), 60)).toBe(false);
  });
  it('fits when the lesson ends exactly at the end of the last day, not a minute later', () => {
    // The last day ends at 2027-01-09 00:00 Singapore = 2027-01-08T16:00Z.
    expect(lessonFitsItem(both, at('2027-01-08T15:00:00Z'), 60)).toBe(true);
    expect(lessonFitsItem(both, at('2027-01-08T15:15:00Z'), 60)).toBe(false);
  });
  it('refuses a lesson starting after the last day', () => {
    expect(lessonFitsItem(both, at('2027-01-08T17:00:00Z'), 15)).toBe(false);
  });
  it('measures the days in the item time zone, not UTC', () => {
    // 2027-01-03T20:00Z is already Jan 4 in Singapore but still Jan 3 in London.
    expect(lessonFitsItem(both, at('2027-01-03T20:00:00Z'), 30)).toBe(true);
    expect(lessonFitsItem({ ...both, timezone: 'Europe/London' }, at('2027-01-03T20:00:00Z'), 30)).toBe(false);
  });
  it('a one-day item covers that whole local day', () => {
    const oneDay = item({ startDate: '2027-03-28', endDate: '2027-03-28', timezone: 'Europe/London' });
    // The clocks go forward that day: it has 23 hours, 00:00Z to 23:00Z.
    expect(lessonFitsItem(oneDay, at('2027-03-28T00:00:00Z'), 60)).toBe(true);
    expect(lessonFitsItem(oneDay, at('2027-03-28T22:00:00Z'), 60)).toBe(true);
    expect(lessonFitsItem(oneDay, at('2027-03-28T22:15:00Z'), 60)).toBe(false);
  });
});

describe('lessonFitsItem: only a start date', () => {
  const from = item({ startDate: '2027-01-04' });
  it('fits a lesson starting on or after the start date, however late', () => {
    expect(lessonFitsItem(from, at('2027-01-03T16:00:00Z'), 60)).toBe(true);
    expect(lessonFitsItem(from, at('2035-05-05T05:00:00Z'), 60)).toBe(true);
  });
  it('refuses a lesson starting before it, even if it ends after', () => {
    expect(lessonFitsItem(from, at('2027-01-03T15:45:00Z'), 60)).toBe(false);
  });
});

describe('lessonFitsItem: only an end date', () => {
  const until = item({ endDate: '2027-01-08' });
  it('fits any earlier lesson that ends on or before the end of that day', () => {
    expect(lessonFitsItem(until, at('2020-01-01T01:00:00Z'), 60)).toBe(true);
    expect(lessonFitsItem(until, at('2027-01-08T15:00:00Z'), 60)).toBe(true);
  });
  it('refuses a lesson that starts on the day but ends after it', () => {
    expect(lessonFitsItem(until, at('2027-01-08T15:30:00Z'), 60)).toBe(false);
  });
  it('refuses a lesson starting after the day', () => {
    expect(lessonFitsItem(until, at('2027-01-09T01:00:00Z'), 15)).toBe(false);
  });
});
