import { env } from 'cloudflare:workers';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LogInAsUserResponse } from '../../schema/contracts/admin-users';
import type { AuditEntry, LessonChange } from '../../schema/contracts/audit';
import type { ListResponse } from '../../schema/contracts/common';
import type { Section } from '../../schema/contracts/sections';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { auditLog, paymentSessions, users } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import { recordAudit } from '../../worker/lib/audit';
import { stripeEventOf } from '../../worker/lib/payments/simulated';
import { scopedDb } from '../../worker/lib/tenant-db';
import { type Callers, call, ROLE_IDS } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { deliver, eventFor, openSession } from '../helpers/payments';
import { COURSE_IDS, seedCoursesSignedIn } from '../helpers/section-fixtures';
import { db, PARTNER_HOST } from '../helpers/seed';

let as: Callers;
const SAM = DEMO_USERS.student._id;
const THEO = DEMO_USERS.tutor._id;
const ADA = DEMO_USERS.admin._id;
const REASON = 'Checking his booking problem';

async function logInAs(userId: string, reason = REASON) {
  const res = await call('POST', '/admin/users/log-in-as-user', as.admin, { userId, reason });
  expect(res.status).toBe(200);
  return (await res.json<LogInAsUserResponse>()).access_token;
}

const entries = async (query = '', token = as.admin, host = 'localhost') => {
  const res = await call('GET', `/admin/audit-log${query}`, token, undefined, host);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<ListResponse<AuditEntry>>();
};
const total = async () => (await db.select({ n: count() }).from(auditLog).get())!.n;

beforeAll(async () => {
  ({ as } = await seedCoursesSignedIn());
  // Ada visits Sam and returns; then, as Theo, cancels his Algebra lesson.
  await call('POST', '/admin/users/return', await logInAs(SAM));
  const asTheo = await logInAs(THEO, 'Theo asked me to cancel for him');
  const cancelled = await call('PUT', `/team-meetings/cancel/${COURSE_IDS.lesson}`, asTheo, { reason: 'Theo is ill' });
  expect(cancelled.status).toBe(200);
  await call('POST', '/admin/users/return', asTheo);
});

