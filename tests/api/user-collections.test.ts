import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Experience, Language, UserProfile, UserSubject } from '../../schema/contracts/profile';
import { DEMO_USERS } from '../../schema/seed';
import { userExperiences, userLanguages, userSubjects, users } from '../../schema/tables';
import { api, bearer, expectFieldError, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const send = (method: string, path: string, token: string, body?: unknown, extra: Record<string, string> = {}, host = 'localhost') =>
  api(
    path,
    {
      method,
      headers: bearer(token, body === undefined ? extra : { 'content-type': 'application/json', ...extra }),
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    host,
  );

const MATHS = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };
const experienceCount = async (userId: string) =>
  (await db.select({ n: count() }).from(userExperiences).where(eq(userExperiences.userId, userId)).get())?.n ?? 0;

describe('happy', () => {
  it('adds, edits and deletes an experience, and the profile lists it with its _id', async () => {
    const token = await signIn('tutor@studyhall.test');
    const created = await send('POST', '/user/experiences', token, { title: 'Maths teacher', organisation: 'Raffles', startDate: '2019-01-01' });
    expect(created.status).toBe(201);
    const experience = await created.json<Experience>();
    expect(experience).toMatchObject({ _id: expect.any(String), title: 'Maths teacher', organisation: 'Raffles', endDate: null, description: '' });

    const updated = await send('PUT', `/user/experiences/${experience._id}`, token, { title: 'Head of maths', startDate: '2019-01-01', endDate: '2024-06-30' });
    expect(updated.status).toBe(200);
    expect(await updated.json<Experience>()).toMatchObject({ _id: experience._id, title: 'Head of maths', endDate: '2024-06-30', organisation: '' });

    const profile = await (await api(`/user/${DEMO_USERS.tutor._id}`, { headers: bearer(token) })).json<UserProfile>();
    expect(profile.experiences).toEqual([expect.objectContaining({ _id: experience._id, title: 'Head of maths' })]);

    const deleted = await send('DELETE', `/user/experiences/${experience._id}`, token);
    expect(deleted.status).toBe(200);
    expect(await experienceCount(DEMO_USERS.tutor._id)).toBe(0);
  });

  it('adds qualifications and achievements', async () => {
    const token = await signIn('tutor@studyhall.test');
    const q = await send('POST', '/user/qualifications', token, { title: 'BSc Mathematics', institution: 'NUS', year: 2015 });
    expect(q.status).toBe(201);
    expect(await q.json()).toMatchObject({ title: 'BSc Mathematics', year: 2015 });
    const a = await send('POST', '/user/achievements', token, { title: 'Teacher of the year', year: 2022 });
    expect(a.status).toBe(201);
    const profile = await (await api(`/user/${DEMO_USERS.tutor._id}`, { headers: bearer(token) })).json<UserProfile>();
    expect(profile.qualifications.map((x) => x.title)).toEqual(['BSc Mathematics']);
    expect(profile.achievements.map((x) => x.title)).toEqual(['Teacher of the year']);
  });

  it('stores languages as canonical BCP 47 tags', async () => {
    const token = await signIn('tutor@studyhall.test');
    const res = await send('POST', '/user/languages', token, { language: 'ZH-hans', proficiency: 'NATIVE' });
    expect(res.status).toBe(201);
    expect(await res.json<Language>()).toMatchObject({ language: 'zh-Hans', proficiency: 'NATIVE' });
  });

  it('adds and removes a subject from the catalogue', async () => {
    const token = await signIn('student@studyhall.test');
    const res = await send('POST', '/user/subjects', token, MATHS);
    expect(res.status).toBe(201);
    const subject = await res.json<UserSubject>();
    expect(subject).toMatchObject(MATHS);
    expect((await send('DELETE', `/user/subjects/${subject._id}`, token)).status).toBe(200);
    expect(await db.select().from(userSubjects).where(eq(userSubjects._id, subject._id)).get()).toBeUndefined();
  });

  it('an admin with admin-users edit works on another user’s collections', async () => {
    const admin = await signIn('admin@studyhall.test');
    const res = await send('POST', `/admin/users/${DEMO_USERS.tutor._id}/qualifications`, admin, { title: 'PGCE', year: 2016 });
    expect(res.status).toBe(201);
    const q = await res.json<{ _id: string; userId: string }>();
    expect(q.userId).toBe(DEMO_USERS.tutor._id);
    expect((await send('PUT', `/admin/users/${DEMO_USERS.tutor._id}/qualifications/${q._id}`, admin, { title: 'PGCE (Maths)' })).status).toBe(200);
    // Theo already teaches IGCSE Maths (seed-availability.ts), so the admin adds Chemistry.
    const subject = await send('POST', `/admin/users/${DEMO_USERS.tutor._id}/subjects`, admin, { ...MATHS, subject: 'Chemistry' });
    expect(subject.status).toBe(201);
    const { _id } = await subject.json<UserSubject>();
    expect((await send('DELETE', `/admin/users/${DEMO_USERS.tutor._id}/subjects/${_id}`, admin)).status).toBe(200);
    expect((await send('DELETE', `/admin/users/${DEMO_USERS.tutor._id}/qualifications/${q._id}`, admin)).status).toBe(200);
  });
});

describe('errors', () => {
  it('names the bad field and writes nothing', async () => {
    const token = await signIn('tutor@studyhall.test');
    const before = await experienceCount(DEMO_USERS.tutor._id);
    await expectFieldError(await send('POST', '/user/experiences', token, { title: '' }), 'title');
    await expectFieldError(await send('POST', '/user/experiences', token, { title: 'X', startDate: '2020-13-01' }), 'startDate');
    await expectFieldError(await send('POST', '/user/experiences', token, { title: 'X', startDate: '2020-05-01', endDate: '2019-01-01' }), 'endDate');
    await expectFieldError(await send('POST', '/user/qualifications', token, { title: 'X', year: 1066 }), 'year');
    await expectFieldError(await send('POST', '/user/languages', token, { language: 'not a language', proficiency: 'FLUENT' }), 'language');
    await expectFieldError(await send('POST', '/user/languages', token, { language: 'en', proficiency: 'GODLIKE' }), 'proficiency');
    await expectFieldError(await send('POST', '/user/experiences', token, { title: 'X', userId: DEMO_USERS.student._id }), 'body');
    expect(await experienceCount(DEMO_USERS.tutor._id)).toBe(before);
  });

  it('refuses a subject that is not in this tenant’s catalogue', async () => {
    const token = await signIn('student@studyhall.test');
    await expectFieldError(await send('POST', '/user/subjects', token, { ...MATHS, grade: 'Grade 99' }), 'subject');
    await expectFieldError(await send('POST', '/user/subjects', token, { ...MATHS, subject: 'Astrology' }), 'subject');
    const partner = await signIn('learner@partner.test', PARTNER_HOST);
    // AQA GCSE is only in the main tenant's catalogue.
    await expectFieldError(
      await send('POST', '/user/subjects', partner, { curriculum: 'AQA GCSE', subject: 'Mathematics', grade: 'Year 10' }, {}, PARTNER_HOST),
      'subject',
    );
  });

  it('a duplicate language or subject is a 409', async () => {
    const token = await signIn('student2@studyhall.test');
    expect((await send('POST', '/user/languages', token, { language: 'fr', proficiency: 'BASIC' })).status).toBe(201);
    expect((await send('POST', '/user/languages', token, { language: 'FR', proficiency: 'FLUENT' })).status).toBe(409);
    expect((await send('POST', '/user/subjects', token, MATHS)).status).toBe(201);
    expect((await send('POST', '/user/subjects', token, MATHS)).status).toBe(409);
  });

  it('an unknown id is a 404', async () => {
    const token = await signIn('tutor@studyhall.test');
    expect((await send('PUT', '/user/achievements/nope', token, { title: 'X' })).status).toBe(404);
    expect((await send('DELETE', '/user/languages/nope', token)).status).toBe(404);
    const admin = await signIn('admin@studyhall.test');
    expect((await send('POST', '/admin/users/nobody/experiences', admin, { title: 'X' })).status).toBe(404);
  });
});

describe('permissions', () => {
  it('another user’s row is a 404 and stays as it was', async () => {
    const tutor = await signIn('tutor@studyhall.test');
    const mine = await (await send('POST', '/user/experiences', tutor, { title: 'Physics tutor' })).json<Experience>();
    const lang = await (await send('POST', '/user/languages', tutor, { language: 'ms', proficiency: 'FLUENT' })).json<Language>();
    const student = await signIn('student@studyhall.test');
    expect((await send('PUT', `/user/experiences/${mine._id}`, student, { title: 'Hacked' })).status).toBe(404);
    expect((await send('DELETE', `/user/experiences/${mine._id}`, student)).status).toBe(404);
    expect((await send('DELETE', `/user/languages/${lang._id}`, student)).status).toBe(404);
    const admin = await signIn('admin@studyhall.test');
    // The admin variant also checks the owner: the row does not belong to this student.
    expect((await send('DELETE', `/admin/users/${DEMO_USERS.student._id}/experiences/${mine._id}`, admin)).status).toBe(404);
    expect((await db.select().from(userExperiences).where(eq(userExperiences._id, mine._id)).get())?.title).toBe('Physics tutor');
    expect(await db.select().from(userLanguages).where(eq(userLanguages._id, lang._id)).get()).toBeDefined();
  });

  it('another tenant cannot touch a row or a user, and signed-out callers get 401', async () => {
    const tutor = await signIn('tutor@studyhall.test');
    const mine = await (await send('POST', '/user/achievements', tutor, { title: 'Olympiad coach' })).json<{ _id: string }>();
    const partner = await signIn('learner@partner.test', PARTNER_HOST);
    expect((await send('DELETE', `/user/achievements/${mine._id}`, partner, undefined, {}, PARTNER_HOST)).status).toBe(404);
    expect((await api(`/user/achievements/${mine._id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await api('/user/experiences', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"X"}' })).status).toBe(401);
    expect((await send('DELETE', `/user/achievements/${mine._id}`, tutor)).status).toBe(200);
  });

  it('admin variants need the admin-users edit permission', async () => {
    const before = await experienceCount(DEMO_USERS.student._id);
    for (const email of ['tutor@studyhall.test', 'parent@studyhall.test', 'student@studyhall.test']) {
      const token = await signIn(email);
      expect((await send('POST', `/admin/users/${DEMO_USERS.student._id}/experiences`, token, { title: 'X' })).status).toBe(403);
    }
    await db.update(users).set({ adminRoleId: 'role_approver_tenant_studyhall' }).where(eq(users._id, DEMO_USERS.admin._id));
    const approver = await signIn('admin@studyhall.test');
    expect((await send('POST', `/admin/users/${DEMO_USERS.student._id}/experiences`, approver, { title: 'X' })).status).toBe(403);
    await db.update(users).set({ adminRoleId: 'role_admin_tenant_studyhall' }).where(eq(users._id, DEMO_USERS.admin._id));
    const admin = await signIn('admin@studyhall.test');
    expect((await send('POST', `/admin/users/${DEMO_USERS.partnerLearner._id}/experiences`, admin, { title: 'X' })).status).toBe(404);
    expect(await experienceCount(DEMO_USERS.student._id)).toBe(before);
    expect(await experienceCount(DEMO_USERS.partnerLearner._id)).toBe(0);
  });

  it('a parent acting for a student writes the student’s rows, never another student’s', async () => {
    const parent = await signIn('parent@studyhall.test');
    const res = await send('POST', '/user/subjects', parent, { ...MATHS, grade: 'Grade 9' }, { 'x-user-id': DEMO_USERS.student._id });
    expect(res.status).toBe(201);
    expect((await res.json<UserSubject>()).userId).toBe(DEMO_USERS.student._id);
    const stranger = await signIn('tutor@studyhall.test');
    expect((await send('POST', '/user/subjects', stranger, MATHS, { 'x-user-id': DEMO_USERS.student._id })).status).toBe(403);
  });
});
