import { addDays, formatISO } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlotOption } from '../../schema/contracts/availability';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { sectionAttendees, sections, userSubjects } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { everyDay, OTHER_TUTOR, seedOtherTutor } from '../helpers/availability';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const OLIVIA = OTHER_TUTOR._id;
const THEO = DEMO_USERS.tutor._id;
const LONDON = 'Europe/London';
const LESSON = 'slots_lesson_olivia';
let who: Callers;

const day = (offset: number) => formatISO(addDays(new Date(), offset), { representation: 'date' });

/** Olivia's whole setup in one PUT; rules not given fall back to the defaults. */
async function olivia(items: unknown[], bookingRules: Record<string, number> = {}, timeOff: unknown[] = []) {
  const res = await call('PUT', `/user-availability/${OLIVIA}`, who.admin, {
    items,
    timeOff,
    bookingRules: { minNoticeMinutes: 0, maxDaysAhead: 730, ...bookingRules },
  });
  expect(res.status).toBe(200);
}

const london = (extra: Record<string, unknown> = {}, start = '09:00', end = '12:00') => ({
  status: 'ENABLE',
  timezone: LONDON,
  weekly: everyDay(start, end),
  ...extra,
});

async function slots(date: string, query: Record<string, string> = {}, token = who.student) {
  const res = await call('GET', `/user-availability/slots/${OLIVIA}?${new URLSearchParams({ date, duration: '60', timezone: LONDON, ...query })}`, token);
  expect(res.status).toBe(200);
  return res.json<SlotOption[]>();
}
const starts = async (date: string, query: Record<string, string> = {}) => (await slots(date, query)).map((s) => s.start);

/** The local wall-clock HH:mm of each slot start in `zone`. */
const localTimes = (list: string[], zone = LONDON) =>
  list.map((iso) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso)));

const quarterHours = (from: string, to: string) => {
  const out: string[] = [];
  for (let m = Number(from.slice(0, 2)) * 60 + Number(from.slice(3)); m <= Number(to.slice(0, 2)) * 60 + Number(to.slice(3)); m += 15) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
};

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  who = await callers();
  await seedOtherTutor(LONDON);
  // Olivia tutors a 10:00–11:00 London lesson on Monday 29 March 2027 (BST: 09:00–10:00 UTC).
  await db.batch([
    db.insert(sections).values({
      _id: LESSON,
      tenantId: TENANT_IDS.studyhall,
      courseId: SEED_COURSE_IDS.maths,
      kind: 'TEAMS',
      title: 'Booked',
      sortingKey: 99,
      start: new Date('2027-03-29T09:00:00Z'),
      duration: 60,
      createdBy: DEMO_USERS.admin._id,
    }),
    db.insert(sectionAttendees).values({ _id: 'slots_attendee_olivia', tenantId: TENANT_IDS.studyhall, sectionId: LESSON, userId: OLIVIA, kind: 'TUTOR' }),
    db.insert(userSubjects).values({
      _id: 'slots_subject_olivia',
      tenantId: TENANT_IDS.studyhall,
      userId: OLIVIA,
      curriculum: 'Cambridge IGCSE',
      subject: 'Mathematics',
      grade: 'Grade 9',
    }),
  ]);
});