describe('happy', () => {
  it('lists who did what to whom, newest first, with the reason and the admin behind a change made as someone', async () => {
    const page = await entries();
    expect(page.docs.map((e) => [e.action, e.actor?.name, e.actingAs?.name ?? null, e.subject.label])).toEqual([
      ['impersonation.end', 'Ada Admin', 'Theo Tutor', 'Theo Tutor'],
      ['lesson.cancel', 'Ada Admin', 'Theo Tutor', 'Algebra with Theo'],
      ['impersonation.start', 'Ada Admin', null, 'Theo Tutor'],
      ['impersonation.end', 'Ada Admin', 'Sam Student', 'Sam Student'],
      ['impersonation.start', 'Ada Admin', null, 'Sam Student'],
    ]);
    expect(page.docs.at(-1)).toEqual({
      _id: expect.any(String),
      action: 'impersonation.start',
      actorKind: 'person',
      actor: { _id: ADA, name: 'Ada Admin' },
      actingAs: null,
      subject: { type: 'user', _id: SAM, label: 'Sam Student' },
      subjectAt: null,
      movedTo: null,
      summary: 'Logged in as this person',
      reason: REASON,
      request: null,
      createdAt: expect.any(String),
    });
    const cancel = page.docs[1]!;
    expect(cancel).toMatchObject({ subject: { type: 'lesson', _id: COURSE_IDS.lesson }, reason: 'Theo is ill', request: null });
    expect(cancel.subjectAt).toEqual(expect.any(String));
    expect(page).toMatchObject({ totalDocs: 5, limit: 20, offset: 0 });
  });

  it('records the change once: a described change leaves no raw request entry beside it', async () => {
    expect((await entries('?kind=requests')).totalDocs).toBe(0);
  });

  it('filters by kind, actor, person and days in the reader’s zone, and pages', async () => {
    expect((await entries('?kind=lessons')).docs.map((e) => e.action)).toEqual(['lesson.cancel']);
    expect((await entries(`?personId=${SAM}`)).docs.map((e) => e.action)).toEqual(['impersonation.end', 'impersonation.start']);
    expect((await entries(`?personId=${THEO}&kind=logInAs`)).totalDocs).toBe(2);
    expect((await entries(`?actorId=${ADA}`)).totalDocs).toBe(5);
    expect((await entries(`?actorId=${THEO}`)).totalDocs).toBe(0);
    expect(await entries('?limit=2&offset=4')).toMatchObject({ totalDocs: 5, limit: 2, offset: 4, docs: [{ action: 'impersonation.start' }] });

    // Today in Kiritimati (UTC+14) and in Pago Pago (UTC-11) are different days: each finds what happened "today" there.
    const today = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect((await entries(`?from=${today(zone)}&to=${today(zone)}&timezone=${zone}`)).totalDocs).toBe(5);
    }
    expect((await entries('?from=2020-01-01&to=2020-01-31&timezone=Asia/Singapore')).totalDocs).toBe(0);
  });

  it('shows an admin who last cancelled or moved a lesson', async () => {
    const res = await call('GET', `/admin/audit-log/lessons/${COURSE_IDS.lesson}`, as.admin);
    expect(await res.json<{ change: LessonChange }>()).toEqual({
      change: { action: 'lesson.cancel', actor: { _id: ADA, name: 'Ada Admin' }, actingAs: { _id: THEO, name: 'Theo Tutor' }, createdAt: expect.any(String) },
    });
    expect(await (await call('GET', `/admin/audit-log/lessons/${COURSE_IDS.unit}`, as.admin)).json()).toEqual({ change: null });
  });

  it('records a move with its new time, and role and price changes with what changed (pay runs: tests/api/pay-runs.test.ts)', async () => {
    const created = await call('POST', '/team-meetings', as.tutor, {
      course: COURSE_IDS.sam,
      title: 'Lesson',
      start: '2030-05-07T09:00:00Z',
      duration: 60,
      attendees: [
        { user: THEO, kind: 'TUTOR' },
        { user: SAM, kind: 'STUDENT' },
      ],
    });
    const lesson = await created.json<Section>();
    expect((await call('PUT', `/team-meetings/reschedule/${lesson._id}`, as.tutor, { start: '2030-05-08T09:00:00Z' })).status).toBe(200);
    const [moved] = (await entries('?kind=lessons')).docs;
    expect(moved).toMatchObject({
      action: 'lesson.reschedule',
      actor: { _id: THEO },
      actingAs: null,
      subject: { label: "Sam's maths with Theo" },
      subjectAt: '2030-05-07T09:00:00.000Z',
      movedTo: '2030-05-08T09:00:00.000Z',
    });

    const role = await call('POST', '/admin/roles', as.admin, { name: 'Auditor', description: 'Reads the log', permissions: { auditLog: ['view'] } });
    expect(role.status).toBe(201);
    const { _id: roleId } = await role.json<{ _id: string }>();
    expect(
      (
        await call('PUT', `/admin/roles/${roleId}`, as.admin, {
          name: 'Auditor',
          description: 'Reads the log',
          permissions: { auditLog: ['view'], payRuns: ['view'] },
        })
      ).status,
    ).toBe(200);
    expect((await call('PUT', `/admin/users/${'user_approver'}`, as.admin, { adminRoleId: ROLE_IDS.enterer })).status).toBe(200);
    const roles = (await entries('?kind=roles')).docs;
    expect(roles.map((e) => [e.action, e.subject.label, e.summary])).toEqual([
      ['user.adminRole', 'approver Admin', 'Changed their admin role from Approver to Enterer'],
      ['role.update', 'Auditor', 'Gave pay runs: view'],
      ['role.create', 'Auditor', 'Created the admin role (gave audit log: view)'],
    ]);

    const offer = { name: 'Premium', description: 'More quizzes', amount: 2500, currency: 'SGD', months: 3, status: 'ACTIVE' };
    expect((await call('PUT', '/admin/premium-offer', as.admin, offer)).status).toBe(200);
    expect((await call('PUT', '/admin/premium-offer', as.admin, { ...offer, amount: 3000 })).status).toBe(200);
    const [premium] = (await entries('?kind=prices')).docs;
    expect(premium).toMatchObject({
      action: 'premiumOffer.update',
      subject: { type: 'premiumOffer', label: 'Premium' },
      summary: 'Set the premium offer to SGD 30.00 for 3 months, active (was SGD 25.00 for 3 months, active)',
    });
  });

  it('records a refund Stripe reports, with Stripe as the one who acted, in the event’s own batch', async () => {
    const student = await db
      .insert(users)
      .values({ tenantId: TENANT_IDS.studyhall, email: `audit-${newId()}@studyhall.test`, role: 'STUDENT', firstname: 'Rae', lastname: 'Fund' })
      .returning()
      .get();
    const opened = await openSession(student._id);
    expect((await deliver(eventFor(opened, 'checkout.session.completed'))).status).toBe(200);
    const session = (await db.select().from(paymentSessions).where(eq(paymentSessions._id, opened._id)).get())!;
    const refund = stripeEventOf(
      'charge.refunded',
      { id: `ch_${newId()}`, object: 'charge', payment_intent: session.providerPaymentId, amount: session.amount, amount_refunded: 6_000 },
      new Date(),
      `evt_${newId()}`,
    );
    await deliver(refund);
    await deliver(refund);
    const refunds = (await entries(`?kind=refunds`)).docs;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      action: 'payment.refund',
      actorKind: 'stripe',
      actor: null,
      subject: { type: 'payment', _id: session._id, label: expect.stringContaining('Rae Fund') },
      summary: expect.stringMatching(/^Refunded SGD\s60\.00 of the SGD\s120\.00 paid$/),
    });
  });
});

