import { addDays, formatISO, getDay } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FreeDays } from '../../schema/contracts/availability';
import { DEMO_USERS } from '../../schema/seed';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { OTHER_TUTOR, seedOtherTutor } from '../helpers/availability';
import { PARTNER_HOST, seedDemo } from '../helpers/seed';

const OLIVIA = OTHER_TUTOR._id;
const UTC = 'UTC';
let who: Callers;

const day = (offset: number) => formatISO(addDays(new Date(), offset), { representation: 'date' });

/** Olivia works Wednesdays only, 09:00–12:00 UTC, and takes bookings `maxDaysAhead` days ahead. */
async function wednesdaysOnly(maxDaysAhead: number) {
  const res = await call('PUT', `/user-availability/${OLIVIA}`, who.admin, {
    items: [{ status: 'ENABLE', timezone: UTC, weekly: { '3': [{ start: '09:00', end: '12:00' }] } }],
    timeOff: [],
    bookingRules: { minNoticeMinutes: 0, maxDaysAhead },
  });
  expect(res.status).toBe(200);
}

const freeDays = (query: Record<string, string>, token = who.student, host?: string) =>
  call('GET', `/user-availability/free-days/${OLIVIA}?${new URLSearchParams({ timezone: UTC, ...query })}`, token, undefined, host);

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  who = await callers();
  await seedOtherTutor(UTC);
});

describe('GET /user-availability/free-days/:userId', () => {
  describe('happy', () => {
    it("marks the days with a free start inside the tutor's booking window, and says where the window ends", async () => {
      await wednesdaysOnly(20);
      const res = await freeDays({ from: day(1), days: '30' });
      expect(res.status).toBe(200);
      const body = await res.json<FreeDays>();
      const wednesdays = Array.from({ length: 30 }, (_, i) => addDays(new Date(), i + 1))
        .filter((d) => getDay(d) === 3)
        .map((d) => formatISO(d, { representation: 'date' }))
        // A day is free while its first start (09:00) is still inside the window that ends 20 days from now.
        .filter((d) => Date.parse(`${d}T09:00:00Z`) <= Date.now() + 20 * 24 * 60 * 60_000);
      expect(body.freeDays).toEqual(wednesdays);
      expect(body).toMatchObject({ lastBookableDay: day(20), maxDaysAhead: 20 });
    });
  });

  describe('errors', () => {
    it('names the field when the start or the number of days is wrong', async () => {
      await expectFieldError(await freeDays({ from: 'soon' }), 'from');
      await expectFieldError(await freeDays({ from: day(1), days: '63' }), 'days');
    });
  });

  describe('permissions', () => {
    it('answers 404 for someone who is not a tutor here, and 401 without a session', async () => {
      expect((await call('GET', `/user-availability/free-days/${DEMO_USERS.student._id}?from=${day(1)}`, who.student)).status).toBe(404);
      expect((await freeDays({ from: day(1) }, who.partner, PARTNER_HOST)).status).toBe(404);
      expect((await freeDays({ from: day(1) }, 'nope')).status).toBe(401);
    });
  });
});
