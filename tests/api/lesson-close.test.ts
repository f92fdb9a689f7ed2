import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFor } from '../../platform/database';
import { recordJoin, recordLeave } from '../../platform/ledger/attendance';
import { classTimingStatus } from '../../schema/contracts/class-timing';
import { TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import {
  jobRuns,
  lessonAttendance,
  lessonHistory,
  lessonSessions,
  meetingRequests,
  pricingMembers,
  rates,
  rateVersions,
  sections,
  users,
} from '../../schema/tables';
import { closeEndedLessons } from '../../worker/lib/jobs/close-ended-lessons';
import { runScheduledJobs } from '../../worker/lib/jobs/scheduled';
import { allocate } from '../../worker/lib/ledger/close-lesson';
import { scopedDb } from '../../worker/lib/tenant-db';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { endingLesson } from '../helpers/ending-lessons';
import { db, seedDemo } from '../helpers/seed';

const SAM = 'user_student';
const MAYA = 'user_student2';
const THEO = 'user_tutor';
const MINUTE = 60_000;
const T = TENANT_IDS.studyhall;
const tdb = () => scopedDb(databaseFor(env.DB), T);
let as: Callers;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  for (const table of [rates, rateVersions, pricingMembers]) await db.delete(table);
  await db.update(users).set({ country: 'SG' }).where(eq(users._id, THEO));
  as = await callers();
  await rateOf('one-to-one-tutor-rate', 3000);
  await rateOf('group-tutor-rate', 1000);
});

