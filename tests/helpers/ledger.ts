import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { databaseFor } from '../../platform/database';
import { recordJoin, recordLeave } from '../../platform/ledger/attendance';
import { TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { courses, lessonHistory, penaltyWaivers, pricingMembers, rates, rateVersions, roles, sectionAttendees, sections, users } from '../../schema/tables';
import { closeEndedLessons } from '../../worker/lib/jobs/close-ended-lessons';
import { scopedDb } from '../../worker/lib/tenant-db';
import { call, callers, seedExtraAdmins } from './admins';
import { signIn } from './auth';
import { db, PARTNER_HOST, seedDemo } from './seed';

/**
 * The lesson ledger's test world (issue 30): SG tutor rates (30.00 SGD/h one-to-one, 10.00 SGD/h group), Theo and a
 * second tutor, Tia, both in Singapore, lessons made in the past and closed by the real close job (never a history
 * row written by hand), a lesson of the partner tenant, and admins holding only some ledger permissions.
 */

export const T = TENANT_IDS.studyhall;
export const P = TENANT_IDS.brightpath;
export const SAM = 'user_student';
export const MAYA = 'user_student2';
export const THEO = 'user_tutor';
export const TIA = 'user_tutor2';
export const MINUTE = 60_000;
export const MATHS = SEED_COURSE_IDS.maths;
export const PHYSICS = SEED_COURSE_IDS.physics;

/** Admins whose role holds only the named ledger permissions, for the column and gate rules. */
export const NARROW_ADMINS = {
  exportOnly: { email: 'export-only@studyhall.test', permissions: { lessonHistory: ['export'] } },
  exportAndView: { email: 'export-view@studyhall.test', permissions: { lessonHistory: ['export', 'view'] } },
} as const;

async function copyPassword() {
  return (await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users._id, 'user_admin')).get())!.passwordHash;
}

export async function seedLedgerWorld() {
  await seedDemo();
  await seedExtraAdmins();
  for (const table of [rates, rateVersions, pricingMembers]) await db.delete(table);
  const passwordHash = await copyPassword();
  await db.update(users).set({ country: 'SG' }).where(eq(users._id, THEO));
  await db
    .insert(users)
    .values({
      _id: TIA,
      tenantId: T,
      role: 'TUTOR',
      firstname: 'Tia',
      lastname: 'Tutor',
      email: 'tutor2@studyhall.test',
      country: 'SG',
      passwordHash,
      onboarded: true,
    })
    .onConflictDoNothing();
  for (const [key, admin] of Object.entries(NARROW_ADMINS)) {
    await db
      .insert(roles)
      .values({ _id: `role_${key}`, tenantId: T, name: key, permissions: { lessonHistory: [...admin.permissions.lessonHistory] } })
      .onConflictDoNothing();
    await db
      .insert(users)
      .values({
        _id: `user_${key}`,
        tenantId: T,
        role: 'ADMIN',
        firstname: key,
        lastname: 'Admin',
        email: admin.email,
        adminRoleId: `role_${key}`,
        passwordHash,
        onboarded: true,
      })
      .onConflictDoNothing();
  }
  const as = { ...(await callers()), tia: await signIn('tutor2@studyhall.test'), maya: await signIn('student2@studyhall.test') };
  await rateOf(as.admin, 'one-to-one-tutor-rate', 3000);
  await rateOf(as.admin, 'group-tutor-rate', 1000);
  return as;
}
export type LedgerCallers = Awaited<ReturnType<typeof seedLedgerWorld>>;

