import { addDays, formatISO, isWeekend, nextSunday } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { courseStudents, sectionAttendees, sections, timeOff, trials } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import type { ErrorJson } from '../helpers/auth';
import { COURSE_IDS, course, sectionSnapshot, seedCourses } from '../helpers/section-fixtures';
import { db, seedDemo } from '../helpers/seed';
import { IGCSE_MATHS, weekdayAhead } from '../helpers/trials';

const TENANT = TENANT_IDS.studyhall;
const SAM = DEMO_USERS.student._id;
const THEO = DEMO_USERS.tutor._id;
const MAYA = DEMO_USERS.student2._id;
const NO_TUTOR = 'course_placement_no_tutor';
const OTHER = 'course_placement_other';

/** 10:00 in Singapore, inside Theo's weekday hours (09:00–18:00 there). */
const at10 = (day: string) => `${day}T02:00:00.000Z`;
/** The first weekday at least `days` from today. */
const weekdayFrom = (days: number) => {
  let day = addDays(new Date(), days);
  while (isWeekend(day)) day = addDays(day, 1);
  return formatISO(day, { representation: 'date' });
};

const SAMS_OTHER_LESSON_DAY = weekdayAhead(4);
const TIME_OFF_DAY = weekdayAhead(6);

let as: Callers;

const book = (body: Record<string, unknown>, token = as.student) =>
  call('POST', '/team-meetings/course-meeting-book', token, { course: COURSE_IDS.sam, duration: 60, ...body });

/** A refusal: 409 naming start, the rule in a sentence with no ISO timestamp, and no lesson or trial written. */
async function expectRefused(send: () => Promise<Response>, sentence: string | RegExp) {
  const before = await sectionSnapshot();
  const trialCount = (await db.select().from(trials).all()).length;
  const res = await send();
  const body = await res.json<ErrorJson>();
  expect(res.status, body.message).toBe(409);
  if (typeof sentence === 'string') expect(body.message).toBe(sentence);
  else expect(body.message).toMatch(sentence);
  expect(body.message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  expect(body.errors[0]?.path).toMatch(/^start/);
  expect(await sectionSnapshot()).toBe(before);
  expect((await db.select().from(trials).all()).length).toBe(trialCount);
  return body.message;
}

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  await seedCourses();
  as = await callers();
  await db.batch([
    course(NO_TUTOR, 'Waiting for a tutor'),
    course(OTHER, 'Music with someone else'),
    db.insert(courseStudents).values({ _id: 'enrol_sam_no_tutor', tenantId: TENANT, courseId: NO_TUTOR, userId: SAM, paymentType: 'ONETIME' }),
    db.insert(courseStudents).values({ _id: 'enrol_sam_other', tenantId: TENANT, courseId: OTHER, userId: SAM, paymentType: 'ONETIME' }),
    db.insert(sections).values({
      _id: 'section_sam_other_lesson',
      tenantId: TENANT,
      courseId: OTHER,
      kind: 'TEAMS',
      title: 'Piano',
      sortingKey: 1,
      start: new Date(at10(SAMS_OTHER_LESSON_DAY)),
      duration: 60,
      createdBy: DEMO_USERS.admin._id,
    }),
    db.insert(sectionAttendees).values({ _id: 'attendee_sam_piano', tenantId: TENANT, sectionId: 'section_sam_other_lesson', userId: SAM, kind: 'STUDENT' }),
    db.insert(timeOff).values({
      _id: 'time_off_theo',
      tenantId: TENANT,
      userId: THEO,
      start: new Date(`${TIME_OFF_DAY}T00:00:00.000Z`),
      end: new Date(`${formatISO(addDays(new Date(TIME_OFF_DAY), 1), { representation: 'date' })}T00:00:00.000Z`),
      reason: 'Vacations',
      note: '',
    }),
  ]);
});

