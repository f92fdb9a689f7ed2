import { env } from 'cloudflare:workers';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, LogInAsUserResponse } from '../../schema/contracts/admin-users';
import type { ListResponse } from '../../schema/contracts/common';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { auditLog } from '../../schema/tables';
import { writeAudit } from '../../worker/lib/audit';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
  for (const userId of [DEMO_USERS.student._id, DEMO_USERS.tutor._id]) {
    const res = await call('POST', '/admin/users/log-in-as-user', as.admin, { userId });
    const { access_token: token } = await res.json<LogInAsUserResponse>();
    await call('POST', '/admin/users/return', token);
  }
});

const entries = async (query = '', token = as.admin, host = 'localhost') => {
  const res = await call('GET', `/admin/audit-log${query}`, token, undefined, host);
  expect(res.status).toBe(200);
  return res.json<ListResponse<AuditEntry>>();
};
const total = async () => (await db.select({ n: count() }).from(auditLog).get())!.n;

describe('happy', () => {
  it('lists what admins did as whom, newest first, with names', async () => {
    const page = await entries();
    expect(page.totalDocs).toBe(4);
    expect(page.docs.map((e) => [e.subject?.firstname, e.route])).toEqual([
      ['Theo', '/api/admin/users/return'],
      ['Theo', '/api/admin/users/log-in-as-user'],
      ['Sam', '/api/admin/users/return'],
      ['Sam', '/api/admin/users/log-in-as-user'],
    ]);
    expect(page.docs[0]).toEqual({
      _id: expect.any(String),
      actor: { _id: DEMO_USERS.admin._id, firstname: 'Ada', lastname: 'Admin' },
      subject: { _id: DEMO_USERS.tutor._id, firstname: 'Theo', lastname: 'Tutor' },
      sessionId: expect.any(String),
      method: 'POST',
      route: '/api/admin/users/return',
      status: 200,
      createdAt: expect.any(String),
    });
  });

  it('filters by subject and pages', async () => {
    const sam = await entries(`?subjectId=${DEMO_USERS.student._id}`);
    expect(sam.docs.every((e) => e.subject?._id === DEMO_USERS.student._id)).toBe(true);
    expect(sam.totalDocs).toBe(2);
    expect(await entries('?limit=1&offset=3')).toMatchObject({ totalDocs: 4, limit: 1, offset: 3, docs: [{ route: '/api/admin/users/log-in-as-user' }] });
  });
});

describe('errors', () => {
  it('is append-only: the database refuses UPDATE and DELETE, through drizzle and raw D1', async () => {
    await writeAudit(db, { tenantId: TENANT_IDS.studyhall, actorId: 'a', subjectId: 's', sessionId: 'x', method: 'POST', route: '/api/x', status: 200 });
    const before = await total();
    await expect(env.DB.prepare("UPDATE audit_log SET status = 500 WHERE session_id = 'x'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM audit_log WHERE session_id = 'x'").run()).rejects.toThrow(/append-only/);
    await expect(db.update(auditLog).set({ actorId: 'someone-else' }).where(eq(auditLog.sessionId, 'x'))).rejects.toThrow();
    expect(await total()).toBe(before);
    expect(await db.select().from(auditLog).where(eq(auditLog.sessionId, 'x')).get()).toMatchObject({ actorId: 'a', status: 200 });
  });

  it('names a bad page parameter', async () => {
    await expectFieldError(await call('GET', '/admin/audit-log?limit=0', as.admin), 'limit');
  });
});

describe('permissions', () => {
  it('is readable by admins with adminUsers view only', async () => {
    expect((await entries('', as.approver)).totalDocs).toBeGreaterThan(0);
    for (const token of [as.student, as.tutor, as.parent]) expect((await call('GET', '/admin/audit-log', token)).status).toBe(403);
    expect((await call('GET', '/admin/audit-log', 'nope')).status).toBe(401);
  });

  it('shows another tenant’s admin only their own tenant’s entries', async () => {
    expect(await entries('', as.partner, PARTNER_HOST)).toMatchObject({ totalDocs: 0, docs: [] });
    expect(await entries(`?subjectId=${DEMO_USERS.student._id}`, as.partner, PARTNER_HOST)).toMatchObject({ totalDocs: 0 });
  });
});
