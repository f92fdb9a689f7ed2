import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import type { Tenant } from '../../schema/tables';
import type { AppBindings } from '../../worker/env';
import { claimSlot, type LessonClaim } from '../../worker/lib/availability/claim-slot';
import { tenantDb } from '../../worker/lib/tenant-db';
import { OTHER_TUTOR, seedOtherTutor } from '../helpers/availability';
import { db, seedDemo } from '../helpers/seed';

/** The tenant-scoped db a request on `tenantId` would get. */
const tdbFor = (tenantId: string) =>
  tenantDb({ get: <K extends keyof AppBindings['Variables']>(key: K) => (key === 'db' ? db : ({ _id: tenantId } as Tenant)) as AppBindings['Variables'][K] });

const OLIVIA: string = OTHER_TUTOR._id;
const SAM = DEMO_USERS.student._id;

const claim = (start: string, minutes: number, tutorId = OLIVIA): LessonClaim => ({
  tutorId,
  start: new Date(start),
  end: new Date(Date.parse(start) + minutes * 60_000),
  section: {
    courseId: SEED_COURSE_IDS.maths,
    sortingKey: 50,
    kind: 'TEAMS',
    title: 'Claimed',
    lessonKind: 'TRIAL',
    billingKind: 'NON_BILLABLE',
    createdBy: SAM,
  },
  attendees: [
    { user: tutorId, kind: 'TUTOR' },
    { user: SAM, kind: 'STUDENT' },
  ],
});

const lessonsAt = async (start: string) =>
  (await env.DB.prepare("SELECT _id FROM sections WHERE title = 'Claimed' AND start = ?").bind(Date.parse(start)).all<{ _id: string }>()).results;

beforeAll(async () => {
  await seedDemo();
  await seedOtherTutor();
});

describe('happy', () => {
  it('of 10 concurrent claims of one slot exactly one wins, with its attendees', async () => {
    const tdb = tdbFor(TENANT_IDS.studyhall);
    const results = await Promise.all(Array.from({ length: 10 }, () => claimSlot(tdb, claim('2031-05-05T09:00:00Z', 60))));
    expect(results.filter((r) => r.won)).toHaveLength(1);
    const lessons = await lessonsAt('2031-05-05T09:00:00Z');
    expect(lessons.map((l) => l._id)).toEqual([results.find((r) => r.won)!.sectionId]);
    const attendees = await env.DB.prepare('SELECT user_id, kind FROM section_attendees WHERE section_id = ? ORDER BY kind').bind(lessons[0]!._id).all();
    expect(attendees.results).toEqual([
      { user_id: SAM, kind: 'STUDENT' },
      { user_id: OLIVIA, kind: 'TUTOR' },
    ]);
    const orphans = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM section_attendees a LEFT JOIN sections s ON s._id = a.section_id WHERE s._id IS NULL',
    ).first<{ n: number }>();
    expect(orphans?.n).toBe(0);
  });

  it('a back-to-back lesson wins', async () => {
    const tdb = tdbFor(TENANT_IDS.studyhall);
    expect((await claimSlot(tdb, claim('2031-05-05T10:00:00Z', 30))).won).toBe(true);
    expect((await claimSlot(tdb, claim('2031-05-05T08:30:00Z', 30))).won).toBe(true);
  });

  it("a course's tutor is busy with its lessons; a tutor outside the course is not", async () => {
    const tdb = tdbFor(TENANT_IDS.studyhall);
    // Olivia's claimed lessons are in Theo's maths course, so they hold Theo too.
    expect((await claimSlot(tdb, claim('2031-05-05T09:00:00Z', 60, DEMO_USERS.tutor._id))).won).toBe(false);
    expect((await claimSlot(tdb, claim('2031-05-07T09:00:00Z', 60, DEMO_USERS.tutor._id))).won).toBe(true);
    expect((await claimSlot(tdb, claim('2031-05-07T09:00:00Z', 60))).won).toBe(true);
  });

  it('a cancelled lesson no longer holds its time', async () => {
    const tdb = tdbFor(TENANT_IDS.studyhall);
    const first = await claimSlot(tdb, claim('2031-05-06T09:00:00Z', 60));
    await env.DB.prepare("UPDATE sections SET status = 'CANCELLED' WHERE _id = ?").bind(first.sectionId).run();
    expect((await claimSlot(tdb, claim('2031-05-06T09:00:00Z', 60))).won).toBe(true);
  });
});

describe('errors', () => {
  it('an overlapping claim loses and writes nothing', async () => {
    const tdb = tdbFor(TENANT_IDS.studyhall);
    const lost = await claimSlot(tdb, claim('2031-05-05T09:45:00Z', 30));
    expect(lost.won).toBe(false);
    expect(await lessonsAt('2031-05-05T09:45:00Z')).toEqual([]);
    const attendees = await env.DB.prepare('SELECT COUNT(*) AS n FROM section_attendees WHERE section_id = ?').bind(lost.sectionId).first<{ n: number }>();
    expect(attendees?.n).toBe(0);
  });
});

describe('permissions', () => {
  it("another tenant's lessons never block this tenant's claim check", async () => {
    const partner = tdbFor(TENANT_IDS.brightpath);
    expect((await claimSlot(partner, claim('2031-05-05T09:00:00Z', 60))).won).toBe(true);
  });
});
