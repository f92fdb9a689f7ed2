import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed, MeetingsList, ScheduleLesson, ScheduleList } from '../../schema/contracts/schedule';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { calendarFeeds, sections, users } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { api, bearer, expectFieldError } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const SAM = DEMO_USERS.student._id;
const MAYA = DEMO_USERS.student2._id;
const THEO = DEMO_USERS.tutor._id;
const UNLINKED = 'user_schedule_unlinked';
const DAY = 24 * 60 * 60_000;

let as: Callers;
let range: { startDate: string; endDate: string };

const get = (path: string, token: string, headers: Record<string, string> = {}, host = 'localhost') => api(path, { headers: bearer(token, headers) }, host);
const qs = (query: Record<string, string>) => `?${new URLSearchParams(query)}`;

async function listOf(userId: string, token: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await get(`/schedule/list/${userId}${qs({ ...range, ...extra })}`, token, headers);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<ScheduleList>();
}

async function meetings(query: Record<string, string>, token = as.admin) {
  const res = await get(`/admin/schedule/meetings${qs(query)}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<MeetingsList>();
}

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  await db.insert(users).values({
    _id: UNLINKED,
    tenantId: TENANT_IDS.studyhall,
    email: 'unlinked@studyhall.test',
    role: 'STUDENT',
    firstname: 'Una',
    lastname: 'Linked',
    onboarded: true,
  });
  as = await callers();
  const now = Date.now();
  // The seed puts lessons between six days back and thirteen days ahead of its day.
  range = { startDate: new Date(now - 10 * DAY).toISOString(), endDate: new Date(now + 20 * DAY).toISOString() };
});

describe('happy', () => {
  it("lists the tutor's lessons in order, with course, lesson type, join link and attendees", async () => {
    const list = await listOf(THEO, as.tutor);
    expect(list.totalDocs).toBe(7);
    expect(list.docs.map((l) => l.start)).toEqual([...list.docs.map((l) => l.start)].sort());
    const maths = list.docs.find((l) => l._id === 'section_maths_lesson_1')!;
    expect(maths).toMatchObject({
      title: 'Mathematics lesson 1',
      duration: 60,
      status: 'ACTIVE',
      lessonType: '1 on 1',
      joinUrl: '/learning-portal/waiting-room/section_maths_lesson_1',
      course: { _id: SEED_COURSE_IDS.maths, title: 'IGCSE Mathematics with Theo', subject: 'Mathematics', curriculum: 'Cambridge IGCSE', grade: 'Grade 10' },
    });
    expect(Date.parse(maths.end) - Date.parse(maths.start)).toBe(60 * 60_000);
    // The one join rule: open from 15 minutes before the start until the end.
    expect(Date.parse(maths.joinOpensAt)).toBe(Date.parse(maths.start) - 15 * 60_000);
    expect(maths.joinClosesAt).toBe(maths.end);
    expect(maths.lessonStatus).toBe(Date.now() < Date.parse(maths.start) ? 'scheduled' : Date.now() < Date.parse(maths.end) ? 'live' : 'ended');
    expect(maths.attendees.map((a) => `${a.firstname} ${a.kind}`)).toEqual(['Sam STUDENT', 'Theo TUTOR']);
    const physics = list.docs.find((l) => l._id === 'section_physics_lesson_1')!;
    expect(physics.lessonType).toBe('GROUP');
    expect(physics.attendees.map((a) => a.firstname)).toEqual(['Maya', 'Sam', 'Theo']);
  });

  it('shows a student only the lessons they attend', async () => {
    expect((await listOf(SAM, as.student)).totalDocs).toBe(7);
    const maya = await listOf(MAYA, await signInMaya());
    expect(maya.docs.map((l) => l.course.subject)).toEqual(['Physics', 'Physics', 'Physics']);
  });

  it('lets a parent read a linked student’s schedule, acting for them or naming them', async () => {
    const acting = await listOf(MAYA, as.parent, {}, { 'x-user-id': MAYA });
    expect(acting.totalDocs).toBe(3);
    expect((await listOf(SAM, as.parent)).totalDocs).toBe(7);
  });

  it('filters by course, student and tutor', async () => {
    expect((await listOf(THEO, as.tutor, { courseId: SEED_COURSE_IDS.physics })).docs.every((l) => l.course._id === SEED_COURSE_IDS.physics)).toBe(true);
    expect((await listOf(THEO, as.tutor, { studentId: MAYA })).totalDocs).toBe(3);
    expect((await listOf(SAM, as.student, { tutorId: THEO })).totalDocs).toBe(7);
    expect((await listOf(SAM, as.student, { tutorId: MAYA })).totalDocs).toBe(0);
  });

  it('keeps a cancelled lesson on the schedule, marked CANCELLED, and a trial shows as TRIAL', async () => {
    await db.update(sections).set({ status: 'CANCELLED', cancelReason: 'Sick' }).where(eq(sections._id, 'section_physics_lesson_2'));
    await db.update(sections).set({ lessonKind: 'TRIAL' }).where(eq(sections._id, 'section_maths_lesson_2'));
    const list = await listOf(SAM, as.student);
    const cancelled = list.docs.find((l) => l._id === 'section_physics_lesson_2');
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: 'Sick', lessonStatus: 'cancelled', canJoin: false });
    expect(list.docs.find((l) => l._id === 'section_maths_lesson_2')?.lessonType).toBe('TRIAL');
  });

  it('an admin with course access reads anyone’s schedule', async () => {
    expect((await listOf(MAYA, as.admin)).totalDocs).toBe(3);
    expect((await listOf(MAYA, as.enterer)).totalDocs).toBe(3);
  });

  it('returns one lesson to a member of its course', async () => {
    for (const token of [as.student, as.tutor, as.admin]) {
      const res = await get('/schedule/section_maths_lesson_1', token);
      expect(res.status).toBe(200);
      expect((await res.json<ScheduleLesson>()).course.title).toBe('IGCSE Mathematics with Theo');
    }
  });

  it('keeps a weekly lesson at its local wall time across a daylight-saving change', async () => {
    // Europe/London moves its clocks on 2030-03-31: 17:00 local is 17:00Z before it and 16:00Z after.
    const created = await call('POST', '/zoom-meetings', as.tutor, {
      course: SEED_COURSE_IDS.maths,
      title: 'Weekly revision',
      start: '2030-03-18T17:00:00Z',
      duration: 60,
      repeatWeekly: { occurrences: 4, timezone: 'Europe/London' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const res = await get(`/schedule/list/${SAM}${qs({ startDate: '2030-03-15T00:00:00Z', endDate: '2030-04-15T00:00:00Z' })}`, as.student);
    const list = await res.json<ScheduleList>();
    expect(list.docs.map((l) => l.start)).toEqual([
      '2030-03-18T17:00:00.000Z',
      '2030-03-25T17:00:00.000Z',
      '2030-04-01T16:00:00.000Z',
      '2030-04-08T16:00:00.000Z',
    ]);
    expect(list.docs.map((l) => format(new TZDate(l.start, 'Europe/London'), 'EEE HH:mm'))).toEqual(['Mon 17:00', 'Mon 17:00', 'Mon 17:00', 'Mon 17:00']);
  });
});

describe('happy: calendar files', () => {
  it('downloads one lesson as an .ics event', async () => {
    const res = await get('/schedule/section_maths_lesson_1/ics', as.student);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    expect(res.headers.get('content-disposition')).toContain('.ics');
    const text = await res.text();
    const lesson = (await listOf(SAM, as.student)).docs.find((l) => l._id === 'section_maths_lesson_1')!;
    const stamp = lesson.start.replace(/[-:]/g, '').replace('.000', '');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('UID:section_maths_lesson_1@studyhall');
    expect(text).toContain(`DTSTART:${stamp}`);
    expect(text).toContain('SUMMARY:Mathematics lesson 1 · IGCSE Mathematics with Theo');
    expect(text).toContain('STATUS:CONFIRMED');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('creates a feed a calendar app reads without a token, rotates it, and stops it', async () => {
    const created = await call('POST', '/schedule/feed', as.student);
    const { url } = await created.json<CalendarFeed>();
    expect(url).toMatch(/^http:\/\/localhost\/api\/schedule\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await (await get('/schedule/feed', as.student)).json<CalendarFeed>()).url).toBe(url);

    const feed = await api(new URL(url!).pathname.replace('/api', ''));
    expect(feed.status).toBe(200);
    const text = await feed.text();
    expect(text.match(/BEGIN:VEVENT/g)!.length).toBeGreaterThanOrEqual(7);
    expect(text).toContain('STATUS:CANCELLED');

    const rotated = (await (await call('POST', '/schedule/feed', as.student)).json<CalendarFeed>()).url!;
    expect(rotated).not.toBe(url);
    expect((await api(new URL(url!).pathname.replace('/api', ''))).status).toBe(404);
    expect((await api(new URL(rotated).pathname.replace('/api', ''))).status).toBe(200);

    expect((await (await call('DELETE', '/schedule/feed', as.student)).json<CalendarFeed>()).url).toBeNull();
    expect((await api(new URL(rotated).pathname.replace('/api', ''))).status).toBe(404);
  });
});

describe('happy: admin meetings', () => {
  it('pages the tenant’s lessons with totals over every match', async () => {
    const page = await meetings({ ...range, limit: '2', offset: '0' });
    expect(page.docs).toHaveLength(2);
    expect(page).toMatchObject({ limit: 2, offset: 0, totalDocs: 7, totalDuration: 420 });
    const next = await meetings({ ...range, limit: '2', offset: '2' });
    expect(next.docs[0]!.start >= page.docs[1]!.start).toBe(true);
  });

  it('sorts by a whitelisted key and filters by student, tutor and course', async () => {
    const desc = await meetings({ ...range, sortKey: 'start', sortValue: 'desc' });
    expect(desc.docs.map((d) => d.start)).toEqual([...desc.docs.map((d) => d.start)].sort().reverse());
    const byCourse = await meetings({ ...range, sortKey: 'course' });
    expect(byCourse.docs[0]!.course.title).toBe('IGCSE Mathematics with Theo');
    expect(await meetings({ ...range, studentId: MAYA })).toMatchObject({ totalDocs: 3, totalDuration: 180 });
    expect((await meetings({ ...range, tutorId: THEO })).totalDocs).toBe(7);
    expect((await meetings({ ...range, courseId: SEED_COURSE_IDS.physics })).totalDocs).toBe(3);
  });

  it('answers countOnly=1 with the totals and no docs', async () => {
    expect(await meetings({ ...range, countOnly: '1' })).toEqual({ docs: [], limit: 20, offset: 0, totalDocs: 7, totalDuration: 420 });
  });
});

describe('errors', () => {
  it('names the missing or bad range field', async () => {
    await expectFieldError(await get(`/schedule/list/${SAM}${qs({ endDate: range.endDate })}`, as.student), 'startDate');
    await expectFieldError(await get(`/schedule/list/${SAM}${qs({ startDate: 'tomorrow', endDate: range.endDate })}`, as.student), 'startDate');
    await expectFieldError(await get(`/schedule/list/${SAM}${qs({ startDate: range.endDate, endDate: range.startDate })}`, as.student), 'endDate');
    await expectFieldError(
      await get(`/schedule/list/${SAM}${qs({ startDate: '2030-01-01T00:00:00Z', endDate: '2030-04-04T00:00:00Z' })}`, as.student),
      'endDate',
    );
  });

  it('refuses a sort key off the list, a bad page and a bad countOnly', async () => {
    await expectFieldError(await get(`/admin/schedule/meetings${qs({ sortKey: 'tenantId' })}`, as.admin), 'sortKey');
    await expectFieldError(await get(`/admin/schedule/meetings${qs({ limit: '0' })}`, as.admin), 'limit');
    await expectFieldError(await get(`/admin/schedule/meetings${qs({ countOnly: 'yes' })}`, as.admin), 'countOnly');
    await expectFieldError(await get(`/admin/schedule/meetings${qs({ startDate: range.endDate, endDate: range.startDate })}`, as.admin), 'endDate');
  });

  it('answers 404 for a missing lesson, a resource section and an unknown feed', async () => {
    expect((await get('/schedule/section_nope', as.student)).status).toBe(404);
    expect((await get(`/schedule/${SEED_COURSE_IDS.mathsResource}`, as.student)).status).toBe(404);
    expect((await api('/schedule/feed/not-a-token.ics')).status).toBe(404);
    expect((await api(`/schedule/feed/${'a'.repeat(43)}.ics`)).status).toBe(404);
    expect((await get(`/schedule/list/user_nobody${qs(range)}`, as.admin)).status).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses signed-out callers', async () => {
    expect((await api(`/schedule/list/${SAM}${qs(range)}`)).status).toBe(401);
    expect((await api('/schedule/section_maths_lesson_1')).status).toBe(401);
    expect((await api('/schedule/section_maths_lesson_1/ics')).status).toBe(401);
    expect((await api('/admin/schedule/meetings')).status).toBe(401);
    expect((await api('/schedule/feed', { method: 'POST' })).status).toBe(401);
  });

  it("refuses another student's schedule and lessons", async () => {
    const maya = await signInMaya();
    expect((await get(`/schedule/list/${SAM}${qs(range)}`, maya)).status).toBe(403);
    expect((await get('/schedule/section_maths_lesson_1', maya)).status).toBe(404);
    expect((await get('/schedule/section_maths_lesson_1/ics', maya)).status).toBe(404);
    expect((await get(`/schedule/list/${SAM}${qs(range)}`, as.tutor)).status).toBe(403);
  });

  it('refuses a parent for a student they are not linked to', async () => {
    expect((await get(`/schedule/list/${UNLINKED}${qs(range)}`, as.parent)).status).toBe(403);
    expect((await get(`/schedule/list/${UNLINKED}${qs(range)}`, as.parent, { 'x-user-id': UNLINKED })).status).toBe(403);
  });

  it('refuses admins without course access, and students, the meetings table', async () => {
    expect((await get(`/admin/schedule/meetings${qs(range)}`, as.approver)).status).toBe(403);
    expect((await get(`/admin/schedule/meetings${qs(range)}`, as.student)).status).toBe(403);
    expect((await get(`/schedule/list/${SAM}${qs(range)}`, as.approver)).status).toBe(403);
  });

  it("keeps another tenant's admin out of this tenant's lessons", async () => {
    expect((await get(`/schedule/list/${SAM}${qs(range)}`, as.partner, {}, PARTNER_HOST)).status).toBe(404);
    expect((await get('/schedule/section_maths_lesson_1', as.partner, {}, PARTNER_HOST)).status).toBe(404);
    expect((await get('/schedule/section_maths_lesson_1/ics', as.partner, {}, PARTNER_HOST)).status).toBe(404);
    expect(await meetings(range, as.partner).catch(() => null)).toBeNull();
    const partnerRes = await get(`/admin/schedule/meetings${qs(range)}`, as.partner, {}, PARTNER_HOST);
    expect(await partnerRes.json()).toMatchObject({ docs: [], totalDocs: 0, totalDuration: 0 });
    expect((await get(`/admin/schedule/meetings${qs(range)}`, as.partner)).status).toBe(401);
  });

  it("does not serve a feed on another tenant's domain", async () => {
    const { url } = await (await call('POST', '/schedule/feed', as.tutor)).json<CalendarFeed>();
    const path = new URL(url!).pathname.replace('/api', '');
    expect((await api(path, {}, PARTNER_HOST)).status).toBe(404);
    expect(await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, THEO)).all()).toHaveLength(1);
  });
});

async function signInMaya() {
  const { signIn } = await import('../helpers/auth');
  return signIn('student2@studyhall.test');
}
