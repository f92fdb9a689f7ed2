import { count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../schema/contracts/auth';
import type { ListResponse } from '../../schema/contracts/common';
import { type StudentTrials, TRIAL_SLOT_TAKEN, type Trial, type TrialBooked, type TrialRecording } from '../../schema/contracts/trials';
import { DEMO_USERS } from '../../schema/seed';
import { courseStudents, courses, courseTutors, emailOutbox, sectionAttendees, sections, sessions, trials, userSubjects, users } from '../../schema/tables';
import { type Callers, call, seedCallersAndMaya } from '../helpers/admins';
import { api, bearer, expectFieldError, postJson, tokenRequest } from '../helpers/auth';
import { OTHER_TUTOR, seedOtherTutor, weekdays } from '../helpers/availability';
import { db, PARTNER_HOST } from '../helpers/seed';
import { IGCSE_MATHS, trialBody, trialSlots, weekdayAhead } from '../helpers/trials';

const THEO = DEMO_USERS.tutor._id;
const SAM = DEMO_USERS.student._id;
const MAYA = DEMO_USERS.student2._id;
let who: Callers;
let maya: string;

const trialCount = async () => (await db.select({ n: count() }).from(trials).get())!.n;
const trialCourseCount = async () => (await db.select({ n: count() }).from(courses).where(like(courses.title, 'Free trial:%')).get())!.n;

async function book(token: string, body: unknown, headers: Record<string, string> = {}) {
  return api('/trials', { method: 'POST', headers: { ...bearer(token, headers), 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function bookFirst(token: string, date: string, headers: Record<string, string> = {}) {
  const [slot] = await trialSlots(token, date);
  expect(slot, `a free slot on ${date}`).toBeDefined();
  const res = await book(token, trialBody(slot!), headers);
  expect(res.status).toBe(201);
  return { slot: slot!, booked: await res.json<TrialBooked>() };
}

const guestSignUp = (email: string, slot: { start: string; end: string }, extra: Record<string, unknown> = {}) => ({
  firstname: 'Gina',
  lastname: 'Guest',
  email,
  password: 'a-long-password',
  timezone: 'Asia/Singapore',
  ...IGCSE_MATHS,
  startDate: slot.start,
  endDate: slot.end,
  ...extra,
});

async function adminCreate(token: string, start: string, minutes = 30, extra: Record<string, unknown> = {}, host = 'localhost') {
  const end = new Date(Date.parse(start) + minutes * 60_000).toISOString();
  return call('POST', '/admin/trials', token, { ...IGCSE_MATHS, studentId: MAYA, tutorId: THEO, startDate: start, endDate: end, ...extra }, host);
}

beforeAll(async () => {
  ({ as: who, maya } = await seedCallersAndMaya());
});

describe('happy', () => {
  it('books the first free slot as a one-to-one trial course with one TRIAL lesson, and mails the student', async () => {
    const date = weekdayAhead(1);
    const { slot, booked } = await bookFirst(who.student, date);
    expect(booked.trial).toMatchObject({
      ...IGCSE_MATHS,
      studentId: SAM,
      tutorId: THEO,
      status: 'SCHEDULED',
      outcome: null,
      start: slot.start,
      end: slot.end,
      courseId: booked.courseId,
    });
    expect(booked.trial.tutor?.firstname).toBe('Theo');

    const course = await db.select().from(courses).where(eq(courses._id, booked.courseId)).get();
    expect(course).toMatchObject({ kind: 'One-to-One', isOneToOne: true, status: 'ACTIVE', ...IGCSE_MATHS });
    expect(
      await db
        .select({ userId: courseStudents.userId, paymentType: courseStudents.paymentType })
        .from(courseStudents)
        .where(eq(courseStudents.courseId, booked.courseId))
        .all(),
    ).toEqual([{ userId: SAM, paymentType: 'TRIAL' }]);
    expect(
      await db.select({ userId: courseTutors.userId, type: courseTutors.type }).from(courseTutors).where(eq(courseTutors.courseId, booked.courseId)).all(),
    ).toEqual([{ userId: THEO, type: 'TRIAL' }]);
    const lesson = await db.select().from(sections).where(eq(sections._id, booked.trial.sectionId)).get();
    expect(lesson).toMatchObject({
      kind: 'TEAMS',
      lessonKind: 'TRIAL',
      status: 'ACTIVE',
      duration: 30,
      joinUrl: `/learning-portal/waiting-room/${booked.trial.sectionId}`,
    });
    expect(lesson!.start!.toISOString()).toBe(slot.start);
    const attendees = await db.select({ userId: sectionAttendees.userId }).from(sectionAttendees).where(eq(sectionAttendees.sectionId, lesson!._id)).all();
    expect(attendees.map((a) => a.userId).sort()).toEqual([SAM, THEO].sort());

    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'student@studyhall.test')).all();
    expect(mail.some((m) => m.text.includes('Mathematics (Grade 10)') && m.text.includes(`/learning-portal/portal/courses/${booked.courseId}`))).toBe(true);

    expect((await trialSlots(who.student, date)).map((s) => s.start)).not.toContain(slot.start);
  });

  it('lets a parent book for a linked student: the student attends, the parent made it', async () => {
    const { booked } = await bookFirst(who.parent, weekdayAhead(2), { 'x-user-id': MAYA });
    expect(booked.trial.studentId).toBe(MAYA);
    expect(booked.trial.createdBy).toBe(DEMO_USERS.parent._id);
  });

  it('signs a guest up and books at once: the guest becomes the student, signed in, with the trial upcoming', async () => {
    const guest = await (await tokenRequest({ grant_type: 'client_credentials' })).json<TokenResponse>();
    const [slot] = await trialSlots(guest.access_token, weekdayAhead(3));
    const res = await postJson('/trials/sign-up', guestSignUp('gina@example.test', slot!), { headers: bearer(guest.access_token) });
    expect(res.status).toBe(201);
    const body = await res.json<TokenResponse & TrialBooked>();
    expect(body.oauthUser).toMatchObject({ _id: guest.oauthUser._id, email: 'gina@example.test', role: { name: 'STUDENT' } });
    expect(body.trial.studentId).toBe(guest.oauthUser._id);
    expect((await db.select().from(sessions).where(eq(sessions.userId, guest.oauthUser._id)).all()).filter((s) => s.revokedAt).length).toBe(1);

    const mine = await (await api('/trials', { headers: bearer(body.access_token) })).json<StudentTrials>();
    expect(mine.upcomingTrials.map((t) => t._id)).toEqual([body.trial._id]);
  });

  it('gives the trial to the first free tutor in the admin tutor sorting', async () => {
    await seedOtherTutor('Asia/Singapore');
    await db.insert(userSubjects).values({ _id: 'trials_subject_olivia', tenantId: 'tenant_studyhall', userId: OTHER_TUTOR._id, ...IGCSE_MATHS });
    const put = await call('PUT', `/user-availability/${OTHER_TUTOR._id}`, who.admin, {
      items: [{ status: 'ENABLE', timezone: 'Asia/Singapore', weekly: weekdays('09:00', '18:00') }],
    });
    expect(put.status).toBe(200);

    const sorted = await call('PUT', '/admin/tutor-sortings', who.admin, { ...IGCSE_MATHS, tutorIds: [OTHER_TUTOR._id, THEO] });
    expect(sorted.status).toBe(200);
    const date = weekdayAhead(4);
    const both = (await trialSlots(who.student, date)).filter((s, _, all) => all.filter((o) => o.start === s.start).length === 2);
    const first = await book(who.student, trialBody(both[0]!));
    expect((await first.json<TrialBooked>()).trial.tutorId).toBe(OTHER_TUTOR._id);

    await call('PUT', '/admin/tutor-sortings', who.admin, { ...IGCSE_MATHS, tutorIds: [THEO, OTHER_TUTOR._id] });
    const second = await book(who.student, trialBody(both.at(-1)!));
    expect((await second.json<TrialBooked>()).trial.tutorId).toBe(THEO);
  });

  it('lists the tutor sortings with each key’s tutors in order', async () => {
    const res = await call('GET', `/admin/tutor-sortings?${new URLSearchParams({ ...IGCSE_MATHS })}`, who.admin);
    expect(res.status).toBe(200);
    const list = await res.json<ListResponse<{ curriculum: string; tutors: { _id: string }[] }>>();
    expect(list.totalDocs).toBe(1);
    expect(list.docs[0]!.tutors.map((t) => t._id)).toEqual([THEO, OTHER_TUTOR._id]);
    const all = await (await call('GET', '/admin/tutor-sortings?limit=2&sortKey=subject&sortValue=desc', who.admin)).json<ListResponse<{ subject: string }>>();
    expect(all.totalDocs).toBe(4);
    expect(all.docs.map((d) => d.subject)).toEqual(['Physics', 'Physics']);
  });

  it('concurrent bookings of one slot: exactly one wins, the other gets the clear 409, and fresh slots leave it out', async () => {
    const date = weekdayAhead(5);
    const [slot] = (await trialSlots(who.student, date)).filter((s) => s.user === THEO);
    const before = await trialCourseCount();
    const results = await Promise.all([book(who.student, trialBody(slot!, THEO)), book(maya, trialBody(slot!, THEO))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect((await loser.json<{ message: string }>()).message).toBe(TRIAL_SLOT_TAKEN);
    expect(await trialCourseCount()).toBe(before + 1);
    expect((await trialSlots(who.student, date)).filter((s) => s.user === THEO).map((s) => s.start)).not.toContain(slot!.start);
  });

  it('splits the student’s trials into upcoming and completed', async () => {
    const past = await adminCreate(who.admin, '2024-03-04T02:00:00.000Z');
    expect(past.status).toBe(201);
    const res = await api('/trials', { headers: bearer(who.parent, { 'x-user-id': MAYA }) });
    const mine = await res.json<StudentTrials>();
    expect(mine.completedTrials.map((t) => t.start)).toContain('2024-03-04T02:00:00.000Z');
    expect(mine.upcomingTrials.length).toBeGreaterThan(0);
    expect([...mine.upcomingTrials, ...mine.completedTrials].every((t) => t.studentId === MAYA)).toBe(true);
  });

  it('admin lists with filters and pages, records the outcome, cancels (freeing the time) and deletes', async () => {
    const filtered = await (await call('GET', `/admin/trials?studentId=${MAYA}&status=SCHEDULED&limit=1`, who.admin)).json<ListResponse<Trial>>();
    expect(filtered.docs).toHaveLength(1);
    expect(filtered.totalDocs).toBeGreaterThan(1);
    expect(filtered.docs[0]!.studentId).toBe(MAYA);
    const next = await (await call('GET', `/admin/trials?studentId=${MAYA}&status=SCHEDULED&limit=1&offset=1`, who.admin)).json<ListResponse<Trial>>();
    expect(next.docs[0]!._id).not.toBe(filtered.docs[0]!._id);
    const ranged = await (await call('GET', '/admin/trials?start=2024-03-01T00:00:00Z&end=2024-03-05T00:00:00Z', who.admin)).json<ListResponse<Trial>>();
    expect(ranged.docs.map((t) => t.start)).toEqual(['2024-03-04T02:00:00.000Z']);

    const trial = filtered.docs[0]!;
    const outcome = await call('PUT', `/admin/trials/${trial._id}`, who.enterer, { status: 'SUCCEED', outcome: 'ENROLLED', notes: 'Keen' });
    expect(outcome.status).toBe(200);
    expect(await outcome.json<Trial>()).toMatchObject({ status: 'SUCCEED', outcome: 'ENROLLED', notes: 'Keen' });

    const cancel = await call('PUT', `/admin/trials/${trial._id}`, who.admin, { status: 'CANCELED' });
    expect(cancel.status).toBe(200);
    expect((await db.select({ status: sections.status }).from(sections).where(eq(sections._id, trial.sectionId)).get())!.status).toBe('CANCELLED');

    const del = await call('DELETE', `/admin/trials/${trial._id}`, who.admin);
    expect(del.status).toBe(200);
    expect(await db.select().from(trials).where(eq(trials._id, trial._id)).get()).toBeUndefined();
    expect((await db.select({ deletedAt: courses.deletedAt }).from(courses).where(eq(courses._id, trial.courseId)).get())!.deletedAt).not.toBeNull();
  });

  it('the tenant booking defaults apply to tutors without their own rules', async () => {
    const date = weekdayAhead(6);
    expect((await trialSlots(who.student, date)).some((s) => s.user === THEO)).toBe(true);
    const set = await call('PUT', '/admin/booking-defaults', who.admin, { maxDaysAhead: 1 });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ rules: { maxDaysAhead: 1, minNoticeMinutes: null }, effective: { maxDaysAhead: 1, minNoticeMinutes: 720 } });
    expect((await trialSlots(who.student, date)).some((s) => s.user === THEO)).toBe(false);
    await call('PUT', '/admin/booking-defaults', who.admin, {});
    expect((await (await call('GET', '/admin/booking-defaults', who.admin)).json<{ rules: { maxDaysAhead: number | null } }>()).rules.maxDaysAhead).toBeNull();
  });
});

describe('errors', () => {
  it('names the field and writes nothing', async () => {
    const [slot] = await trialSlots(who.student, weekdayAhead(7));
    const before = [await trialCount(), await trialCourseCount()];
    await expectFieldError(await book(who.student, { ...trialBody(slot!), curriculum: '' }), 'curriculum');
    await expectFieldError(await book(who.student, { ...trialBody(slot!), endDate: slot!.start }), 'endDate');
    await expectFieldError(await book(who.student, { ...trialBody(slot!), startDate: 'tomorrow' }), 'startDate');
    await expectFieldError(await book(who.student, { ...trialBody(slot!), grade: 'Grade 99' }), 'grade');
    await expectFieldError(await book(who.student, trialBody(slot!, DEMO_USERS.admin._id)), 'tutorId');
    expect([await trialCount(), await trialCourseCount()]).toEqual(before);
  });

  it('refuses a time that was never offered with the same 409', async () => {
    const sunday = '2030-01-06T03:00:00.000Z';
    const res = await book(who.student, { ...IGCSE_MATHS, startDate: sunday, endDate: '2030-01-06T03:30:00.000Z' });
    expect(res.status).toBe(409);
    expect((await res.json<{ message: string }>()).message).toBe(TRIAL_SLOT_TAKEN);
  });

  it('a taken email on sign-up books nothing and creates no account', async () => {
    const [slot] = await trialSlots(who.student, weekdayAhead(7));
    const before = [await trialCount(), await trialCourseCount()];
    const res = await postJson('/trials/sign-up', guestSignUp('student@studyhall.test', slot!));
    expect(res.status).toBe(409);
    await expectFieldError(await postJson('/trials/sign-up', guestSignUp('new@example.test', slot!, { password: 'short' })), 'password');
    expect([await trialCount(), await trialCourseCount()]).toEqual(before);
    expect(await db.select().from(users).where(eq(users.email, 'new@example.test')).get()).toBeUndefined();
  });

  it('admin: bad outcome, unknown trial, reopening a canceled trial, and a clash with a lesson', async () => {
    const created = await adminCreate(who.admin, '2030-02-04T02:00:00.000Z');
    const trial = await created.json<Trial>();
    await expectFieldError(await call('PUT', `/admin/trials/${trial._id}`, who.admin, { outcome: 'MAYBE' }), 'outcome');
    await expectFieldError(await call('PUT', `/admin/trials/${trial._id}`, who.admin, {}), 'status');
    expect((await call('PUT', '/admin/trials/nope', who.admin, { status: 'COMPLETED' })).status).toBe(404);
    expect((await call('DELETE', '/admin/trials/nope', who.admin)).status).toBe(404);
    expect((await adminCreate(who.admin, '2030-02-04T02:15:00.000Z')).status).toBe(409);
    await expectFieldError(await adminCreate(who.admin, '2030-02-05T02:00:00.000Z', 30, { studentId: THEO }), 'studentId');
    await call('PUT', `/admin/trials/${trial._id}`, who.admin, { status: 'CANCELED' });
    expect((await call('PUT', `/admin/trials/${trial._id}`, who.admin, { status: 'SCHEDULED' })).status).toBe(409);
    expect((await adminCreate(who.admin, '2030-02-04T02:15:00.000Z')).status).toBe(201);
  });

  it('booking defaults name the bad field', async () => {
    await expectFieldError(await call('PUT', '/admin/booking-defaults', who.admin, { maxLessonsPerDay: 0 }), 'maxLessonsPerDay');
  });
});

describe('permissions', () => {
  it('booking needs a signed-in student, or a parent acting for a linked one', async () => {
    const [slot] = await trialSlots(who.student, weekdayAhead(8));
    const before = await trialCount();
    expect((await postJson('/trials', trialBody(slot!))).status).toBe(401);
    expect((await book(who.tutor, trialBody(slot!))).status).toBe(403);
    // Who may book is decided before the body is read: a tutor's empty body is still a 403, not a 400.
    expect((await book(who.tutor, {})).status).toBe(403);
    expect((await book(who.admin, trialBody(slot!))).status).toBe(403);
    expect((await book(who.parent, trialBody(slot!))).status).toBe(403);
    expect((await book(who.student, trialBody(slot!), { 'x-user-id': MAYA })).status).toBe(403);
    const guest = await (await tokenRequest({ grant_type: 'client_credentials' })).json<TokenResponse>();
    expect((await book(guest.access_token, trialBody(slot!))).status).toBe(403);
    expect(await trialCount()).toBe(before);
  });

  it('a student sees only their own trials', async () => {
    const sam = await (await call('GET', '/trials', who.student)).json<StudentTrials>();
    expect([...sam.upcomingTrials, ...sam.completedTrials].every((t) => t.studentId === SAM)).toBe(true);
    expect(sam.upcomingTrials.length).toBeGreaterThan(0);
    expect((await api('/trials')).status).toBe(401);
  });

  it('admin trial calls need the trial classes permission of this tenant', async () => {
    const [trial] = (await (await call('GET', '/admin/trials?limit=1', who.admin)).json<ListResponse<Trial>>()).docs;
    for (const token of [who.student, who.tutor, who.parent, who.approver]) {
      expect((await call('GET', '/admin/trials', token)).status).toBe(403);
      expect((await call('PUT', `/admin/trials/${trial!._id}`, token, { notes: 'x' })).status).toBe(403);
      expect((await call('DELETE', `/admin/trials/${trial!._id}`, token)).status).toBe(403);
      expect((await adminCreate(token, '2030-03-04T02:00:00.000Z')).status).toBe(403);
    }
    expect((await call('DELETE', `/admin/trials/${trial!._id}`, who.enterer)).status).toBe(403);
    const partnerList = await (await call('GET', '/admin/trials', who.partner, undefined, PARTNER_HOST)).json<ListResponse<Trial>>();
    expect(partnerList.totalDocs).toBe(0);
    expect((await call('PUT', `/admin/trials/${trial!._id}`, who.partner, { notes: 'partner' }, PARTNER_HOST)).status).toBe(404);
    expect((await call('DELETE', `/admin/trials/${trial!._id}`, who.partner, undefined, PARTNER_HOST)).status).toBe(404);
    await expectFieldError(await adminCreate(who.partner, '2030-03-04T02:00:00.000Z', 30, {}, PARTNER_HOST), 'studentId');
    expect((await db.select().from(trials).where(eq(trials._id, trial!._id)).get())!.notes).toBe(trial!.notes);
  });

  it('booking defaults need their permission, per tenant', async () => {
    expect((await call('PUT', '/admin/booking-defaults', who.student, { maxDaysAhead: 1 })).status).toBe(403);
    expect((await call('PUT', '/admin/booking-defaults', who.approver, { maxDaysAhead: 1 })).status).toBe(403);
    expect((await call('PUT', '/admin/booking-defaults', who.partner, { maxDaysAhead: 1 }, PARTNER_HOST)).status).toBe(200);
    expect((await trialSlots(who.student, weekdayAhead(6))).some((s) => s.user === THEO)).toBe(true);
  });
  it("a trial's recording names its lesson to the trial's student and tutor and to admins who see trials, and to nobody else", async () => {
    const [trial] = (await (await call('GET', '/trials', who.student)).json<StudentTrials>()).upcomingTrials;
    const path = `/trials/trial-recordings/${trial!._id}`;
    for (const token of [who.student, who.admin]) {
      const recording = await (await call('GET', path, token)).json<TrialRecording>();
      expect(recording).toMatchObject({ _id: trial!._id, sectionId: trial!.sectionId, courseId: trial!.courseId });
    }
    if (trial!.tutorId === THEO) expect((await call('GET', path, who.tutor)).status).toBe(200);
    expect((await call('GET', path, maya)).status).toBe(404);
    expect((await call('GET', path, who.approver)).status).toBe(404);
    expect((await call('GET', path, who.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await api(path)).status).toBe(401);
  });
});