describe('a student booking keeps every one of the tutor’s rules', () => {
  it('refuses a time in the past', async () => {
    await expectRefused(() => book({ start: new Date(Date.now() - 86_400_000).toISOString() }), 'That time has already passed. Choose a time from now on.');
  });

  it('refuses a time outside the weekly hours', async () => {
    await expectRefused(
      () => book({ start: at10(formatISO(nextSunday(addDays(new Date(), 2)), { representation: 'date' })) }),
      'Theo is not available on Sundays.',
    );
    await expectRefused(() => book({ start: `${weekdayAhead(2)}T12:00:00.000Z` }), /^Theo is not available at that time on (Mon|Tues|Wednes|Thurs|Fri)days\.$/);
  });

  it('refuses a time inside the minimum notice', async () => {
    await expectRefused(() => book({ start: new Date(Date.now() + 3 * 3_600_000).toISOString() }), "Lessons need 12 hours' notice.");
  });

  it('refuses a time past the booking horizon', async () => {
    await expectRefused(() => book({ start: at10(weekdayFrom(70)) }), "That is past Theo's 60-day booking window.");
  });

  it('refuses a time during the tutor’s time off', async () => {
    await expectRefused(
      () => book({ start: at10(TIME_OFF_DAY) }),
      /^Theo is away from 08:00 on \w+day \d+ \w+( \d{4})? to 08:00 on \w+day \d+ \w+( \d{4})?\.$/,
    );
  });

  it('refuses a time over the student’s lesson in another course, in the student’s own words', async () => {
    await expectRefused(() => book({ start: at10(SAMS_OTHER_LESSON_DAY) }), /^You already have a lesson from 10:00 to 11:00 on \w+day \d+ \w+( \d{4})?\.$/);
  });

  it('refuses any lesson on a course without a tutor', async () => {
    await expectRefused(
      () => book({ course: NO_TUTOR, start: at10(weekdayAhead(3)) }),
      'This course has no tutor yet, so no lesson can be placed on it. An admin can add one.',
    );
  });

  it('books a time that keeps every rule', async () => {
    expect((await book({ start: at10(weekdayAhead(2)) })).status).toBe(201);
  });
});

describe('every path that places a lesson goes through the one rule', () => {
  const planned = (start: string, extra: Record<string, unknown> = {}) => ({
    course: COURSE_IDS.sam,
    kind: 'TEAMS',
    title: 'Planned',
    start,
    duration: 60,
    ...extra,
  });

  it('a tutor booking or planning a lesson: outside their hours is their call, their time off is not', async () => {
    expect((await book({ start: `${weekdayAhead(2)}T12:00:00.000Z` }, as.tutor)).status).toBe(201);
    await expectRefused(() => book({ start: at10(TIME_OFF_DAY) }, as.tutor), /^You are away from/);
    await expectRefused(() => call('POST', '/team-meetings', as.tutor, planned(at10(TIME_OFF_DAY))), /^You are away from/);
  });

  it('an admin creating a lesson or a series may leave the hours but not cross time off, and the refusal says so', async () => {
    expect(
      (await call('POST', '/admin/sections', as.admin, planned(at10(formatISO(nextSunday(addDays(new Date(), 2)), { representation: 'date' }))))).status,
    ).toBe(201);
    const message = await expectRefused(() => call('POST', '/admin/sections', as.admin, planned(at10(TIME_OFF_DAY))), /^Theo is away from/);
    expect(message).toContain("Admins may place lessons in the past or outside a tutor's hours");
    const weekBefore = formatISO(addDays(new Date(TIME_OFF_DAY), -7), { representation: 'date' });
    await expectRefused(
      () => call('POST', '/admin/sections', as.admin, planned(at10(weekBefore), { kind: 'ZOOM', repeatWeekly: { occurrences: 3, timezone: 'UTC' } })),
      /^Theo is away from/,
    );
  });

  it('a reschedule', async () => {
    await expectRefused(() => call('PUT', `/team-meetings/reschedule/${COURSE_IDS.lesson}`, as.tutor, { start: at10(TIME_OFF_DAY) }), /^You are away from/);
    await expectRefused(
      () => call('PUT', `/team-meetings/reschedule/${COURSE_IDS.lesson}`, as.tutor, { start: at10(SAMS_OTHER_LESSON_DAY) }),
      /^Sam already has a lesson from/,
    );
  });

  it('a trial booked by an admin', async () => {
    const start = at10(TIME_OFF_DAY);
    const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
    const send = () => call('POST', '/admin/trials', as.admin, { ...IGCSE_MATHS, studentId: MAYA, tutorId: THEO, startDate: start, endDate: end });
    await expectRefused(send, /^Theo is away from .* Admins may place lessons/);
  });
});
