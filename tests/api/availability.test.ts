import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserAvailability } from '../../schema/contracts/availability';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { bookingSettings } from '../../schema/tables';
import { tenantDefaultsId } from '../../worker/lib/availability/store';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { OTHER_TUTOR, seedOtherTutor, weekdays } from '../helpers/availability';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const THEO = DEMO_USERS.tutor._id;
const SAM = DEMO_USERS.student._id;

let who: Callers;
let olivia: string;

const validBody = {
  items: [
    { status: 'ENABLE', timezone: 'Asia/Singapore', weekly: weekdays('09:00', '12:00') },
    { status: 'DISABLE', startDate: '2031-01-01', endDate: '2031-01-31', timezone: 'Europe/London', weekly: { '6': [{ start: '10:00', end: '11:00' }] } },
  ],
  timeOff: [{ start: '2031-02-01T00:00:00Z', end: '2031-02-03T00:00:00Z', reason: 'Vacations', note: 'Skiing' }],
  bookingRules: { minNoticeMinutes: 120, bufferMinutes: 15 },
  availabilityState: 'onABreak',
};

const rows = async () =>
  JSON.stringify(
    await Promise.all(
      ['availability_items', 'time_off', 'booking_settings'].map(async (t) => (await env.DB.prepare(`SELECT * FROM ${t} ORDER BY _id`).all()).results),
    ),
  );

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  who = await callers();
  olivia = await seedOtherTutor();
});

describe('happy', () => {
  it("shows the seeded tutor's weekday hours with the tenant's defaults filled in", async () => {
    const res = await call('GET', `/user-availability/${THEO}`, who.tutor);
    expect(res.status).toBe(200);
    const body = await res.json<UserAvailability>();
    expect(body).toMatchObject({ userId: THEO, timezone: 'Asia/Singapore', timeOff: [], availabilityState: null });
    expect(body.items).toEqual([
      expect.objectContaining({ status: 'ENABLE', timezone: 'Asia/Singapore', startDate: null, endDate: null, weekly: weekdays('09:00', '18:00') }),
    ]);
    expect(body.bookingRules).toEqual({ minNoticeMinutes: 720, bufferMinutes: 0, maxLessonsPerDay: 8, maxDaysAhead: 60 });
  });

  it('the tutor replaces items, time off and rules in one call; a second call replaces them again', async () => {
    const res = await call('PUT', `/user-availability/${THEO}`, who.tutor, validBody);
    expect(res.status).toBe(200);
    const body = await res.json<UserAvailability>();
    expect(body.items.map((i) => i.status)).toEqual(['ENABLE', 'DISABLE']);
    expect(body.timeOff).toEqual([
      expect.objectContaining({ start: '2031-02-01T00:00:00.000Z', end: '2031-02-03T00:00:00.000Z', reason: 'Vacations', note: 'Skiing' }),
    ]);
    expect(body.bookingRules).toEqual({ minNoticeMinutes: 120, bufferMinutes: 15, maxLessonsPerDay: 8, maxDaysAhead: 60 });
    expect(body.availabilityState).toBe('onABreak');

    const again = await call('PUT', `/user-availability/${THEO}`, who.tutor, { items: [], timeOff: [], bookingRules: { maxLessonsPerDay: 3 } });
    expect(again.status).toBe(200);
    const read = await (await call('GET', `/user-availability/${THEO}`, who.tutor)).json<UserAvailability>();
    expect(read).toMatchObject({ items: [], timeOff: [], bookingRules: { minNoticeMinutes: 720, bufferMinutes: 0, maxLessonsPerDay: 3 } });
  });

  it("rules fall back field by field: the tutor's, then the tenant's defaults row, then the platform's", async () => {
    await db
      .insert(bookingSettings)
      .values({ _id: tenantDefaultsId(TENANT_IDS.studyhall), tenantId: TENANT_IDS.studyhall, userId: null, rules: { bufferMinutes: 10, maxDaysAhead: 30 } });
    await call('PUT', `/user-availability/${THEO}`, who.tutor, { items: [], bookingRules: { maxDaysAhead: 90 } });
    const body = await (await call('GET', `/user-availability/${THEO}`, who.student)).json<UserAvailability>();
    expect(body.bookingRules).toEqual({ minNoticeMinutes: 720, bufferMinutes: 10, maxLessonsPerDay: 8, maxDaysAhead: 90 });
    await db.delete(bookingSettings).where(eq(bookingSettings._id, tenantDefaultsId(TENANT_IDS.studyhall)));
  });

  it("an admin edits a tutor's availability, and may set an admin-only state", async () => {
    const res = await call('PUT', `/user-availability/${OTHER_TUTOR._id}`, who.admin, { ...validBody, availabilityState: 'notAvailableAdmin' });
    expect(res.status).toBe(200);
    expect((await res.json<UserAvailability>()).availabilityState).toBe('notAvailableAdmin');
  });

  it('a student sees a tutor’s hours and blocked times, without the time-off reasons', async () => {
    await call('PUT', `/user-availability/${OTHER_TUTOR._id}`, olivia, validBody);
    const res = await call('GET', `/user-availability/${OTHER_TUTOR._id}`, who.student);
    expect(res.status).toBe(200);
    const body = await res.json<UserAvailability>();
    expect(body.items).toHaveLength(2);
    expect(body.timeOff).toEqual([{ start: '2031-02-01T00:00:00.000Z', end: '2031-02-03T00:00:00.000Z' }]);
  });
});

