import { addDays, formatISO, isWeekend } from 'date-fns';
import { expect } from 'vitest';
import type { SlotOption } from '../../schema/contracts/availability';
import { call } from './admins';

export const IGCSE_MATHS = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' } as const;
export const SINGAPORE = 'Asia/Singapore';

/** The `n`th weekday from today (Theo works weekdays), far enough ahead for the 12-hour notice. */
export function weekdayAhead(n = 1) {
  let day = addDays(new Date(), 2);
  for (let found = 0; ; day = addDays(day, 1)) {
    if (!isWeekend(day) && ++found === n) return formatISO(day, { representation: 'date' });
  }
}

export async function trialSlots(token: string, date: string, key: Record<string, string> = IGCSE_MATHS, host = 'localhost') {
  const res = await call('POST', '/user-availability/slots/trial', token, { ...key, date, timezone: SINGAPORE }, host);
  expect(res.status).toBe(200);
  return res.json<SlotOption[]>();
}

/** The body of POST /trials for a slot the dialog was offered. */
export const trialBody = (slot: SlotOption, tutorId = '') => ({ ...IGCSE_MATHS, startDate: slot.start, endDate: slot.end, tutorId });
