import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MeetingRequestAnswer } from '../../schema/contracts/meeting-requests';
import { TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { pricingMembers, rates, rateVersions, sectionAttendees, sections, users } from '../../schema/tables';
import { type Callers, call } from './admins';
import { api } from './auth';
import { db } from './seed';

/** Lessons, times and a known rate for the meeting-request and cancellation-policy tests. */

export const SAM = 'user_student';
export const MAYA = 'user_student2';
export const THEO = 'user_tutor';
export const HOUR = 3_600_000;
const T = TENANT_IDS.studyhall;

export async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json<T>();
}

/**
 * Theo is paid SGD 30.00 an hour for Sam's one-to-one lessons and nothing else prices them, so a lesson's amount (the
 * penalty base) is known: the demo's own rates are removed first.
 */
export async function seedKnownRate(as: Callers) {
  for (const table of [rates, rateVersions, pricingMembers]) await db.delete(table);
  await db.update(users).set({ country: 'SG' }).where(eq(users._id, THEO));
  const created = await json<{ _id: string }>(
    await call('POST', '/admin/one-to-one-tutor-rate-versions', as.admin, {
      name: 'Requests',
      dateBasis: 'STUDENT_REGISTRATION_DATE',
      operator: 'GREATER_THAN_OR_EQUAL',
      referenceDate: '2020-01-01',
    }),
    201,
  );
  await db
    .update(rateVersions)
    .set({ createdAt: new Date(Date.now() - 30 * 24 * HOUR) })
    .where(eq(rateVersions._id, created._id));
  await json(await call('POST', '/admin/one-to-one-tutor-rates', as.admin, { versionId: created._id, amount: 3000, currency: 'SGD', tutorCountry: 'SG' }), 201);
}

let sortingKey = 5000;

/** A lesson at `start` (Theo and Sam by default) written straight to the table, so no placement rule decides it. */
export async function lesson(
  start: Date,
  options: { kind?: 'ZOOM' | 'TEAMS'; duration?: number; tutors?: string[]; students?: string[]; courseId?: string } = {},
) {
  const { kind = 'TEAMS', duration = 60, tutors = [THEO], students = [SAM], courseId = SEED_COURSE_IDS.maths } = options;
  const row = await db
    .insert(sections)
    .values({
      tenantId: T,
      courseId,
      sortingKey: sortingKey++,
      kind,
      title: `Lesson at ${start.toISOString()}`,
      start,
      duration,
      lessonKind: 'LESSON',
      createdBy: THEO,
    })
    .returning()
    .get();
  const people = [...tutors.map((userId) => ({ userId, kind: 'TUTOR' as const })), ...students.map((userId) => ({ userId, kind: 'STUDENT' as const }))];
  await db.insert(sectionAttendees).values(people.map((p) => ({ ...p, tenantId: T, sectionId: row._id })));
  return row;
}

/** `hours` from now, plus half an hour so no request made within the test sits on a notice band's edge. */
export const hoursAhead = (hours: number) => new Date(Date.now() + hours * HOUR + HOUR / 2);

/**
 * A time inside Theo's working hours (weekdays 09:00–18:00 Singapore, 01:00–10:00 UTC) at least `days` days ahead, at
 * `hourUtc` o'clock UTC: a student may only move a lesson into the tutor's real free time.
 */
export function workingHour(days: number, hourUtc: number) {
  const day = new Date(Date.now() + days * 24 * HOUR);
  day.setUTCHours(hourUtc, 0, 0, 0);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setTime(day.getTime() + 24 * HOUR);
  return day;
}

export const sectionOf = (id: string) => db.select().from(sections).where(eq(sections._id, id)).get();

export type Answer = MeetingRequestAnswer;

/** Asks as `token` and expects the request to be made. */
export async function ask(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return json<Answer>(await request('POST', '/meeting-requests', token, body, headers), 201);
}

/** A call with extra headers (a parent's x-user-id). */
export function request(method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
  return api(path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
