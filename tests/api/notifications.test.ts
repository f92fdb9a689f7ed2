import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultNotificationPreferences, type NotificationPage } from '../../schema/contracts/notifications';
import type { Section } from '../../schema/contracts/sections';
import { DEMO_USERS } from '../../schema/seed';
import { emailOutbox, notifications, sections } from '../../schema/tables';
import { runScheduledJobs } from '../../worker/lib/jobs/scheduled';
import { type Callers, call } from '../helpers/admins';
import { api, bearer, expectFieldError } from '../helpers/auth';
import { eventually } from '../helpers/docs';
import { COURSE_IDS, seedCoursesSignedIn } from '../helpers/section-fixtures';
import { db } from '../helpers/seed';
import { weekdayAhead } from '../helpers/trials';

let as: Callers;
const SAM = DEMO_USERS.student._id;
const PAT = DEMO_USERS.parent._id;
const THEO = DEMO_USERS.tutor._id;

beforeAll(async () => {
  ({ as } = await seedCoursesSignedIn());
});

const noticesOf = async (userId: string, key: string) =>
  (await db.select().from(notifications).where(eq(notifications.userId, userId)).all()).filter((n) => n.dedupeKey.startsWith(key));
const mailsTo = (email: string, subject: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, `${subject}%`)))
    .all();

