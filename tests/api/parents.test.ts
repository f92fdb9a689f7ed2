import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthUserResponse } from '../../schema/contracts/auth';
import type { MappedStudent, UserProfile } from '../../schema/contracts/profile';
import { DEMO_USERS } from '../../schema/seed';
import { userMappers, userSubjects, users } from '../../schema/tables';
import { api, bearer, postJson, signIn } from '../helpers/auth';
import { db, seedDemo } from '../helpers/seed';

beforeAll(async () => {
  await seedDemo();
  // A student of this tenant with no link to the demo parent.
  await db.insert(users).values({
    _id: 'user_unlinked',
    tenantId: 'tenant_studyhall',
    email: 'kim@studyhall.test',
    role: 'STUDENT',
    firstname: 'Kim',
    lastname: 'Other',
    onboarded: true,
  });
});

const asStudent = (token: string, studentId: string) => bearer(token, { 'x-user-id': studentId });

describe('happy', () => {
  it('GET /user/mapped-students lists the parent’s students with what the cards show', async () => {
    const token = await signIn('parent@studyhall.test');
    const res = await api('/user/mapped-students', { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(await res.json<MappedStudent[]>()).toEqual([
      { _id: DEMO_USERS.student2._id, firstname: 'Maya', lastname: 'Student', avatar: null, curriculum: 'Cambridge IGCSE', grade: 'Grade 9', onboarded: true },
      { _id: DEMO_USERS.student._id, firstname: 'Sam', lastname: 'Student', avatar: null, curriculum: 'Cambridge IGCSE', grade: 'Grade 10', onboarded: true },
    ]);
  });

  it('acting for a student: authUser names the student, and calls read and write the student', async () => {
    const token = await signIn('parent@studyhall.test');
    const me = await (await api('/user/authUser', { headers: asStudent(token, DEMO_USERS.student._id) })).json<AuthUserResponse>();
    expect(me._id).toBe(DEMO_USERS.parent._id);
    expect(me.actingFor).toEqual({ _id: DEMO_USERS.student._id, firstname: 'Sam', lastname: 'Student' });
    const profile = await api(`/user/${DEMO_USERS.student._id}`, { headers: asStudent(token, DEMO_USERS.student._id) });
    expect((await profile.json<UserProfile>()).firstname).toBe('Sam');
    const added = await postJson(
      '/user/subjects',
      { curriculum: 'Cambridge IGCSE', subject: 'Biology', grade: 'Grade 10' },
      { headers: asStudent(token, DEMO_USERS.student._id) },
    );
    expect(added.status).toBe(201);
    expect((await db.select().from(userSubjects).where(eq(userSubjects.userId, DEMO_USERS.student._id)).all()).map((s) => s.subject)).toContain('Biology');
  });

  it('switching is just another x-user-id: Maya next, with no server state in between', async () => {
    const token = await signIn('parent@studyhall.test');
    const me = await (await api('/user/authUser', { headers: asStudent(token, DEMO_USERS.student2._id) })).json<AuthUserResponse>();
    expect(me.actingFor.firstname).toBe('Maya');
  });
});

describe('errors', () => {
  it('a parent with no students gets an empty list', async () => {
    await db.insert(users).values({
      _id: 'user_parent_alone',
      tenantId: 'tenant_studyhall',
      email: 'alone@studyhall.test',
      role: 'PARENT',
      firstname: 'Al',
      lastname: 'One',
      passwordHash: (await db.select().from(users).where(eq(users._id, DEMO_USERS.parent._id)).get())!.passwordHash,
      onboarded: true,
    });
    const token = await signIn('alone@studyhall.test');
    expect(await (await api('/user/mapped-students', { headers: bearer(token) })).json()).toEqual([]);
  });
});

describe('permissions', () => {
  it('acting for an unlinked student, another tenant’s student or a tutor is refused with 403', async () => {
    const token = await signIn('parent@studyhall.test');
    for (const id of ['user_unlinked', DEMO_USERS.partnerLearner._id, DEMO_USERS.tutor._id, DEMO_USERS.admin._id]) {
      expect((await api('/user/authUser', { headers: asStudent(token, id) })).status, id).toBe(403);
      expect((await api(`/user/${id}`, { headers: asStudent(token, id) })).status, id).toBe(403);
    }
  });

  it('a parent cannot read an unlinked student’s profile, acting for a student or not', async () => {
    const token = await signIn('parent@studyhall.test');
    expect((await api('/user/user_unlinked', { headers: bearer(token) })).status).toBe(404);
    expect((await api('/user/user_unlinked', { headers: asStudent(token, DEMO_USERS.student._id) })).status).toBe(404);
  });

  it('while acting for a student the parent cannot do parent-only or admin things', async () => {
    const token = await signIn('parent@studyhall.test');
    const headers = asStudent(token, DEMO_USERS.student._id);
    expect((await api('/user/mapped-students', { headers })).status).toBe(403);
    expect(
      (await api('/user/delete', { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: '{"password":"studyhall-demo"}' })).status,
    ).toBe(403);
    expect((await postJson(`/admin/users/${DEMO_USERS.student2._id}/experiences`, { title: 'X' }, { headers })).status).toBe(403);
    expect((await db.select().from(users).where(eq(users._id, DEMO_USERS.parent._id)).get())?.deletedAt).toBeNull();
  });

  it('students and tutors have no linked students to list', async () => {
    for (const email of ['student@studyhall.test', 'tutor@studyhall.test']) {
      const token = await signIn(email);
      expect((await api('/user/mapped-students', { headers: bearer(token) })).status).toBe(403);
    }
    expect((await api('/user/mapped-students')).status).toBe(401);
  });

  it('a student cannot act for their parent or a sibling', async () => {
    const token = await signIn('student@studyhall.test');
    expect((await api('/user/authUser', { headers: asStudent(token, DEMO_USERS.parent._id) })).status).toBe(403);
    expect((await api('/user/authUser', { headers: asStudent(token, DEMO_USERS.student2._id) })).status).toBe(403);
  });

  it('a link removed mid-session stops the acting at once', async () => {
    const token = await signIn('parent@studyhall.test');
    const link = await db.select().from(userMappers).where(eq(userMappers.studentId, DEMO_USERS.student2._id)).get();
    await db.delete(userMappers).where(eq(userMappers._id, link!._id));
    expect((await api('/user/authUser', { headers: asStudent(token, DEMO_USERS.student2._id) })).status).toBe(403);
    await db.insert(userMappers).values(link!);
  });
});
