import { describe, expect, it } from 'vitest';
import { assertStartable, joinWindow } from '../../worker/lib/lessons/join-window';

const MINUTE = 60_000;
const start = new Date('2026-11-25T09:00:00.000Z');
const lesson = { start, duration: 60, cancelled: false };
const at = (minutesFromStart: number) => new Date(start.getTime() + minutesFromStart * MINUTE);

describe('one join rule', () => {
  it('walks a lesson through its statuses with a fixed clock', () => {
    const states = [-24 * 60, -16, -15, -1, 0, 59, 60, 24 * 60].map((m) => {
      const { status, canJoin } = joinWindow(lesson, at(m));
      return [m, status, canJoin];
    });
    expect(states).toEqual([
      [-1440, 'scheduled', false],
      [-16, 'scheduled', false],
      [-15, 'scheduled', true],
      [-1, 'scheduled', true],
      [0, 'live', true],
      [59, 'live', true],
      [60, 'ended', false],
      [1440, 'ended', false],
    ]);
    expect(joinWindow(lesson, at(0))).toMatchObject({ joinOpensAt: '2026-11-25T08:45:00.000Z', joinClosesAt: '2026-11-25T10:00:00.000Z' });
  });

  it('is live from an early start in the window, missed when known never started, ended when closed early', () => {
    expect(joinWindow({ ...lesson, startedAt: at(-10) }, at(-5)).status).toBe('live');
    expect(joinWindow({ ...lesson, startedAt: null }, at(-5)).status).toBe('scheduled');
    expect(joinWindow({ ...lesson, startedAt: null }, at(90)).status).toBe('missed');
    expect(joinWindow({ ...lesson, startedAt: at(0), closed: true }, at(30))).toMatchObject({ status: 'ended', canJoin: false });
    expect(joinWindow({ ...lesson, cancelled: true }, at(0))).toMatchObject({ status: 'cancelled', canJoin: false });
  });

  it('refuses a start outside the window with a sentence', () => {
    const early = 'This lesson can be started from 15 minutes before it begins, which is in 5 minutes.';
    expect(() => assertStartable(joinWindow(lesson, at(-20)), at(-20))).toThrow(early);
    expect(() => assertStartable(joinWindow(lesson, at(-3 * 60)), at(-3 * 60))).toThrow('which is in 3 hours.');
    expect(() => assertStartable(joinWindow(lesson, at(61)), at(61))).toThrow('This lesson has ended');
    expect(() => assertStartable(joinWindow(lesson, at(-10)), at(-10))).not.toThrow();
  });
});
