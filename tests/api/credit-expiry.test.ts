import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Credits } from '../../schema/contracts/payments';
import { TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { creditEntries, creditNotices, emailOutbox } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import { runScheduledJobs } from '../../worker/lib/jobs/scheduled';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { db, seedDemo } from '../helpers/seed';

const SAM = 'user_student';
const T = TENANT_IDS.studyhall;
const DAY = 24 * 60 * 60 * 1000;
let as: Callers;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
  // The demo's past lessons close (and spend Sam's minutes) in the first run; later runs see only these tests' entries.
  await runScheduledJobs(env as never, Date.now());
});

beforeEach(async () => {
  await db.delete(creditNotices);
  await db.delete(creditEntries).where(eq(creditEntries.studentId, SAM));
});

const entry = (minutes: number, expiresAt: Date | null, kind: 'PURCHASE' | 'LESSON' = 'PURCHASE') =>
  db
    .insert(creditEntries)
    .values({ tenantId: T, studentId: SAM, kind, minutes, sourceId: newId(), description: kind === 'LESSON' ? 'A lesson' : 'Bought', expiresAt })
    .returning()
    .get();

const credits = async () => {
  const answer = await call('GET', '/credits', as.student);
  expect(answer.status).toBe(200);
  return answer.json<Credits>();
};
const warnings = () =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.tenantId, T), like(emailOutbox.subject, '%of lesson time will expire soon')))
    .all();
const run = (at: number) => runScheduledJobs(env as never, at);

describe('bought time that lapses', () => {
  it('is listed a week ahead, and its family is warned once by mail', async () => {
    const before = (await warnings()).length;
    const lot = await entry(120, new Date(Date.now() + 3 * DAY));
    expect((await credits()).expiring).toEqual([{ entryId: lot._id, courseId: null, minutes: 120, expiresAt: lot.expiresAt!.toISOString() }]);
    await run(Date.now());
    await run(Date.now() + 60_000);
    const sent = (await warnings()).slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual(['parent@studyhall.test', 'student@studyhall.test']);
    expect(sent.find((m) => m.to === 'student@studyhall.test')?.text).toContain('2 h of your lesson time will expire on');
    expect(sent.find((m) => m.to === 'parent@studyhall.test')?.text).toContain("2 h of Sam's lesson time will expire on");
  });

  it('expires only what is left of it, once: lessons spend the time that lapses soonest first', async () => {
    await entry(60, new Date(Date.now() - DAY));
    await entry(60, null);
    await entry(-60, null, 'LESSON');
    await run(Date.now());
    expect((await credits()).balanceMinutes).toBe(60);

    const lot = await entry(90, new Date(Date.now() - 1000));
    await run(Date.now() + 120_000);
    await run(Date.now() + 180_000);
    const after = await credits();
    expect(after.balanceMinutes).toBe(60);
    const expiries = after.entries.docs.filter((e) => e.kind === 'EXPIRY');
    expect(expiries).toHaveLength(1);
    expect(expiries[0]).toMatchObject({ minutes: -90, description: 'Unused lesson time expired' });
    expect((await credits()).expiring).toEqual([]);
    expect(await db.select().from(creditNotices).where(eq(creditNotices.entryId, lot._id)).all()).toHaveLength(1);
  });

  it('answers each balance apart: the general minutes and a credit-type course’s own', async () => {
    await entry(100, null);
    await db
      .insert(creditEntries)
      .values({ tenantId: T, studentId: SAM, courseId: SEED_COURSE_IDS.maths, kind: 'TOPUP', minutes: 30, sourceId: newId(), description: 'Top-up' });
    const answer = await credits();
    expect(answer.balanceMinutes).toBe(130);
    expect(answer.balances).toEqual(
      expect.arrayContaining([
        { courseId: null, courseTitle: null, minutes: 100 },
        { courseId: SEED_COURSE_IDS.maths, courseTitle: expect.any(String), minutes: 30 },
      ]),
    );
  });
});
