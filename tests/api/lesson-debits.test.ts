import { env } from 'cloudflare:workers';
import { and, eq, inArray, sum } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFor } from '../../platform/database';
import { recordJoin } from '../../platform/ledger/attendance';
import { TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { creditEntries } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import { closeEndedLessons } from '../../worker/lib/jobs/close-ended-lessons';
import { scopedDb } from '../../worker/lib/tenant-db';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { endingLesson } from '../helpers/ending-lessons';
import { db, seedDemo } from '../helpers/seed';

const SAM = 'user_student';
const THEO = 'user_tutor';
const MINUTE = 60_000;
const T = TENANT_IDS.studyhall;
const MATHS = SEED_COURSE_IDS.maths;
let as: Callers;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
  // The demo's own past lessons close first, so each test sees only the lessons it made.
  await closeAll('debit-seeded');
});

beforeEach(async () => {
  await db.delete(creditEntries).where(eq(creditEntries.studentId, SAM));
});

/** A lesson that started `ago` minutes ago, taught by Theo to Sam, with Theo in the room unless told otherwise. */
async function lesson(ago: number, options: { duration?: number; courseId?: string; tutorCame?: boolean } = {}) {
  const { duration = 60, courseId = MATHS, tutorCame = true } = options;
  const row = await endingLesson(ago, { tutors: [THEO], students: [SAM] }, duration, courseId);
  if (tutorCame) await recordJoin(databaseFor(env.DB), { tenantId: T, sectionId: row._id, userId: THEO }, new Date(row.start!.getTime() + MINUTE));
  return row;
}

/** Minutes bought, as a paid purchase writes them: for the general balance, or a credit-type course's own. */
const credit = (minutes: number, courseId: string | null = null) =>
  db
    .insert(creditEntries)
    .values({ tenantId: T, studentId: SAM, courseId, kind: courseId ? 'TOPUP' : 'PURCHASE', minutes, sourceId: newId(), description: 'Bought' });

const balance = async (courseId: string | null = null) => {
  const [row] = await db
    .select({ minutes: sum(creditEntries.minutes) })
    .from(creditEntries)
    .where(and(eq(creditEntries.studentId, SAM), courseId ? eq(creditEntries.courseId, courseId) : eq(creditEntries.kind, creditEntries.kind)));
  return Number(row?.minutes ?? 0);
};
const generalBalance = async () => (await balance()) - (await balance(MATHS));
const lessonEntries = (sectionIds: string[]) =>
  db
    .select()
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.kind, 'LESSON'),
        inArray(
          creditEntries.sourceId,
          sectionIds.flatMap((id) => [`${id}/${SAM}`, `${id}/${SAM}/course`]),
        ),
      ),
    )
    .all();
const closeAll = (key: string) => closeEndedLessons(scopedDb(databaseFor(env.DB), T), key, new Date());

describe('a lesson spends the minutes bought for it', () => {
  it('draws a held lesson’s minutes once, however often it is closed', async () => {
    await credit(120);
    const section = await lesson(70);
    await closeAll('debit-1');
    await closeAll('debit-2');
    const [entry, ...more] = await lessonEntries([section._id]);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ minutes: -60, courseId: null, kind: 'LESSON' });
    expect(entry!.description).toContain('lesson on');
    expect(await balance()).toBe(60);
  });

  it('spends the course’s own top-ups before the general minutes', async () => {
    await credit(45, MATHS);
    await credit(100);
    const section = await lesson(70);
    await closeAll('debit-course');
    const entries = await lessonEntries([section._id]);
    expect(entries.map((e) => [e.courseId, e.minutes]).sort(([, a], [, b]) => Number(a) - Number(b))).toEqual([
      [MATHS, -45],
      [null, -15],
    ]);
    expect(await balance(MATHS)).toBe(0);
    expect(await generalBalance()).toBe(85);
  });

  it('never takes a balance below zero: what is not covered stays for the invoice', async () => {
    await credit(20);
    const section = await lesson(70);
    await closeAll('debit-short');
    expect((await lessonEntries([section._id])).map((e) => e.minutes)).toEqual([-20]);
    expect(await balance()).toBe(0);
    const again = await lesson(70);
    await closeAll('debit-empty');
    expect(await lessonEntries([again._id])).toEqual([]);
  });

  it('costs nothing when the tutor never came, and nothing on a course paid by subscription', async () => {
    await credit(300);
    const missed = await lesson(70, { tutorCame: false });
    const physics = await lesson(70, { courseId: SEED_COURSE_IDS.physics });
    await closeAll('debit-none');
    expect(await lessonEntries([missed._id, physics._id])).toEqual([]);
    expect(await balance()).toBe(300);
  });

  it('spends the minutes when the tutor ends the lesson from the room', async () => {
    await credit(90);
    const section = await lesson(61, { duration: 45, tutorCame: false });
    const ended = await call('POST', `/lesson-rooms/${section._id}/end`, as.tutor);
    expect(ended.status).toBe(200);
    expect((await lessonEntries([section._id])).map((e) => e.minutes)).toEqual([-45]);
  });
});

describe('the balance under concurrent lessons (property)', () => {
  it('never spends the same minutes twice and never goes below zero, whatever closes together', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 240 }),
        fc.integer({ min: 0, max: 90 }),
        fc.array(fc.integer({ min: 15, max: 90 }), { minLength: 1, maxLength: 5 }),
        async (general, course, durations) => {
          await db.delete(creditEntries).where(eq(creditEntries.studentId, SAM));
          if (general) await credit(general);
          if (course) await credit(course, MATHS);
          const lessons = await Promise.all(durations.map((duration) => lesson(duration + 5, { duration })));
          // Each closes in its own batch, all at once: the tutor's End and the job race on every one.
          await Promise.all([
            ...lessons.map((section) => call('POST', `/lesson-rooms/${section._id}/end`, as.tutor)),
            closeAll(`prop-${newId()}`),
            closeAll(`prop-${newId()}`),
          ]);
          const spent = (await lessonEntries(lessons.map((s) => s._id))).reduce((total, e) => total - e.minutes, 0);
          const wanted = durations.reduce((a, b) => a + b, 0);
          expect(spent).toBe(Math.min(wanted, general + course));
          expect(await balance(MATHS)).toBeGreaterThanOrEqual(0);
          expect(await generalBalance()).toBeGreaterThanOrEqual(0);
          expect(await balance()).toBe(general + course - spent);
        },
      ),
      { numRuns: 12 },
    );
  });
});
