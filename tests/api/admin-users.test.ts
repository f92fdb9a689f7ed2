import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserRecord, AdminUserRow, DropdownUser } from '../../schema/contracts/admin-users';
import type { ListResponse } from '../../schema/contracts/common';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { adminNotes, emailOutbox, flexiblePlans, sessions, userExperiences, users } from '../../schema/tables';
import { verifyPassword } from '../../worker/lib/passwords';
import { type Callers, call, callers, EXTRA_ADMINS, ROLE_IDS, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError, signIn, tokenRequest } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
  await db.insert(users).values([
    {
      _id: 'user_list_sg',
      tenantId: TENANT_IDS.studyhall,
      role: 'TUTOR',
      firstname: 'Zed',
      lastname: 'Percent_50',
      email: 'zed@studyhall.test',
      phone: '+65 6123 4567',
      country: 'SG',
      grade: 'Year 11',
    },
    {
      _id: 'user_list_gone',
      tenantId: TENANT_IDS.studyhall,
      role: 'STUDENT',
      firstname: 'Gone',
      lastname: 'Away',
      email: 'gone@studyhall.test',
      deletedAt: new Date(),
    },
  ]);
  await db.insert(userExperiences).values({ tenantId: TENANT_IDS.studyhall, userId: DEMO_USERS.tutor._id, title: 'Maths teacher', organisation: 'Raffles' });
});

const list = async (query: string, token = as.admin) => {
  const res = await call('GET', `/admin/users${query}`, token);
  expect(res.status).toBe(200);
  return res.json<ListResponse<AdminUserRow>>();
};

const newStudent = (email: string) => ({ role: 'STUDENT', firstname: 'Nia', lastname: 'New', email, country: 'sg' });
const userCount = async () => (await db.select({ n: count() }).from(users).get())!.n;