/** A version dated a month back (a lesson is priced with the versions that existed when it started) with one SG rate. */
async function rateOf(path: string, amount: number, dateBasis = path.startsWith('group') ? 'TUTOR_REGISTRATION_DATE' : 'STUDENT_REGISTRATION_DATE') {
  const created = await call('POST', `/admin/${path}-versions`, as.admin, {
    name: `${path} for closing`,
    dateBasis,
    operator: 'GREATER_THAN_OR_EQUAL',
    referenceDate: '2020-01-01',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const version = await created.json<{ _id: string }>();
  await db
    .update(rateVersions)
    .set({ createdAt: new Date(Date.now() - 30 * 24 * 60 * MINUTE) })
    .where(eq(rateVersions._id, version._id));
  const rate = await call('POST', `/admin/${path}s`, as.admin, { versionId: version._id, amount, currency: 'SGD', tutorCountry: 'SG' });
  expect(rate.status, await rate.clone().text()).toBe(201);
}

const joinAt = (sectionId: string, userId: string, at: Date) => recordJoin(databaseFor(env.DB), { tenantId: T, sectionId, userId }, at);
const leaveAt = (sectionId: string, userId: string, at: Date) => recordLeave(databaseFor(env.DB), { tenantId: T, sectionId, userId }, at);
const historyOf = (sectionId: string) => db.select().from(lessonHistory).where(eq(lessonHistory.sectionId, sectionId)).orderBy(lessonHistory.studentId).all();
const run = (key: string) => closeEndedLessons(tdb(), key, new Date());

describe('the class timing rule (spec 1 section 4)', () => {
  const start = new Date('2026-11-20T09:00:00Z');
  const after = new Date('2026-11-20T10:00:00Z');
  it('is "Class Not Started" before the start, then "Missed" with no join', () => {
    expect(classTimingStatus(start, null, new Date(start.getTime() - 1))).toBe('Class Not Started');
    expect(classTimingStatus(start, null, after)).toBe('Missed');
  });
  it('is on time up to 59 s after the start and "1 Min Late" at 60 s', () => {
    expect(classTimingStatus(start, new Date(start.getTime() - 5 * MINUTE), after)).toBe('On Time');
    expect(classTimingStatus(start, new Date(start.getTime() + 59_000), after)).toBe('On Time');
    expect(classTimingStatus(start, new Date(start.getTime() + 60_000), after)).toBe('1 Min Late');
    expect(classTimingStatus(start, new Date(start.getTime() + 7 * MINUTE + 59_000), after)).toBe('7 Min Late');
  });
});

describe('a lesson closes itself into history', () => {
  it('closes an ended lesson once: completed, ended, priced, a row per student with attendance and pay', async () => {
    const section = await endingLesson(70, { tutors: [THEO], students: [SAM] });
    const start = section.start!.getTime();
    await joinAt(section._id, THEO, new Date(start + 3 * MINUTE));
    await joinAt(section._id, SAM, new Date(start - MINUTE));
    await leaveAt(section._id, SAM, new Date(start + 40 * MINUTE));
    await leaveAt(section._id, THEO, new Date(start + 45 * MINUTE));

    const first = await run('run-1');
    expect(first.lessons).toBeGreaterThanOrEqual(1);
    const [row, ...others] = await historyOf(section._id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      studentId: SAM,
      tutorId: THEO,
      duration: 60,
      classTimingStatus: '3 Min Late',
      studentTimingStatus: 'On Time',
      tutorSecondsInRoom: 42 * 60,
      studentSecondsInRoom: 41 * 60,
      tutorRate: 3000,
      tutorRateCurrency: 'SGD',
      tutorAmount: 3000,
      allocatedTutorAmount: 3000,
      tutorAmountCurrency: 'SGD',
      tutorPaymentStatus: 'PROCESSING',
      closedBy: 'JOB',
      subject: 'Mathematics',
    });
    expect(row!.eventId).toMatch(/^[0-9a-f]{32}$/);
    expect(row!.rateExplanation).toContain('30.00 SGD/h × 60 min');
    expect((await db.select().from(sections).where(eq(sections._id, section._id)).get())?.status).toBe('COMPLETED');
    expect((await db.select().from(lessonSessions).where(eq(lessonSessions.sectionId, section._id)).get())?.endedAt?.getTime()).toBe(start + 60 * MINUTE);

    await run('run-2');
    await run('run-1');
    expect(await historyOf(section._id)).toEqual([row]);
    expect(await db.select().from(jobRuns).where(eq(jobRuns.runKey, 'run-1')).all()).toHaveLength(1);
  });

  it('leaves a lesson that has not ended yet alone', async () => {
    const section = await endingLesson(30, { tutors: [THEO], students: [SAM] });
    await run('run-early');
    expect(await historyOf(section._id)).toEqual([]);
    expect((await db.select().from(sections).where(eq(sections._id, section._id)).get())?.status).toBe('ACTIVE');
  });

  it('writes one row per student when the job and "End lesson" race, whichever lands first', async () => {
    for (let i = 0; i < 5; i += 1) {
      const section = await endingLesson(61, { tutors: [THEO], students: [SAM] });
      const [, ended] = await Promise.all([run(`race-${i}`), call('POST', `/lesson-rooms/${section._id}/end`, as.tutor)]);
      expect(ended.status).toBe(200);
      await run(`race-again-${i}`);
      expect(await historyOf(section._id)).toHaveLength(1);
    }
  });

  it('ends as "Class Not Started" when nobody came, paying what the policy says (nothing by default)', async () => {
    const section = await endingLesson(120, { tutors: [THEO], students: [SAM] });
    await run('run-nobody');
    expect((await historyOf(section._id))[0]).toMatchObject({ classTimingStatus: 'Class Not Started', studentTimingStatus: 'Missed', tutorAmount: 0 });
    expect((await historyOf(section._id))[0]!.rateExplanation).toBe('Nobody joined this lesson, so the policy pays 0% of SGD 30.00.');
  });

  it('pays nothing when the tutor never came, and in full when the tutor came and the student did not', async () => {
    const noTutor = await endingLesson(130, { tutors: [THEO], students: [SAM] });
    await joinAt(noTutor._id, SAM, noTutor.start!);
    const noStudent = await endingLesson(140, { tutors: [THEO], students: [SAM] });
    await joinAt(noStudent._id, THEO, noStudent.start!);
    await run('run-no-shows');
    expect((await historyOf(noTutor._id))[0]).toMatchObject({ classTimingStatus: 'Missed', studentTimingStatus: 'On Time', tutorAmount: 0 });
    expect((await historyOf(noStudent._id))[0]).toMatchObject({ classTimingStatus: 'On Time', studentTimingStatus: 'Missed', tutorAmount: 3000 });
  });

  it('shares a group lesson’s pay over its students’ rows so the rows add up to it', async () => {
    const section = await endingLesson(100, { tutors: [THEO], students: [SAM, MAYA] }, 45, SEED_COURSE_IDS.physics);
    await joinAt(section._id, THEO, section.start!);
    await joinAt(section._id, SAM, section.start!);
    await run('run-group');
    const rows = await historyOf(section._id);
    expect(rows.map((r) => r.studentId)).toEqual([SAM, MAYA].sort());
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(1);
    expect(rows.every((r) => r.tutorAmount === 750)).toBe(true);
    expect(rows.reduce((sum, r) => sum + (r.allocatedTutorAmount ?? 0), 0)).toBe(750);
    expect(allocate(1001, 3)).toEqual([334, 334, 333]);
  });

  it('pays a lesson the student cancelled inside the late-cancel window as booked, once; a tutor’s late cancellation pays nothing', async () => {
    const byStudent = await endingLesson(150, { tutors: [THEO], students: [SAM] });
    const byTutor = await endingLesson(160, { tutors: [THEO], students: [SAM] });
    for (const [section, role] of [
      [byStudent, 'STUDENT'],
      [byTutor, 'TUTOR'],
    ] as const) {
      await db.update(sections).set({ status: 'CANCELLED' }).where(eq(sections._id, section._id));
      await db.insert(meetingRequests).values({
        tenantId: T,
        sectionId: section._id,
        courseId: SEED_COURSE_IDS.maths,
        type: 'CANCEL',
        status: 'APPROVED',
        requestedBy: role === 'STUDENT' ? SAM : THEO,
        requestedByRole: role,
        start: section.start!,
        tutorIds: [THEO],
        studentIds: [SAM],
        reason: 'Late cancellation',
        policyVersion: 1,
        chargeable: true,
      });
    }
    await run('run-chargeable');
    await run('run-chargeable-again');
    const [paid, ...twice] = await historyOf(byStudent._id);
    expect(twice).toEqual([]);
    expect(paid).toMatchObject({ tutorAmount: 3000, tutorAmountCurrency: 'SGD', classTimingStatus: 'Class Not Started' });
    expect(paid!.rateExplanation).toMatch(/^The student cancelled inside the late-cancel window, so the lesson is paid as booked: /);
    expect(await historyOf(byTutor._id)).toEqual([]);
    const [still] = await db.select({ status: sections.status }).from(sections).where(eq(sections._id, byStudent._id)).all();
    expect(still!.status).toBe('CANCELLED');
  });

  it('counts two tabs as one presence and the time until the last one closes', async () => {
    const section = await endingLesson(90, { tutors: [THEO], students: [SAM] });
    const start = section.start!.getTime();
    await joinAt(section._id, SAM, new Date(start));
    await joinAt(section._id, SAM, new Date(start + 5 * MINUTE));
    await leaveAt(section._id, SAM, new Date(start + 10 * MINUTE));
    await leaveAt(section._id, SAM, new Date(start + 20 * MINUTE));
    const seen = await db.select().from(lessonAttendance).where(eq(lessonAttendance.sectionId, section._id)).get();
    expect(seen).toMatchObject({ secondsInRoom: 20 * 60, openConnections: 0, firstJoinAt: new Date(start) });
  });

  it('runs for every tenant from the scheduled handler, and a cancelled lesson closes into nothing', async () => {
    const cancelled = await endingLesson(200, { tutors: [THEO], students: [SAM] });
    await db.update(sections).set({ status: 'CANCELLED' }).where(eq(sections._id, cancelled._id));
    const results = await runScheduledJobs(env, Date.now());
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await historyOf(cancelled._id)).toEqual([]);
  });
});

