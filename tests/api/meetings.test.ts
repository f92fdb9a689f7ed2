import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Section } from '../../schema/contracts/sections';
import { DEMO_USERS } from '../../schema/seed';
import { lessonSeries, sections } from '../../schema/tables';
import { type Callers, call } from '../helpers/admins';
import { type ErrorJson, expectFieldError } from '../helpers/auth';
import { COURSE_IDS, LESSON_START, sectionSnapshot, seedCoursesSignedIn } from '../helpers/section-fixtures';
import { db, PARTNER_HOST } from '../helpers/seed';
import { weekdayAhead } from '../helpers/trials';

let as: Callers;
let maya: string;
const ids = COURSE_IDS;
const SAM = DEMO_USERS.student._id;
const THEO = DEMO_USERS.tutor._id;

const lesson = (start: string, extra: Record<string, unknown> = {}) => ({
  course: ids.sam,
  title: 'Quadratics',
  start,
  duration: 60,
  attendees: [
    { user: THEO, kind: 'TUTOR' },
    { user: SAM, kind: 'STUDENT' },
  ],
  ...extra,
});

const create = async (body: unknown, token = as.tutor, path = '/team-meetings') => {
  const res = await call('POST', path, token, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<Section & { occurrences?: Section[] }>();
};

beforeAll(async () => {
  ({ as, maya } = await seedCoursesSignedIn());
});

describe('happy', () => {
  it('creates a team meeting whose join link is the lesson’s own live room', async () => {
    const created = await create(lesson('2030-03-04T09:00:00Z', { lessonKind: 'TRIAL', billingKind: 'NON_BILLABLE' }));
    expect(created).toMatchObject({
      kind: 'TEAMS',
      status: 'ACTIVE',
      start: '2030-03-04T09:00:00.000Z',
      duration: 60,
      lessonKind: 'TRIAL',
      billingKind: 'NON_BILLABLE',
      joinUrl: `/learning-portal/waiting-room/${created._id}`,
      attendees: [
        { user: THEO, kind: 'TUTOR' },
        { user: SAM, kind: 'STUDENT' },
      ],
    });
  });

  it('creates a zoom meeting with a provider link, and the whole course attends when no attendees are given', async () => {
    const created = await create(
      { course: ids.sam, title: 'Zoom lesson', start: '2030-03-05T09:00:00Z', duration: 45, joinUrl: 'https://zoom.us/j/123' },
      as.admin,
      '/zoom-meetings',
    );
    expect(created).toMatchObject({ kind: 'ZOOM', joinUrl: 'https://zoom.us/j/123' });
    expect(created.attendees).toEqual(
      expect.arrayContaining([
        { user: THEO, kind: 'TUTOR' },
        { user: SAM, kind: 'STUDENT' },
      ]),
    );
  });

  it('repeats weekly at the same London wall-clock time across the March clock change', async () => {
    // 17:00 in London: GMT (17:00Z) before 28 March 2027, BST (16:00Z) from then on.
    const created = await create(lesson('2027-03-21T17:00:00Z', { repeatWeekly: { occurrences: 3, timezone: 'Europe/London' } }));
    expect(created.occurrences?.map((s) => s.start)).toEqual(['2027-03-21T17:00:00.000Z', '2027-03-28T16:00:00.000Z', '2027-04-04T16:00:00.000Z']);
    expect(created.occurrences?.map((s) => s.title.slice(-8))).toEqual(['(1 of 3)', '(2 of 3)', '(3 of 3)']);
    const seriesId = created.series!;
    expect(created.occurrences!.every((s) => s.series === seriesId)).toBe(true);
    expect(await db.select().from(lessonSeries).where(eq(lessonSeries._id, seriesId)).get()).toMatchObject({ timezone: 'Europe/London', occurrences: 3 });

    // One occurrence is cancelled and another moved; the rest of the series is untouched.
    const [first, second, third] = created.occurrences!;
    const cancelled = await call('PUT', `/team-meetings/cancel/${first!._id}`, as.tutor, { reason: 'Student is ill' });
    expect(await cancelled.json()).toMatchObject({ status: 'CANCELLED', cancelReason: 'Student is ill' });
    const moved = await call('PUT', `/team-meetings/reschedule/${second!._id}`, as.tutor, { start: '2027-03-29T16:00:00Z', duration: 90 });
    expect(await moved.json()).toMatchObject({ start: '2027-03-29T16:00:00.000Z', duration: 90, status: 'ACTIVE' });
    const untouched = await db.select().from(sections).where(eq(sections._id, third!._id)).get();
    expect(untouched).toMatchObject({ status: 'ACTIVE', duration: 60 });
    expect(untouched?.start?.toISOString()).toBe('2027-04-04T16:00:00.000Z');
  });

  it('updates a lesson and deletes occurrences (DELETE with the course, and the user delete)', async () => {
    const created = await create(lesson('2030-03-06T09:00:00Z'));
    const updated = await call('PUT', `/team-meetings/${created._id}`, as.tutor, {
      title: 'Quadratics II',
      start: '2030-03-06T10:00:00Z',
      duration: 30,
      attendees: [{ user: THEO, kind: 'TUTOR' }],
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      title: 'Quadratics II',
      start: '2030-03-06T10:00:00.000Z',
      duration: 30,
      attendees: [{ user: THEO, kind: 'TUTOR' }],
    });
    expect((await call('DELETE', `/team-meetings/${created._id}?course=${ids.sam}`, as.tutor)).status).toBe(200);
    expect((await db.select().from(sections).where(eq(sections._id, created._id)).get())?.deletedAt).toBeInstanceOf(Date);

    const other = await create(lesson('2030-03-07T09:00:00Z'));
    expect((await call('PUT', `/team-meetings/delete/${other._id}`, as.tutor)).status).toBe(200);
    expect((await db.select().from(sections).where(eq(sections._id, other._id)).get())?.deletedAt).toBeInstanceOf(Date);
  });

  it('lets the enrolled student book a lesson in their course', async () => {
    // Inside Theo's hours (10:00 Singapore on a weekday), his notice and his booking window.
    const res = await call('POST', '/team-meetings/course-meeting-book', as.student, {
      course: ids.sam,
      start: `${weekdayAhead(3)}T02:00:00.000Z`,
      duration: 45,
    });
    expect(res.status).toBe(201);
    const booked = await res.json<Section>();
    expect(booked).toMatchObject({
      kind: 'TEAMS',
      duration: 45,
      parent: null,
      title: 'Mathematics with Theo',
      joinUrl: `/learning-portal/waiting-room/${booked._id}`,
    });
    expect(booked.attendees).toEqual([
      { user: THEO, kind: 'TUTOR' },
      { user: SAM, kind: 'STUDENT' },
    ]);
  });

  it('offers 3 and 5 minute lessons outside production', async () => {
    expect((await create(lesson('2030-03-09T09:00:00Z', { duration: 5 }))).duration).toBe(5);
  });
});

describe('errors', () => {
  it('names the bad field and writes nothing', async () => {
    const before = await sectionSnapshot();
    await expectFieldError(await call('POST', '/team-meetings', as.tutor, lesson('2030-04-01T09:00:00Z', { duration: 20 })), 'duration');
    await expectFieldError(await call('POST', '/team-meetings', as.tutor, lesson('2030-04-01T09:00:00Z', { duration: 195 })), 'duration');
    await expectFieldError(await call('POST', '/team-meetings', as.tutor, lesson('next monday')), 'start');
    await expectFieldError(await call('POST', '/team-meetings', as.tutor, lesson('2030-04-01T09:00:00Z', { lessonKind: 'GROUP' })), 'lessonKind');
    await expectFieldError(await call('POST', '/team-meetings', as.tutor, lesson('2030-04-01T09:00:00Z', { joinUrl: 'http://zoom.us/j/1' })), 'joinUrl');
    await expectFieldError(
      await call('POST', '/team-meetings', as.tutor, lesson('2030-04-01T09:00:00Z', { attendees: [{ user: DEMO_USERS.student2._id, kind: 'STUDENT' }] })),
      'attendees.0.user',
    );
    await expectFieldError(
      await call('POST', '/team-meetings', as.tutor, lesson('2030-04-01T09:00:00Z', { repeatWeekly: { occurrences: 2, timezone: 'Mars/Olympus' } })),
      'repeatWeekly.timezone',
    );
    await expectFieldError(
      await call('POST', '/team-meetings', as.tutor, lesson('2030-04-01T09:00:00Z', { repeatWeekly: { occurrences: 53, timezone: 'UTC' } })),
      'repeatWeekly.occurrences',
    );
    await expectFieldError(await call('POST', '/team-meetings', as.tutor, lesson('2030-04-01T09:00:00Z', { parent: ids.lesson })), 'parent');
    await expectFieldError(await call('PUT', `/team-meetings/cancel/${ids.lesson}`, as.tutor, { reason: ' ' }), 'reason');
    await expectFieldError(await call('PUT', `/team-meetings/reschedule/${ids.lesson}`, as.tutor, {}), 'start');
    expect(await sectionSnapshot()).toBe(before);
  });

  it('refuses a lesson that overlaps the tutor’s lesson (409 naming start), also for one occurrence of a series', async () => {
    const before = await sectionSnapshot();
    const clash = await call('POST', '/team-meetings', as.tutor, lesson('2030-01-07T09:30:00Z'));
    expect(clash.status).toBe(409);
    expect((await clash.json<ErrorJson>()).errors[0]?.path).toBe('start');
    const series = await call('POST', '/zoom-meetings', as.tutor, lesson('2029-12-31T09:30:00Z', { repeatWeekly: { occurrences: 3, timezone: 'UTC' } }));
    expect(series.status).toBe(409);
    expect((await call('PUT', `/team-meetings/reschedule/${ids.lesson}`, as.tutor, { start: '2030-03-04T09:30:00Z' })).status).toBe(409);
    expect(await sectionSnapshot()).toBe(before);
    // Back to back is fine.
    expect((await create(lesson(new Date(LESSON_START.getTime() + 3_600_000).toISOString()))).start).toBe('2030-01-07T10:00:00.000Z');
  });

  it('cannot cancel twice, and a zoom route does not reach a team meeting', async () => {
    const created = await create(lesson('2030-05-01T09:00:00Z'));
    expect((await call('PUT', `/team-meetings/cancel/${created._id}`, as.tutor, { reason: 'Holiday' })).status).toBe(200);
    expect((await call('PUT', `/team-meetings/cancel/${created._id}`, as.tutor, { reason: 'Again' })).status).toBe(409);
    expect((await call('PUT', `/team-meetings/reschedule/${created._id}`, as.tutor, { start: '2030-05-02T09:00:00Z' })).status).toBe(409);
    expect((await call('PUT', `/zoom-meetings/cancel/${ids.lesson}`, as.tutor, { reason: 'x' })).status).toBe(404);
  });
});

describe('permissions', () => {
  it('a student of another course, the course’s own student, and another tenant are refused; nothing changes', async () => {
    const before = await sectionSnapshot();
    const body = lesson('2030-06-01T09:00:00Z');
    // Creating is for tutors and admins: the role answers (403) before the course in the body is looked up.
    expect((await call('POST', '/team-meetings', maya, body)).status).toBe(403);
    expect((await call('PUT', `/team-meetings/cancel/${ids.lesson}`, maya, { reason: 'x' })).status).toBe(404);
    expect((await call('PUT', `/team-meetings/delete/${ids.lesson}`, maya)).status).toBe(404);
    expect((await call('POST', '/team-meetings/course-meeting-book', maya, { course: ids.sam, start: '2030-06-01T09:00:00Z', duration: 60 })).status).toBe(404);
    expect((await call('POST', '/team-meetings', as.student, body)).status).toBe(403);
    expect((await call('PUT', `/team-meetings/reschedule/${ids.lesson}`, as.student, { start: '2030-06-01T09:00:00Z' })).status).toBe(403);
    expect((await call('PUT', `/team-meetings/delete/${ids.lesson}`, as.student)).status).toBe(403);
    expect((await call('POST', '/team-meetings', as.partner, body, PARTNER_HOST)).status).toBe(404);
    expect((await call('PUT', `/team-meetings/${ids.lesson}`, as.partner, body, PARTNER_HOST)).status).toBe(404);
    expect((await call('POST', '/team-meetings/course-meeting-book', as.admin, { course: ids.sam, start: '2030-06-01T09:00:00Z', duration: 60 })).status).toBe(
      403,
    );
    // The gate answers before the rest of the body is read: a stranger's or a student's bad body is still 404 or 403.
    expect((await call('POST', '/team-meetings', maya, { course: ids.sam })).status).toBe(403);
    expect((await call('PUT', `/team-meetings/${ids.lesson}`, maya, {})).status).toBe(404);
    expect((await call('PUT', `/team-meetings/${ids.lesson}`, as.student, {})).status).toBe(403);
    expect((await call('PUT', `/team-meetings/reschedule/${ids.lesson}`, as.student, {})).status).toBe(403);
    expect((await call('POST', '/team-meetings/course-meeting-book', as.admin, { course: ids.sam })).status).toBe(403);
    expect(await sectionSnapshot()).toBe(before);
  });

  it('a tutor whose course role lacks TEAMS create cannot plan lessons in that course', async () => {
    const before = await sectionSnapshot();
    const body = { course: ids.maya, title: 'Forces', start: '2030-06-02T09:00:00Z', duration: 60 };
    const refused = await call('POST', '/team-meetings', as.tutor, body);
    expect(refused.status).toBe(403);
    expect((await refused.json<ErrorJson>()).message).toContain('TEAMS: create');
    expect((await call('POST', '/zoom-meetings', as.tutor, body)).status).toBe(403);
    expect(await sectionSnapshot()).toBe(before);
  });
});