describe('errors', () => {
  it('is append-only: the database refuses UPDATE and DELETE, through drizzle and raw D1', async () => {
    const before = await total();
    await expect(env.DB.prepare("UPDATE audit_log SET reason = 'rewritten'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare('DELETE FROM audit_log').run()).rejects.toThrow(/append-only/);
    await expect(db.update(auditLog).set({ actorId: 'someone-else' })).rejects.toThrow();
    expect(await total()).toBe(before);
  });

  it('never fails the person’s change when the entry cannot be written: it logs instead', async () => {
    const tdb = scopedDb(db, TENANT_IDS.studyhall);
    const broken = { ...tdb, values: () => ({ tenantId: null }) as never };
    await expect(
      recordAudit(broken, 'stripe', { action: 'payment.refund', subject: { type: 'payment', id: 'x', label: 'x' }, summary: 'x' }),
    ).resolves.toBeUndefined();
  });

  it('names a bad filter', async () => {
    await expectFieldError(await call('GET', '/admin/audit-log?limit=0', as.admin), 'limit');
    await expectFieldError(await call('GET', '/admin/audit-log?kind=everything', as.admin), 'kind');
    await expectFieldError(await call('GET', '/admin/audit-log?from=yesterday', as.admin), 'from');
    await expectFieldError(await call('GET', '/admin/audit-log?from=2024-12-03&to=2024-12-01', as.admin), 'to');
    await expectFieldError(await call('GET', '/admin/audit-log?timezone=Mars/Olympus', as.admin), 'timezone');
  });
});

describe('permissions', () => {
  it('is readable by admins whose role holds auditLog view only', async () => {
    for (const token of [as.approver, as.enterer, as.student, as.tutor, as.parent]) {
      expect((await call('GET', '/admin/audit-log', token)).status).toBe(403);
      expect((await call('GET', `/admin/audit-log/lessons/${COURSE_IDS.lesson}`, token)).status).toBe(403);
    }
    expect((await call('GET', '/admin/audit-log', 'nope')).status).toBe(401);
  });

  it('shows another tenant’s admin only their own tenant’s entries, and 404 for this tenant’s lessons', async () => {
    expect(await entries('', as.partner, PARTNER_HOST)).toMatchObject({ totalDocs: 0, docs: [] });
    expect(await entries(`?personId=${SAM}`, as.partner, PARTNER_HOST)).toMatchObject({ totalDocs: 0 });
    expect((await call('GET', `/admin/audit-log/lessons/${COURSE_IDS.lesson}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
  });
});