describe('happy', () => {
  it('offers every quarter hour where a whole lesson fits, as UTC instants with end = start + duration', async () => {
    await olivia([london()]);
    const list = await slots('2027-03-27');
    expect(localTimes(list.map((s) => s.start))).toEqual(quarterHours('09:00', '11:00'));
    expect(list[0]).toEqual({ user: OLIVIA, start: '2027-03-27T09:00:00.000Z', end: '2027-03-27T10:00:00.000Z' });
  });

  it('keeps local 09:00 starts across both DST changes in London, so the UTC instants move by an hour', async () => {
    await olivia([london()]);
    expect((await starts('2027-03-27'))[0]).toBe('2027-03-27T09:00:00.000Z');
    const spring = await starts('2027-03-28');
    expect(spring[0]).toBe('2027-03-28T08:00:00.000Z');
    expect(spring.at(-1)).toBe('2027-03-28T10:00:00.000Z');
    expect(localTimes(spring)).toEqual(quarterHours('09:00', '11:00'));
    expect((await starts('2027-10-30'))[0]).toBe('2027-10-30T08:00:00.000Z');
    const autumn = await starts('2027-10-31');
    expect(autumn[0]).toBe('2027-10-31T09:00:00.000Z');
    expect(localTimes(autumn)).toEqual(quarterHours('09:00', '11:00'));
  });

  it("reads the date in the viewer's zone: a Singapore viewer's 28 March holds the same London morning", async () => {
    await olivia([london()]);
    expect(await starts('2027-03-28', { timezone: 'Asia/Singapore' })).toEqual(await starts('2027-03-28'));
    // A Los Angeles viewer's 27 March runs 07:00Z–07:00Z next day (PDT), so it holds the 27th's London morning only.
    expect(await starts('2027-03-27', { timezone: 'America/Los_Angeles' })).toEqual(await starts('2027-03-27'));
  });

  it("defaults the zone to the viewer's own (the admin is in Singapore)", async () => {
    await olivia([london()]);
    const res = await call('GET', `/user-availability/slots/${OLIVIA}?date=2027-03-28&duration=60`, who.admin);
    expect((await res.json<SlotOption[]>()).map((s) => s.start)).toEqual(await starts('2027-03-28', { timezone: 'Asia/Singapore' }));
  });

  it('applies the availability rule: DISABLE items, start dates and end dates (days in the item zone)', async () => {
    await olivia([london({ status: 'DISABLE' })]);
    expect(await starts('2027-03-27')).toEqual([]);
    await olivia([london({ startDate: '2027-03-28' })]);
    expect(await starts('2027-03-27')).toEqual([]);
    expect(await starts('2027-03-28')).toHaveLength(9);
    await olivia([london({ endDate: '2027-03-27' })]);
    expect(await starts('2027-03-27')).toHaveLength(9);
    expect(await starts('2027-03-28')).toEqual([]);
    await olivia([london({ startDate: '2027-03-27', endDate: '2027-03-27' })]);
    expect(await starts('2027-03-26')).toEqual([]);
    expect(await starts('2027-03-27')).toHaveLength(9);
    expect(await starts('2027-03-28')).toEqual([]);
    // A one-day item ending at local midnight: the 23:00 lesson fits, the 23:15 one would run past the day.
    await olivia([london({ startDate: '2027-03-27', endDate: '2027-03-27' }, '22:00', '24:00')]);
    expect(localTimes(await starts('2027-03-27'))).toEqual(quarterHours('22:00', '23:00'));
  });

  it('merges overlapping items without duplicates', async () => {
    await olivia([london(), london({}, '10:00', '13:00')]);
    expect(localTimes(await starts('2027-03-27'))).toEqual(quarterHours('09:00', '12:00'));
  });

  it('removes booked lessons, and the buffer around them', async () => {
    await olivia([london()]);
    expect(localTimes(await starts('2027-03-29'))).toEqual(['09:00', '11:00']);
    await olivia([london()], { bufferMinutes: 15 });
    expect(localTimes(await starts('2027-03-29', { duration: '30' }))).toEqual(['09:00', '09:15', '11:15', '11:30']);
  });

  it('ignores the lesson being rescheduled (sectionId)', async () => {
    await olivia([london()], { bufferMinutes: 15 });
    expect(localTimes(await starts('2027-03-29', { sectionId: LESSON }))).toEqual(quarterHours('09:00', '11:00'));
  });

  it('offers nothing once the daily cap is reached', async () => {
    await olivia([london()], { maxLessonsPerDay: 1 });
    expect(await starts('2027-03-29')).toEqual([]);
    expect(await starts('2027-03-30')).toHaveLength(9);
  });

  it('removes time off', async () => {
    await olivia([london()], {}, [{ start: '2027-03-30T08:00:00Z', end: '2027-03-30T09:00:00Z', reason: 'Sickness' }]);
    expect(localTimes(await starts('2027-03-30'))).toEqual(quarterHours('10:00', '11:00'));
  });

  it('never offers the past, and honours the minimum notice', async () => {
    await olivia([london({}, '00:00', '24:00')]);
    expect(await starts(day(-1), { timezone: 'UTC' })).toEqual([]);
    const now = Date.now();
    for (const start of await starts(day(0), { timezone: 'UTC' })) expect(Date.parse(start)).toBeGreaterThanOrEqual(now);
    await olivia([london({}, '00:00', '24:00')], { minNoticeMinutes: 24 * 60 });
    // Late in the UTC day a day's notice leaves nothing tomorrow, so the two days after today are checked together.
    const nextTwoDays = [...(await starts(day(1), { timezone: 'UTC' })), ...(await starts(day(2), { timezone: 'UTC' }))];
    expect(nextTwoDays.length).toBeGreaterThan(0);
    for (const start of nextTwoDays) expect(Date.parse(start)).toBeGreaterThanOrEqual(now + 24 * 3_600_000);
    await olivia([london({}, '00:00', '24:00')], { minNoticeMinutes: 48 * 60 });
    expect(await starts(day(1), { timezone: 'UTC' })).toEqual([]);
  });

  it('offers nothing beyond maxDaysAhead', async () => {
    await olivia([london({}, '00:00', '24:00')], { maxDaysAhead: 3 });
    expect((await starts(day(2), { timezone: 'UTC' })).length).toBeGreaterThan(0);
    expect(await starts(day(10), { timezone: 'UTC' })).toEqual([]);
  });

  it('POST slots/tutor gives the same slots', async () => {
    await olivia([london()]);
    const res = await call('POST', '/user-availability/slots/tutor', who.student, { tutorId: OLIVIA, date: '2027-03-28', duration: 60, timezone: LONDON });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await slots('2027-03-28'));
  });

  it('POST slots/trial merges 30-minute slots of every tutor teaching the subject, sorted by start', async () => {
    await olivia([london({}, '00:00', '24:00')]);
    // Theo (seeded: weekdays 09:00–18:00 Singapore, 12 h notice) and Olivia both teach IGCSE Maths Grade 9.
    const date = [4, 5, 6, 7, 8].map(day).find((d) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()))!;
    const res = await call('POST', '/user-availability/slots/trial', who.student, {
      curriculum: 'Cambridge IGCSE',
      subject: 'Mathematics',
      grade: 'Grade 9',
      date,
      timezone: 'Asia/Singapore',
    });
    expect(res.status).toBe(200);
    const list = await res.json<SlotOption[]>();
    expect(new Set(list.map((s) => s.user))).toEqual(new Set([THEO, OLIVIA]));
    for (const s of list) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(30 * 60_000);
    expect(list.map((s) => s.start)).toEqual([...list.map((s) => s.start)].sort());
    const physics = await call('POST', '/user-availability/slots/trial', who.student, {
      curriculum: 'Cambridge IGCSE',
      subject: 'Physics',
      grade: 'Grade 9',
      date,
      timezone: 'Asia/Singapore',
    });
    expect(new Set((await physics.json<SlotOption[]>()).map((s) => s.user))).toEqual(new Set([THEO]));
  });

  it('leaves a tutor who is on a break out of trials', async () => {
    await call('PUT', `/user-availability/${OLIVIA}`, who.admin, {
      items: [london()],
      availabilityState: 'onABreak',
      bookingRules: { minNoticeMinutes: 0, maxDaysAhead: 730 },
    });
    const res = await call('POST', '/user-availability/slots/trial', who.student, {
      curriculum: 'Cambridge IGCSE',
      subject: 'Mathematics',
      grade: 'Grade 9',
      date: '2027-03-27',
      timezone: LONDON,
    });
    expect((await res.json<SlotOption[]>()).filter((s) => s.user === OLIVIA)).toEqual([]);
    await call('PUT', `/user-availability/${OLIVIA}`, who.admin, { items: [london()], availabilityState: 'available' });
  });
});

