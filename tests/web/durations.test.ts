import { describe, expect, it } from 'vitest';
import { formatDuration, isLessonDuration, lessonDurations } from '../../schema/contracts/durations';

describe('formatDuration', () => {
  it('shows hours and minutes like "1 h 15 m"', () => {
    expect(formatDuration(75)).toBe('1 h 15 m');
    expect(formatDuration(180)).toBe('3 h');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(45)).toBe('45 m');
    expect(formatDuration(5)).toBe('5 m');
    expect(formatDuration(0)).toBe('0 m');
  });
});

describe('lessonDurations', () => {
  it('offers 15 to 180 minutes in steps of 15 in production', () => {
    const production = lessonDurations(true);
    expect(production[0]).toBe(15);
    expect(production.at(-1)).toBe(180);
    expect(production).toHaveLength(12);
    expect(isLessonDuration(20, true)).toBe(false);
    expect(isLessonDuration(5, true)).toBe(false);
  });

  it('adds 3 and 5 minutes outside production', () => {
    expect(lessonDurations(false).slice(0, 3)).toEqual([3, 5, 15]);
    expect(isLessonDuration(3, false)).toBe(true);
    expect(isLessonDuration(195, false)).toBe(false);
  });
});