describe('errors', () => {
  const put = (body: unknown) => call('PUT', `/user-availability/${THEO}`, who.tutor, body);

  it('names the field of a bad time, an end before the start, and overlapping ranges; nothing is written', async () => {
    const before = await rows();
    const item = (weekly: unknown, extra = {}) => ({ items: [{ status: 'ENABLE', timezone: 'Asia/Singapore', weekly, ...extra }] });
    await expectFieldError(await put(item({ '1': [{ start: '9:00', end: '12:00' }] })), 'items.0.weekly.1.0.start');
    await expectFieldError(await put(item({ '1': [{ start: '12:00', end: '09:00' }] })), 'items.0.weekly.1.0.end');
    await expectFieldError(
      await put(
        item({
          '2': [
            { start: '09:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        }),
      ),
      'items.0.weekly.2.1.start',
    );
    await expectFieldError(await put(item({ '7': [{ start: '09:00', end: '12:00' }] })), 'items.0.weekly');
    await expectFieldError(await put(item({}, { startDate: '2031-02-10', endDate: '2031-02-01' })), 'items.0.endDate');
    await expectFieldError(await put(item({}, { startDate: '2031-02-30' })), 'items.0.startDate');
    await expectFieldError(await put({ items: [{ status: 'ENABLE', timezone: 'Mars/Olympus', weekly: {} }] }), 'items.0.timezone');
    expect(await rows()).toBe(before);
  });

  it('names bad time off and rules', async () => {
    const before = await rows();
    await expectFieldError(
      await put({ items: [], timeOff: [{ start: '2031-02-03T00:00:00Z', end: '2031-02-01T00:00:00Z', reason: 'Vacations' }] }),
      'timeOff.0.end',
    );
    await expectFieldError(
      await put({ items: [], timeOff: [{ start: '2031-02-01T00:00:00Z', end: '2031-02-03T00:00:00Z', reason: 'Bored' }] }),
      'timeOff.0.reason',
    );
    await expectFieldError(await put({ items: [], bookingRules: { maxLessonsPerDay: 0 } }), 'bookingRules.maxLessonsPerDay');
    await expectFieldError(await put({ items: [], bookingRules: { bufferMinutes: 12.5 } }), 'bookingRules.bufferMinutes');
    expect(await rows()).toBe(before);
  });

  it('a tutor cannot set an admin-only availability state', async () => {
    const before = await rows();
    await expectFieldError(await put({ items: [], availabilityState: 'resigned' }), 'availabilityState');
    expect(await rows()).toBe(before);
  });

  it('404s an unknown user', async () => {
    expect((await call('GET', '/user-availability/user_nobody', who.admin)).status).toBe(404);
  });
});

describe('permissions', () => {
  it('another tutor, a student and a parent cannot change a tutor’s availability', async () => {
    const before = await rows();
    for (const token of [olivia, who.student, who.parent]) {
      expect((await call('PUT', `/user-availability/${THEO}`, token, validBody)).status).toBe(403);
    }
    expect(await rows()).toBe(before);
  });

  it('the permission gate runs before the body is read: an empty or wrong body from someone who may not write is a 403', async () => {
    const before = await rows();
    for (const token of [olivia, who.student, who.parent]) {
      for (const body of [{}, { items: 'nope', availabilityState: 'resigned' }]) {
        const res = await call('PUT', `/user-availability/${THEO}`, token, body);
        expect(res.status).toBe(403);
        expect(await res.text()).not.toContain('items');
      }
    }
    expect(await rows()).toBe(before);
  });

  it("another tenant's admin gets 404 on their own domain and is refused on ours; nothing changes", async () => {
    const before = await rows();
    expect((await call('GET', `/user-availability/${THEO}`, who.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await call('PUT', `/user-availability/${THEO}`, who.partner, validBody, PARTNER_HOST)).status).toBe(404);
    expect([401, 403, 404]).toContain((await call('PUT', `/user-availability/${THEO}`, who.partner, validBody)).status);
    expect(await rows()).toBe(before);
  });

  it("a student's own record is not a tutor's, so others get 404 and an admin cannot give them hours", async () => {
    expect((await call('GET', `/user-availability/${SAM}`, olivia)).status).toBe(404);
    expect((await call('PUT', `/user-availability/${SAM}`, who.admin, validBody)).status).toBe(404);
    expect((await call('GET', `/user-availability/${SAM}`, who.student)).status).toBe(200);
  });

  it('signed-out callers get 401', async () => {
    expect((await call('GET', `/user-availability/${THEO}`, 'not-a-token')).status).toBe(401);
  });
});