describe('a lesson’s state is one answer everywhere', () => {
  /** Every answer that carries the lesson, as Sam sees them: the schedule, the course's sections, the waiting room. */
  async function statesOf(sectionId: string) {
    const day = 24 * 60 * MINUTE;
    const query = `startDate=${new Date(Date.now() - day).toISOString()}&endDate=${new Date(Date.now() + day).toISOString()}`;
    const schedule = await call('GET', `/schedule/list/${SAM}?${query}`, as.student).then((r) => r.json<{ docs: { _id: string; lessonStatus: string }[] }>());
    const course = await call('GET', `/courses/${SEED_COURSE_IDS.maths}?subSections=1`, as.student).then((r) => r.json());
    const waiting = await call('GET', `/meeting-data/${sectionId}`, as.student).then((r) => r.json<{ lessonStatus: string }>());
    const found = (node: unknown): string | undefined => {
      if (!node || typeof node !== 'object') return undefined;
      const record = node as Record<string, unknown>;
      if (record._id === sectionId) return record.lessonStatus as string;
      for (const value of Object.values(record)) {
        const hit = found(value);
        if (hit) return hit;
      }
      return undefined;
    };
    const inCourse = found(course);
    return { schedule: schedule.docs.find((d) => d._id === sectionId)?.lessonStatus, course: inCourse, waiting: waiting.lessonStatus };
  }

  it('walks from scheduled to live to ended when the tutor ends it early, and every answer agrees', async () => {
    const upcoming = await endingLesson(-120, { tutors: [THEO], students: [SAM] });
    expect(await statesOf(upcoming._id)).toEqual({ schedule: 'scheduled', course: 'scheduled', waiting: 'scheduled' });
    const running = await endingLesson(10, { tutors: [THEO], students: [SAM] });
    expect(await statesOf(running._id)).toEqual({ schedule: 'live', course: 'live', waiting: 'live' });
    expect((await call('POST', `/lesson-rooms/${running._id}/end`, as.tutor)).status).toBe(200);
    expect(await statesOf(running._id)).toEqual({ schedule: 'ended', course: 'ended', waiting: 'ended' });
  });

  it('reads "missed" everywhere once a lesson closes without its tutor, and "ended" when the tutor came', async () => {
    const noTutor = await endingLesson(75, { tutors: [THEO], students: [SAM] });
    await joinAt(noTutor._id, SAM, noTutor.start!);
    const held = await endingLesson(80, { tutors: [THEO], students: [SAM] });
    await joinAt(held._id, THEO, held.start!);
    await run('run-missed');
    expect(await statesOf(noTutor._id)).toEqual({ schedule: 'missed', course: 'missed', waiting: 'missed' });
    expect(await statesOf(held._id)).toEqual({ schedule: 'ended', course: 'ended', waiting: 'ended' });
  });
});