async function book(day: number) {
  const res = await call('POST', '/team-meetings/course-meeting-book', as.student, {
    course: COURSE_IDS.sam,
    start: `${weekdayAhead(day)}T02:00:00.000Z`,
    duration: 45,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<Section>();
}

describe('lesson notices', () => {
  it('tells Sam, his parent and Theo of a booking, in the app and by e-mail with the lesson’s calendar file', async () => {
    const lesson = await book(3);
    expect(lesson.title).toBe('Mathematics with Theo');
    await eventually(async () => {
      for (const person of [SAM, PAT, THEO]) expect(await noticesOf(person, `lesson-booked:${lesson._id}`)).toHaveLength(1);
    });
    const [patNotice] = await noticesOf(PAT, `lesson-booked:${lesson._id}`);
    expect(patNotice!.title).toMatch(/^Lesson booked: Mathematics with Theo, /);
    expect(patNotice!.body).toMatch(/^Mathematics with Theo for Sam is booked for /);
    for (const email of [DEMO_USERS.student.email, DEMO_USERS.parent.email, DEMO_USERS.tutor.email]) {
      await eventually(async () => expect(await mailsTo(email, 'Lesson booked: Mathematics with Theo')).toHaveLength(1));
    }
    const [mail] = await mailsTo(DEMO_USERS.parent.email, 'Lesson booked: Mathematics with Theo');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({ filename: 'lesson.ics', contentType: 'text/calendar' });
    expect(mail!.attachments[0]!.content).toContain(`UID:${lesson._id}@studyhall`);
  });

  it('tells of a cancellation once, however often the call is repeated, and the calendar file cancels the event', async () => {
    const lesson = await book(4);
    expect((await call('PUT', `/team-meetings/cancel/${lesson._id}`, as.tutor, { reason: 'Theo is unwell' })).status).toBe(200);
    expect((await call('PUT', `/team-meetings/cancel/${lesson._id}`, as.tutor, { reason: 'Again' })).status).toBe(409);
    await eventually(async () => expect(await noticesOf(SAM, `lesson-cancelled:${lesson._id}`)).toHaveLength(1));
    const [notice] = await noticesOf(SAM, `lesson-cancelled:${lesson._id}`);
    expect(notice!.body).toContain('The reason given: Theo is unwell');
    await eventually(async () => expect(await mailsTo(DEMO_USERS.student.email, 'Lesson cancelled: Mathematics with Theo')).not.toHaveLength(0));
    const [mail] = await mailsTo(DEMO_USERS.student.email, 'Lesson cancelled: Mathematics with Theo');
    expect(mail!.attachments[0]!.content).toContain('STATUS:CANCELLED');
  });

  it('honours a person’s choices: with lesson e-mails off, Pat still finds the notice in the app and gets no e-mail', async () => {
    const preferences = { ...defaultNotificationPreferences(), lessons: { inApp: true, email: false, push: true } };
    const samMails = (await mailsTo(DEMO_USERS.student.email, 'Lesson booked')).length;
    const patMails = (await mailsTo(DEMO_USERS.parent.email, 'Lesson booked')).length;
    expect((await call('PUT', '/notification-preferences', as.parent, preferences)).status).toBe(200);
    expect(await (await call('GET', '/notification-preferences', as.parent)).json()).toEqual(preferences);
    const lesson = await book(5);
    await eventually(async () => expect(await noticesOf(PAT, `lesson-booked:${lesson._id}`)).toHaveLength(1));
    await eventually(async () => expect(await mailsTo(DEMO_USERS.student.email, 'Lesson booked')).toHaveLength(samMails + 1));
    expect(await mailsTo(DEMO_USERS.parent.email, 'Lesson booked')).toHaveLength(patMails);
    expect((await call('PUT', '/notification-preferences', as.parent, defaultNotificationPreferences())).status).toBe(200);
  });

  it('reminds a day and 15 minutes before a lesson, once each, however often the scheduled run comes', async () => {
    const lesson = await book(6);
    const start = new Date(lesson.start!).getTime();
    // The lesson was booked days ahead; make it look so, as the reminder wants.
    await db
      .update(sections)
      .set({ createdAt: new Date(start - 3 * 24 * 3600_000) })
      .where(eq(sections._id, lesson._id));
    const dayBefore = start - 24 * 3600_000 + 5 * 60_000;
    await runScheduledJobs(env, dayBefore);
    await runScheduledJobs(env, dayBefore + 5 * 60_000);
    const soon = start - 10 * 60_000;
    await runScheduledJobs(env, soon);
    await runScheduledJobs(env, soon);
    for (const person of [SAM, PAT, THEO]) {
      expect(await noticesOf(person, `lesson-reminder-24h:${lesson._id}`)).toHaveLength(1);
      expect(await noticesOf(person, `lesson-reminder-15m:${lesson._id}`)).toHaveLength(1);
    }
    const [soonNotice] = await noticesOf(SAM, `lesson-reminder-15m:${lesson._id}`);
    expect(soonNotice!.body).toBe('Mathematics with Theo starts in 15 minutes. Join it from the course page.');
  });
});

describe('the notices list', () => {
  it('shows a person their own notices, newest first, and marks them read; another person’s ids change nothing', async () => {
    const page = await (await call('GET', '/notifications', as.student)).json<NotificationPage>();
    expect(page.totalDocs).toBeGreaterThan(0);
    expect(page.unread).toBe(page.totalDocs);
    expect(page.docs.every((n) => n.kind === 'lessons')).toBe(true);
    const pats = await (await call('GET', '/notifications', as.parent)).json<NotificationPage>();
    const read = await call('POST', '/notifications/read', as.student, { ids: [pats.docs[0]!._id, page.docs[0]!._id] });
    expect((await read.json<NotificationPage>()).unread).toBe(page.unread - 1);
    expect((await (await call('GET', '/notifications', as.parent)).json<NotificationPage>()).unread).toBe(pats.unread);
    const all = await call('POST', '/notifications/read', as.student, { all: true });
    expect((await all.json<NotificationPage>()).unread).toBe(0);
    expect((await (await call('GET', '/notifications?unread=true', as.student)).json<NotificationPage>()).docs).toEqual([]);
  });

  it('names bad input, and refuses the signed out', async () => {
    await expectFieldError(await call('POST', '/notifications/read', as.student, {}), 'ids');
    const bad = { ...defaultNotificationPreferences(), chat: { inApp: 'yes', email: true, push: true } };
    await expectFieldError(await call('PUT', '/notification-preferences', as.student, bad), 'chat.inApp');
    expect((await api('/notifications')).status).toBe(401);
    const headers = bearer('nonsense', { 'content-type': 'application/json' });
    expect((await api('/notification-preferences', { method: 'PUT', headers, body: '{}' })).status).toBe(401);
  });
});
