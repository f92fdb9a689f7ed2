import { describe, expect, it } from 'vitest';
import type { UserAvailability } from '../../schema/contracts/availability';
import { addRange, copyMondayToWorkdays, draftOf, errorsOf, inputOf, newItem, newTimeOff } from '../../web/features/availability/availability-form';

const answer: UserAvailability = {
  userId: 'user_tutor',
  timezone: 'Asia/Singapore',
  items: [
    {
      _id: 'a1',
      status: 'ENABLE',
      startDate: null,
      endDate: '2031-06-30',
      timezone: 'Asia/Singapore',
      weekly: { '1': [{ start: '09:00', end: '12:00' }], '3': [{ start: '13:00', end: '18:00' }] },
    },
  ],
  timeOff: [{ _id: 'o1', start: '2031-01-05T01:00:00.000Z', end: '2031-01-05T09:00:00.000Z', reason: 'Vacations', note: '' }],
  bookingRules: { minNoticeMinutes: 720, bufferMinutes: 15, maxLessonsPerDay: 6, maxDaysAhead: 60 },
  availabilityState: 'available',
};

describe('availability form', () => {
  it('round-trips what the server holds into the PUT body, leaving out days without hours', () => {
    const body = inputOf(draftOf(answer));
    expect(body.items).toEqual([
      {
        status: 'ENABLE',
        startDate: null,
        endDate: '2031-06-30',
        timezone: 'Asia/Singapore',
        weekly: { '1': [{ start: '09:00', end: '12:00' }], '3': [{ start: '13:00', end: '18:00' }] },
      },
    ]);
    expect(body.timeOff).toEqual([{ start: '2031-01-05T01:00:00.000Z', end: '2031-01-05T09:00:00.000Z', reason: 'Vacations', note: '' }]);
    expect(body.bookingRules).toEqual(answer.bookingRules);
    expect(errorsOf(draftOf(answer))).toEqual({});
  });

  it("copies Monday's hours to every weekday and leaves the weekend alone", () => {
    const draft = draftOf(answer);
    const copied = copyMondayToWorkdays(draft.items[0]!);
    for (const day of ['1', '2', '3', '4', '5'] as const) expect(copied.weekly[day]).toEqual([{ start: '09:00', end: '12:00' }]);
    expect(copied.weekly['0']).toEqual([]);
    expect(copied.weekly['6']).toEqual([]);
  });

  it('adds a range after the last one of the day, so it does not overlap', () => {
    const item = addRange(draftOf(answer).items[0]!, '1');
    expect(item.weekly['1']).toEqual([
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '15:00' },
    ]);
    expect(errorsOf({ ...draftOf(answer), items: [item] })).toEqual({});
  });

  it('names the field the shared schema refuses: an overlap, an end before the start, a missing reason', () => {
    const item = newItem('Asia/Singapore');
    item.weekly['2'] = [
      { start: '09:00', end: '12:00' },
      { start: '11:00', end: '13:00' },
    ];
    item.weekly['4'] = [{ start: '15:00', end: '14:00' }];
    const off = { ...newTimeOff('Asia/Singapore', new Date('2031-02-01T00:00:00Z')), reason: '' as const };
    const errors = errorsOf({ zone: 'Asia/Singapore', items: [item], timeOff: [off], rules: draftOf(answer).rules });
    expect(errors['items.0.weekly.2.1.start']).toBe('overlaps another range of the day');
    expect(errors['items.0.weekly.4.0.end']).toBe('must end after it starts');
    expect(errors['timeOff.0.reason']).toBe('Choose a reason');
  });
});
