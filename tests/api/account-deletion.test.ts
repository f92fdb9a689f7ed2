import { env } from 'cloudflare:workers';
import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../schema/seed';
import { adminNotes, emailOutbox, sessions, userExperiences, userMappers, userSubjects, users } from '../../schema/tables';
import { api, bearer, expectFieldError, postJson, signIn, tokenRequest } from '../helpers/auth';
import { db, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const deleteAccount = (token: string, body: unknown, extra: Record<string, string> = {}) =>
  api('/user/delete', { method: 'PUT', headers: bearer(token, { 'content-type': 'application/json', ...extra }), body: JSON.stringify(body) });

const row = (id: string) => db.select().from(users).where(eq(users._id, id)).get();
const liveSessions = async (id: string) =>
  (
    await db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
      .get()
  )?.n ?? 0;

describe('happy', () => {
  it('anonymises the person, removes their data and links, ends their sessions and keeps the id', async () => {
    const token = await signIn('student@studyhall.test');
    await signIn('student@studyhall.test');
    const json = (body: unknown) => ({ method: 'PUT', headers: bearer(token, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
    await api('/user', json({ phone: '+65 6123 4567', bio: 'Loves physics', country: 'SG' }));
    await postJson('/user/experiences', { title: 'Prefect' }, { headers: bearer(token) });
    await postJson('/user/subjects', { curriculum: 'Cambridge IGCSE', subject: 'Physics', grade: 'Grade 9' }, { headers: bearer(token) });
    const form = new FormData();
    form.set('file', new File([PNG], 'sam.png'));
    const { avatar } = await (await api('/user/avatar', { method: 'POST', headers: bearer(token), body: form })).json<{ avatar: string }>();
    await db
      .insert(adminNotes)
      .values({ tenantId: 'tenant_studyhall', subjectType: 'USER', subjectId: DEMO_USERS.student._id, note: 'Called mum', authorId: DEMO_USERS.admin._id });
    await db
      .insert(emailOutbox)
      .values({ tenantId: 'tenant_studyhall', to: 'student@studyhall.test', subject: 'Hi Sam', text: 'Hi', html: 'Hi', status: 'LOCAL', provider: 'dev' });
    expect(await liveSessions(DEMO_USERS.student._id)).toBe(2);

    const res = await deleteAccount(token, { password: DEMO_PASSWORD });
    expect(res.status).toBe(200);

    expect(await row(DEMO_USERS.student._id)).toMatchObject({
      _id: DEMO_USERS.student._id,
      firstname: 'Deleted',
      lastname: 'user',
      email: null,
      phone: null,
      bio: '',
      avatar: null,
      country: null,
      passwordHash: null,
      deletedAt: expect.any(Date),
    });
    expect(await db.select().from(userExperiences).where(eq(userExperiences.userId, DEMO_USERS.student._id)).all()).toEqual([]);
    expect(await db.select().from(userSubjects).where(eq(userSubjects.userId, DEMO_USERS.student._id)).all()).toEqual([]);
    expect(await db.select().from(userMappers).where(eq(userMappers.studentId, DEMO_USERS.student._id)).all()).toEqual([]);
    expect(await db.select().from(adminNotes).where(eq(adminNotes.subjectId, DEMO_USERS.student._id)).all()).toEqual([]);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'student@studyhall.test')).all()).toEqual([]);
    expect(await liveSessions(DEMO_USERS.student._id)).toBe(0);
    expect((await env.FILES.list({ prefix: 'tenant_studyhall/avatars/user_student/' })).objects).toEqual([]);
    expect((await api(avatar.slice('/api'.length))).status).toBe(404);

    expect((await api('/user/authUser', { headers: bearer(token) })).status).toBe(401);
    const login = await tokenRequest({ grant_type: 'password', username: 'login:student@studyhall.test', password: DEMO_PASSWORD });
    expect(login.status).toBe(401);
  });

  it('a parent deleting their own account leaves the students’ accounts alone', async () => {
    const token = await signIn('parent@studyhall.test');
    const res = await deleteAccount(token, { password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(await row(DEMO_USERS.parent._id)).toMatchObject({ firstname: 'Deleted', deletedAt: expect.any(Date) });
    expect(await row(DEMO_USERS.student2._id)).toMatchObject({ firstname: 'Maya', email: 'student2@studyhall.test', deletedAt: null });
    expect(await db.select().from(userMappers).where(eq(userMappers.parentId, DEMO_USERS.parent._id)).all()).toEqual([]);
    expect((await tokenRequest({ grant_type: 'password', username: 'login:student2@studyhall.test', password: DEMO_PASSWORD })).status).toBe(200);
  });
});

describe('errors', () => {
  it('a wrong or missing password deletes nothing', async () => {
    const token = await signIn('tutor@studyhall.test');
    const before = await row(DEMO_USERS.tutor._id);
    await expectFieldError(await deleteAccount(token, { password: 'wrong-password' }), 'password');
    await expectFieldError(await deleteAccount(token, {}), 'password');
    expect(await row(DEMO_USERS.tutor._id)).toEqual(before);
    expect((await api('/user/authUser', { headers: bearer(token) })).status).toBe(200);
  });
});

describe('permissions', () => {
  it('signed-out callers get 401', async () => {
    expect((await api('/user/delete', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"password":"x"}' })).status).toBe(401);
  });

  it('an x-user-id for someone else is refused and nothing changes', async () => {
    const tutor = await signIn('tutor@studyhall.test');
    const res = await deleteAccount(tutor, { password: DEMO_PASSWORD }, { 'x-user-id': DEMO_USERS.student2._id });
    expect(res.status).toBe(403);
    expect((await row(DEMO_USERS.student2._id))?.deletedAt).toBeNull();
    expect((await row(DEMO_USERS.tutor._id))?.deletedAt).toBeNull();
  });

  it('a parent acting for a student is refused before the body is read', async () => {
    const source = await db.select({ tenantId: users.tenantId, passwordHash: users.passwordHash }).from(users).where(eq(users._id, DEMO_USERS.admin._id)).get();
    await db.insert(users).values({ _id: 'user_parent_two', ...source!, email: 'parent2@studyhall.test', role: 'PARENT', onboarded: true });
    await db.insert(userMappers).values({ tenantId: source!.tenantId, parentId: 'user_parent_two', studentId: DEMO_USERS.student2._id });
    const parent = await signIn('parent2@studyhall.test');
    const res = await deleteAccount(parent, {}, { 'x-user-id': DEMO_USERS.student2._id });
    expect(res.status).toBe(403);
    expect((await row(DEMO_USERS.student2._id))?.deletedAt).toBeNull();
  });
});