/** A version dated a month back (a lesson is priced with the versions that existed when it started) with one SG rate. */
async function rateOf(admin: string, path: string, amount: number) {
  const dateBasis = path.startsWith('group') ? 'TUTOR_REGISTRATION_DATE' : 'STUDENT_REGISTRATION_DATE';
  const created = await call('POST', `/admin/${path}-versions`, admin, {
    name: `${path} for the ledger`,
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
  const rate = await call('POST', `/admin/${path}s`, admin, { versionId: version._id, amount, currency: 'SGD', tutorCountry: 'SG' });
  expect(rate.status, await rate.clone().text()).toBe(201);
}

interface LessonSpec {
  /** Minutes before now the lesson started. */
  ago: number;
  tutor?: string | null;
  students: string[];
  duration?: number;
  courseId?: string;
  lessonKind?: 'LESSON' | 'TRIAL';
  /** Whether the people joined (on time) and stayed: a lesson nobody came to pays the policy's share, 0% by default. */
  attended?: boolean;
  tenantId?: string;
}

/** A lesson that ended in the past, with its attendance as the rooms would report it. */
export async function pastLesson(spec: LessonSpec) {
  const { tenantId = T, duration = 60, courseId = MATHS, tutor = THEO } = spec;
  const start = new Date(Date.now() - spec.ago * MINUTE);
  const row = await db
    .insert(sections)
    .values({
      tenantId,
      courseId,
      sortingKey: 100,
      kind: 'TEAMS',
      title: 'Ledger lesson',
      start,
      duration,
      lessonKind: spec.lessonKind ?? 'LESSON',
      createdBy: 'user_admin',
    })
    .returning()
    .get();
  const people = [...(tutor ? [{ userId: tutor, kind: 'TUTOR' as const }] : []), ...spec.students.map((userId) => ({ userId, kind: 'STUDENT' as const }))];
  if (people.length) await db.insert(sectionAttendees).values(people.map((p) => ({ ...p, tenantId, sectionId: row._id })));
  if (spec.attended !== false) {
    for (const p of people) {
      const ref = { tenantId, sectionId: row._id, userId: p.userId };
      await recordJoin(databaseFor(env.DB), ref, new Date(start.getTime() - MINUTE));
      await recordLeave(databaseFor(env.DB), ref, new Date(start.getTime() + duration * MINUTE));
    }
  }
  return row;
}

let runs = 0;
/** Runs the close job as the cron does, for every tenant that has lessons here. */
export async function closeLessons() {
  runs += 1;
  for (const tenantId of [T, P]) await closeEndedLessons(scopedDb(databaseFor(env.DB), tenantId), `ledger-test-${runs}`, new Date());
}

/** The history rows of a lesson, students in id order (the order the lesson's pay was shared in). */
export const rowsOf = (sectionId: string) =>
  db.select().from(lessonHistory).where(eq(lessonHistory.sectionId, sectionId)).orderBy(lessonHistory.studentId).all();

/** A lesson closed into history, and its rows. */
export async function closedLesson(spec: LessonSpec) {
  const section = await pastLesson(spec);
  await closeLessons();
  const rows = await rowsOf(section._id);
  expect(rows.length).toBeGreaterThan(0);
  return { section, rows };
}

/** A course of the partner tenant and a closed lesson of its learner there. */
export async function partnerRow() {
  const course = await db
    .insert(courses)
    .values({
      tenantId: P,
      title: 'Partner course',
      kind: 'One-to-One',
      isOneToOne: true,
      paymentType: 'ONETIME',
      curriculum: 'IB',
      subject: 'Mathematics',
      grade: 'Grade 10',
      createdBy: 'user_partner_admin',
    })
    .returning()
    .get();
  const { rows } = await closedLesson({ ago: 300, tutor: null, students: ['user_partner_learner'], courseId: course._id, tenantId: P });
  return rows[0]!;
}

/** Every row of the money tables, to check a refused call wrote nothing. */
export async function moneySnapshot() {
  return JSON.stringify([
    await db.select().from(lessonHistory).orderBy(lessonHistory._id).all(),
    await db.select().from(penaltyWaivers).orderBy(penaltyWaivers._id).all(),
  ]);
}

export { call, PARTNER_HOST };