describe('errors', () => {
  it('names a bad date, duration or zone', async () => {
    const get = (q: string) => call('GET', `/user-availability/slots/${OLIVIA}?${q}`, who.student);
    await expectFieldError(await get('date=2027-02-30'), 'date');
    await expectFieldError(await get('date=27-03-2027'), 'date');
    await expectFieldError(await get('date=2027-03-27&duration=20'), 'duration');
    await expectFieldError(await get('date=2027-03-27&timezone=Nowhere/Else'), 'timezone');
    await expectFieldError(
      await call('POST', '/user-availability/slots/trial', who.student, { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', date: '2027-03-27' }),
      'grade',
    );
    await expectFieldError(
      await call('POST', '/user-availability/slots/tutor', who.student, { tutorId: DEMO_USERS.student._id, date: '2027-03-27', duration: 60 }),
      'tutorId',
    );
  });

  it('gives no slots for a subject nobody teaches', async () => {
    const res = await call('POST', '/user-availability/slots/trial', who.student, {
      curriculum: 'Cambridge IGCSE',
      subject: 'Latin',
      grade: 'Grade 9',
      date: '2027-03-27',
    });
    expect(await res.json()).toEqual([]);
  });
});

describe('permissions', () => {
  it('404s slots of someone who is not a tutor here', async () => {
    expect((await call('GET', `/user-availability/slots/${DEMO_USERS.student._id}?date=2027-03-27`, who.student)).status).toBe(404);
    expect((await call('GET', `/user-availability/slots/${OLIVIA}?date=2027-03-27`, who.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await call('POST', '/user-availability/slots/tutor', who.partner, { tutorId: OLIVIA, date: '2027-03-27' }, PARTNER_HOST)).status).toBe(400);
  });

  it("another tenant's trial search never sees this tenant's tutors", async () => {
    const res = await call(
      'POST',
      '/user-availability/slots/trial',
      who.partner,
      { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 9', date: day(5) },
      PARTNER_HOST,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('signed-out callers get 401', async () => {
    expect((await call('GET', `/user-availability/slots/${OLIVIA}?date=2027-03-27`, 'nope')).status).toBe(401);
    expect((await call('POST', '/user-availability/slots/trial', 'nope', {})).status).toBe(401);
  });
});