describe('happy', () => {
  it('lists the accounts of this tenant only, newest first, without guests or deleted users', async () => {
    const page = await list('?limit=100');
    const ids = page.docs.map((u) => u._id);
    expect(ids).toEqual(expect.arrayContaining([DEMO_USERS.admin._id, DEMO_USERS.student._id, DEMO_USERS.parent._id, 'user_list_sg']));
    expect(ids).not.toContain(DEMO_USERS.partnerLearner._id);
    expect(ids).not.toContain(EXTRA_ADMINS.partner._id);
    expect(ids).not.toContain('user_list_gone');
    expect(page.docs.every((u) => u.role !== ('GUEST' as string))).toBe(true);
    expect(page.totalDocs).toBe(page.docs.length);
    expect(page.docs[0]).not.toHaveProperty('passwordHash');
    expect(page.docs[0]).not.toHaveProperty('tenantId');
  });

  it('searches by name, email, phone and _id, taking % and _ literally', async () => {
    expect((await list('?searchText=zed%20perc')).docs.map((u) => u._id)).toEqual(['user_list_sg']);
    expect((await list('?searchOption=name&searchText=Percent_5')).docs.map((u) => u._id)).toEqual(['user_list_sg']);
    expect((await list('?searchOption=name&searchText=%25')).docs).toEqual([]);
    expect((await list('?searchOption=email&searchText=STUDENT2@')).docs.map((u) => u._id)).toEqual([DEMO_USERS.student2._id]);
    expect((await list('?searchOption=phone&searchText=6123')).docs.map((u) => u._id)).toEqual(['user_list_sg']);
    expect((await list(`?searchOption=_id&searchText=${DEMO_USERS.student._id}`)).docs.map((u) => u._id)).toEqual([DEMO_USERS.student._id]);
  });

  it('filters by role and country, sorts, and pages', async () => {
    const students = await list('?role=STUDENT&sortKey=firstname&sortValue=asc');
    expect(students.docs.map((u) => u.firstname)).toEqual(['Maya', 'Sam']);
    expect((await list('?country=SG')).docs.map((u) => u._id)).toEqual(['user_list_sg']);
    const second = await list('?role=STUDENT&sortKey=firstname&sortValue=-1&limit=1&offset=1');
    expect(second).toMatchObject({ totalDocs: 2, limit: 1, offset: 1 });
    expect(second.docs.map((u) => u.firstname)).toEqual(['Maya']);
  });

  it('answers the dropdown list with the chosen user types', async () => {
    const res = await call('GET', '/admin/users/dropdown-list?userTypes=tutor,STUDENT&name=sam', as.admin);
    expect(res.status).toBe(200);
    expect(await res.json<DropdownUser[]>()).toEqual([
      { _id: DEMO_USERS.student._id, firstname: 'Sam', lastname: 'Student', email: 'student@studyhall.test', role: 'STUDENT' },
    ]);
    const tutors = await (await call('GET', '/admin/users/dropdown-list?userTypes=TUTOR&level=Year%2011&country=SG', as.admin)).json<DropdownUser[]>();
    expect(tutors.map((u) => u._id)).toEqual(['user_list_sg']);
  });

  it('answers the students collection, searchable', async () => {
    const res = await call('GET', '/admin/users/students?searchText=maya', as.admin);
    expect(await res.json()).toMatchObject({ totalDocs: 1, docs: [{ _id: DEMO_USERS.student2._id, firstname: 'Maya' }] });
    const all = await (await call('GET', '/admin/users/students', as.admin)).json<ListResponse<{ _id: string }>>();
    expect(all.docs.map((s) => s._id).sort()).toEqual([DEMO_USERS.student._id, DEMO_USERS.student2._id]);
  });

  it('answers one record with its collections, notes and plans', async () => {
    const res = await call('GET', `/admin/users/${DEMO_USERS.tutor._id}`, as.admin);
    expect(res.status).toBe(200);
    const record = await res.json<AdminUserRecord>();
    expect(record).toMatchObject({
      _id: DEMO_USERS.tutor._id,
      role: 'TUTOR',
      adminNotes: [],
      plans: { flexiblePlans: [], subscriptionPlans: [] },
      languages: [],
    });
    expect(record.subjects).toHaveLength(4);
    expect(record.experiences).toEqual([expect.objectContaining({ _id: expect.any(String), title: 'Maths teacher', organisation: 'Raffles' })]);
    const admin = await (await call('GET', `/admin/users/${DEMO_USERS.admin._id}`, as.admin)).json<AdminUserRecord>();
    expect(admin.adminRole).toEqual({ _id: ROLE_IDS.admin, name: 'Admin' });
  });

  it('creates a student with a temporary password sent by e-mail, to be changed at first sign-in', async () => {
    const res = await call('POST', '/admin/users', as.admin, newStudent('Nia@StudyHall.test'));
    expect(res.status).toBe(201);
    const row = await res.json<AdminUserRow>();
    expect(row).toMatchObject({ role: 'STUDENT', email: 'nia@studyhall.test', country: 'SG', mustChangePassword: true, onboarded: false, adminRoleId: null });
    const stored = await db.select().from(users).where(eq(users._id, row._id)).get();
    expect(stored?.tenantId).toBe(TENANT_IDS.studyhall);
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'nia@studyhall.test')).get();
    const password = /Temporary password: (\S+)/.exec(mail!.text)![1]!;
    expect(password).toHaveLength(14);
    expect(await verifyPassword(password, stored!.passwordHash!)).toBe(true);
    expect(mail!.html).toContain('http://localhost/learning-portal/login');
    const signedIn = await tokenRequest({ grant_type: 'password', username: 'login:nia@studyhall.test', password });
    expect(signedIn.status).toBe(200);
  });

  it('creates an admin with a role of this tenant', async () => {
    const res = await call('POST', '/admin/users', as.admin, {
      role: 'ADMIN',
      firstname: 'Ann',
      lastname: 'Approver',
      email: 'ann@studyhall.test',
      adminRoleId: ROLE_IDS.approver,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ role: 'ADMIN', adminRoleId: ROLE_IDS.approver, onboarded: true });
  });

  it('updates details and plans', async () => {
    const res = await call('PUT', `/admin/users/${DEMO_USERS.student2._id}`, as.admin, {
      lastname: 'Tan',
      phone: '+65 8123 4567',
      country: 'MY',
      timezone: 'Asia/Kuala_Lumpur',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ firstname: 'Maya', lastname: 'Tan', phone: '+65 8123 4567', country: 'MY', timezone: 'Asia/Kuala_Lumpur' });
    const plans = await call('PUT', `/admin/users/plans/${DEMO_USERS.student2._id}`, as.admin, {
      flexiblePlans: ['flexible_plan_starter'],
      subscriptionPlans: ['subscription_plan_four'],
    });
    expect(await plans.json()).toEqual({
      _id: DEMO_USERS.student2._id,
      plans: { flexiblePlans: ['flexible_plan_starter'], subscriptionPlans: ['subscription_plan_four'] },
    });
    const stored = await db.select({ plans: users.plans }).from(users).where(eq(users._id, DEMO_USERS.student2._id)).get();
    expect(stored?.plans).toEqual({ flexiblePlans: ['flexible_plan_starter'], subscriptionPlans: ['subscription_plan_four'] });
  });

  it('moves an admin to another role of the tenant', async () => {
    const created = await (
      await call('POST', '/admin/users', as.admin, {
        role: 'ADMIN',
        firstname: 'Rae',
        lastname: 'Role',
        email: 'rae@studyhall.test',
        adminRoleId: ROLE_IDS.approver,
      })
    ).json<AdminUserRow>();
    const res = await call('PUT', `/admin/users/${created._id}`, as.admin, { adminRoleId: ROLE_IDS.enterer });
    expect(await res.json()).toMatchObject({ adminRoleId: ROLE_IDS.enterer });
  });

  it('resends a temporary password, ends the user’s sessions and says so', async () => {
    const studentToken = await signIn('student2@studyhall.test');
    const res = await call('POST', `/admin/users/resend-user-password/${DEMO_USERS.student2._id}`, as.admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Temporary password sent!' });
    expect((await call('GET', '/user/authUser', studentToken)).status).toBe(401);
    const live = await db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, DEMO_USERS.student2._id), isNull(sessions.revokedAt)))
      .get();
    expect(live?.n).toBe(0);
    const stored = await db.select().from(users).where(eq(users._id, DEMO_USERS.student2._id)).get();
    expect(stored?.mustChangePassword).toBe(true);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'student2@studyhall.test')).all();
    const password = /Temporary password: (\S+)/.exec(mails.at(-1)!.text)![1]!;
    expect(await verifyPassword(password, stored!.passwordHash!)).toBe(true);
  });

  it('adds and deletes admin notes, answering the whole record', async () => {
    const added = await call('POST', `/admin/users/admin-notes/${DEMO_USERS.student._id}`, as.admin, { note: '  Prefers evening lessons  ' });
    expect(added.status).toBe(201);
    const record = await added.json<AdminUserRecord>();
    expect(record.adminNotes).toEqual([
      {
        _id: expect.any(String),
        noteId: record.adminNotes[0]!._id,
        note: 'Prefers evening lessons',
        author: { _id: DEMO_USERS.admin._id, firstname: 'Ada', lastname: 'Admin' },
        createdAt: expect.any(String),
      },
    ]);
    const removed = await call('DELETE', `/admin/users/admin-notes/${DEMO_USERS.student._id}?noteId=${record.adminNotes[0]!.noteId}`, as.admin);
    expect(removed.status).toBe(200);
    expect((await removed.json<AdminUserRecord>()).adminNotes).toEqual([]);
  });
});

