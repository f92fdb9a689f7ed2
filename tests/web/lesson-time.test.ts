import { describe, expect, it } from 'vitest';
import { lessonTime } from '../../web/entities/lessons/lesson-time';

describe('lesson times', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('show the year of a lesson in another year, and leave it out for this year', () => {
    expect(lessonTime('2030-03-05T09:00:00Z', 'Europe/London', now)).toContain('2030');
    expect(lessonTime('2026-12-01T09:00:00Z', 'Europe/London', now)).not.toContain('2026');
  });

  it('falls back to UTC for a zone the device does not know', () => {
    expect(lessonTime('2026-12-01T09:00:00Z', 'Nowhere/Else', now)).toContain('09:00');
  });
});