describe('errors', () => {
  it('names the bad field of a list query', async () => {
    await expectFieldError(await call('GET', '/admin/users?searchOption=address', as.admin), 'searchOption');
    await expectFieldError(await call('GET', '/admin/users?role=GUEST', as.admin), 'role');
    await expectFieldError(await call('GET', '/admin/users?sortKey=passwordHash', as.admin), 'sortKey');
    await expectFieldError(await call('GET', `/admin/users?searchText=${'a'.repeat(101)}`, as.admin), 'searchText');
    await expectFieldError(await call('GET', '/admin/users/dropdown-list?userTypes=STUDENT,WIZARD', as.admin), 'userTypes.1');
  });

  it('refuses a bad new user with 400 naming the field, and writes nothing', async () => {
    const before = await userCount();
    await expectFieldError(await call('POST', '/admin/users', as.admin, { ...newStudent('x@studyhall.test'), role: 'GUEST' }), 'role');
    await expectFieldError(await call('POST', '/admin/users', as.admin, newStudent('not-an-email')), 'email');
    await expectFieldError(await call('POST', '/admin/users', as.admin, { ...newStudent('x@studyhall.test'), firstname: ' ' }), 'firstname');
    await expectFieldError(await call('POST', '/admin/users', as.admin, { ...newStudent('x@studyhall.test'), timezone: 'Mars/Olympus' }), 'timezone');
    await expectFieldError(await call('POST', '/admin/users', as.admin, { ...newStudent('x@studyhall.test'), role: 'ADMIN' }), 'adminRoleId');
    await expectFieldError(
      await call('POST', '/admin/users', as.admin, { ...newStudent('x@studyhall.test'), role: 'ADMIN', adminRoleId: ROLE_IDS.partnerAdmin }),
      'adminRoleId',
    );
    expect(await userCount()).toBe(before);
  });

  it('refuses an email that another account already uses', async () => {
    const res = await call('POST', '/admin/users', as.admin, newStudent('STUDENT@studyhall.test'));
    expect(res.status).toBe(409);
    expect((await res.json<{ errors: { path: string }[] }>()).errors[0]?.path).toBe('email');
    expect((await call('PUT', `/admin/users/${DEMO_USERS.student2._id}`, as.admin, { email: 'tutor@studyhall.test' })).status).toBe(409);
  });

  it('two admins adding the same e-mail at the same moment: one 201, the others 409 naming email, never a 500', async () => {
    const email = `race.${crypto.randomUUID().slice(0, 8)}@studyhall.test`;
    const results = await Promise.all(Array.from({ length: 4 }, () => call('POST', '/admin/users', as.admin, newStudent(email))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const refused = await results.find((r) => r.status === 409)!.json<{ message: string; errors: { path: string; message: string }[] }>();
    expect(refused).toMatchObject({
      message: 'E-mail address is already used by another account.',
      errors: [{ path: 'email', message: 'is already used by another account' }],
    });
    expect(await db.select({ n: count() }).from(users).where(eq(users.email, email)).get()).toEqual({ n: 1 });
  });

  it('answers 404 for unknown, deleted or guest users and unknown notes', async () => {
    expect((await call('GET', '/admin/users/nobody', as.admin)).status).toBe(404);
    expect((await call('GET', '/admin/users/user_list_gone', as.admin)).status).toBe(404);
    expect((await call('DELETE', `/admin/users/admin-notes/${DEMO_USERS.student._id}?noteId=nope`, as.admin)).status).toBe(404);
    await expectFieldError(await call('DELETE', `/admin/users/admin-notes/${DEMO_USERS.student._id}`, as.admin), 'noteId');
  });

  it('refuses plans of the wrong shape and a role for a non-admin', async () => {
    await expectFieldError(
      await call('PUT', `/admin/users/plans/${DEMO_USERS.student._id}`, as.admin, { flexiblePlans: 'plan_a', subscriptionPlans: [] }),
      'flexiblePlans',
    );
  });

  it('refuses plan ids that name no plan of this tenant, and stores nothing', async () => {
    const put = (body: object) => call('PUT', `/admin/users/plans/${DEMO_USERS.student._id}`, as.admin, body);
    await expectFieldError(await put({ flexiblePlans: ['flexible_plan_starter', 'plan_a'], subscriptionPlans: [] }), 'flexiblePlans.1');
    await expectFieldError(await put({ flexiblePlans: [], subscriptionPlans: ['flexible_plan_starter'] }), 'subscriptionPlans.0');
    await db
      .insert(flexiblePlans)
      .values({
        _id: 'flexible_plan_partner',
        tenantId: TENANT_IDS.brightpath,
        name: 'Partner pack',
        amount: 100,
        currency: 'SGD',
        minutes: 60,
        duration: 1,
        durationUnit: 'MONTHS',
      })
      .onConflictDoNothing();
    await expectFieldError(await put({ flexiblePlans: ['flexible_plan_partner'], subscriptionPlans: [] }), 'flexiblePlans.0');
    const stored = await db.select({ plans: users.plans }).from(users).where(eq(users._id, DEMO_USERS.student._id)).get();
    expect(stored?.plans?.flexiblePlans ?? []).not.toContain('flexible_plan_partner');
    await expectFieldError(await call('PUT', `/admin/users/${DEMO_USERS.student._id}`, as.admin, { adminRoleId: ROLE_IDS.approver }), 'adminRoleId');
    await expectFieldError(await call('PUT', `/admin/users/${DEMO_USERS.student._id}`, as.admin, { availabilityState: 'available' }), 'availabilityState');
  });
});

describe('permissions', () => {
  const noteCount = async () => (await db.select({ n: count() }).from(adminNotes).get())!.n;

  it('refuses students, tutors, parents and the signed-out caller everywhere', async () => {
    for (const token of [as.student, as.tutor, as.parent]) {
      expect((await call('GET', '/admin/users', token)).status).toBe(403);
      expect((await call('GET', `/admin/users/${DEMO_USERS.student._id}`, token)).status).toBe(403);
      expect((await call('POST', '/admin/users', token, newStudent('sneaky@studyhall.test'))).status).toBe(403);
      expect((await call('POST', `/admin/users/admin-notes/${DEMO_USERS.student._id}`, token, { note: 'x' })).status).toBe(403);
    }
    expect((await call('GET', '/admin/users', 'not-a-token')).status).toBe(401);
    expect(await db.select().from(users).where(eq(users.email, 'sneaky@studyhall.test')).get()).toBeUndefined();
  });

  it('lets a role do only what it grants: the Approver views, the Enterer cannot resend passwords', async () => {
    expect((await call('GET', '/admin/users', as.approver)).status).toBe(200);
    const before = await userCount();
    expect((await call('POST', '/admin/users', as.approver, newStudent('approved@studyhall.test'))).status).toBe(403);
    expect((await call('PUT', `/admin/users/${DEMO_USERS.student._id}`, as.approver, { lastname: 'Changed' })).status).toBe(403);
    expect((await call('POST', `/admin/users/resend-user-password/${DEMO_USERS.student._id}`, as.enterer)).status).toBe(403);
    expect(await userCount()).toBe(before);
    const student = await db.select().from(users).where(eq(users._id, DEMO_USERS.student._id)).get();
    expect(student?.lastname).toBe('Student');
  });

  it('does not let an admin hand out or take over more than their own role holds', async () => {
    const before = await userCount();
    const res = await call('POST', '/admin/users', as.enterer, {
      role: 'ADMIN',
      firstname: 'Eve',
      lastname: 'Escalate',
      email: 'eve@studyhall.test',
      adminRoleId: ROLE_IDS.admin,
    });
    expect(res.status).toBe(403);
    expect(await userCount()).toBe(before);
    expect((await call('PUT', `/admin/users/${DEMO_USERS.admin._id}`, as.enterer, { email: 'enterer-owned@studyhall.test' })).status).toBe(403);
    for (const body of [{}, { email: 'not-an-email', role: 'ADMIN' }]) {
      expect((await call('PUT', `/admin/users/${DEMO_USERS.admin._id}`, as.enterer, body)).status, 'the gate runs before the body is read').toBe(403);
    }
    expect((await db.select().from(users).where(eq(users._id, DEMO_USERS.admin._id)).get())?.email).toBe('admin@studyhall.test');
    expect((await call('POST', '/admin/users', as.enterer, newStudent('entered@studyhall.test'))).status).toBe(201);
  });

  it('gives another tenant’s admin 404 for this tenant’s users, and a token from there is refused here', async () => {
    const notes = await noteCount();
    expect((await call('GET', `/admin/users/${DEMO_USERS.student._id}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await call('PUT', `/admin/users/${DEMO_USERS.student._id}`, as.partner, { lastname: 'Hijacked' }, PARTNER_HOST)).status).toBe(404);
    expect(
      (await call('PUT', `/admin/users/plans/${DEMO_USERS.student._id}`, as.partner, { flexiblePlans: [], subscriptionPlans: [] }, PARTNER_HOST)).status,
    ).toBe(404);
    expect((await call('POST', `/admin/users/admin-notes/${DEMO_USERS.student._id}`, as.partner, { note: 'x' }, PARTNER_HOST)).status).toBe(404);
    expect((await call('POST', `/admin/users/resend-user-password/${DEMO_USERS.student._id}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await call('GET', '/admin/users', as.partner)).status).toBe(401);
    const partnerList = await (await call('GET', '/admin/users?limit=100', as.partner, undefined, PARTNER_HOST)).json<ListResponse<AdminUserRow>>();
    expect(partnerList.docs.map((u) => u._id).sort()).toEqual([EXTRA_ADMINS.partner._id, DEMO_USERS.partnerLearner._id, DEMO_USERS.partnerTutor._id].sort());
    expect(await noteCount()).toBe(notes);
    expect((await db.select().from(users).where(eq(users._id, DEMO_USERS.student._id)).get())?.lastname).toBe('Student');
  });
});
