import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingStatus, UserProfile } from '../../schema/contracts/profile';
import { DEMO_USERS } from '../../schema/seed';
import { userExperiences, userSubjects, users } from '../../schema/tables';
import { api, bearer, expectFieldError, postJson, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const NEW_STUDENT = 'user_new_student';
const NEW_TUTOR = 'user_new_tutor';
const NEW_PARTNER = 'user_new_partner';

beforeAll(async () => {
  await seedDemo();
  const { passwordHash } = (await db.select().from(users).where(eq(users._id, DEMO_USERS.student._id)).get())!;
  await db.insert(users).values([
    { _id: NEW_STUDENT, tenantId: 'tenant_studyhall', email: 'new-student@studyhall.test', role: 'STUDENT', firstname: 'Nia', lastname: 'New', passwordHash },
    { _id: NEW_TUTOR, tenantId: 'tenant_studyhall', email: 'new-tutor@studyhall.test', role: 'TUTOR', firstname: 'Tom', lastname: 'New', passwordHash },
    { _id: NEW_PARTNER, tenantId: 'tenant_brightpath', email: 'new@partner.test', role: 'STUDENT', firstname: 'Pia', lastname: 'New', passwordHash },
  ]);
});

const STUDENT_BODY = { role: 'STUDENT', curriculum: 'Cambridge IGCSE', grade: 'Grade 10', subjects: ['Mathematics', 'Physics'], timezone: 'Asia/Kuala_Lumpur' };
const TUTOR_BODY = {
  role: 'TUTOR',
  subjects: [
    { curriculum: 'Cambridge IGCSE', subject: 'Chemistry', grade: 'Grade 9' },
    { curriculum: 'Cambridge IGCSE', subject: 'Chemistry', grade: 'Grade 10' },
  ],
  bio: 'Chemistry teacher with ten years of IGCSE experience.',
  experience: { title: 'Chemistry teacher', organisation: 'Hwa Chong', startDate: '2014-01-01' },
  timezone: 'Asia/Singapore',
};

const status = async (token: string, extra: Record<string, string> = {}, host = 'localhost') =>
  (await api('/onboarding', { headers: bearer(token, extra) }, host)).json<OnboardingStatus>();
const rowsOf = async (table: typeof userSubjects | typeof userExperiences, userId: string) =>
  (await db.select({ n: count() }).from(table).where(eq(table.userId, userId)).get())?.n ?? 0;

describe('happy', () => {
  it('a new student is told what is missing, onboards once, and is not asked again', async () => {
    const token = await signIn('new-student@studyhall.test');
    expect(await status(token)).toEqual({ required: true, onboarded: false, role: 'STUDENT', missing: ['curriculum', 'grade', 'subjects'] });
    const res = await postJson('/onboarding', STUDENT_BODY, { headers: bearer(token) });
    expect(res.status).toBe(200);
    const profile = await res.json<UserProfile>();
    expect(profile).toMatchObject({ onboarded: true, curriculum: 'Cambridge IGCSE', grade: 'Grade 10', timezone: 'Asia/Kuala_Lumpur' });
    expect(profile.subjects.map((s) => `${s.subject} ${s.grade}`)).toEqual(['Mathematics Grade 10', 'Physics Grade 10']);
    expect(await status(token)).toEqual({ required: false, onboarded: true, role: 'STUDENT', missing: [] });
  });

  it('a new tutor saves subjects, bio and one experience', async () => {
    const token = await signIn('new-tutor@studyhall.test');
    expect((await status(token)).missing).toEqual(['subjects', 'bio', 'experience']);
    const res = await postJson('/onboarding', TUTOR_BODY, { headers: bearer(token) });
    expect(res.status).toBe(200);
    const profile = await res.json<UserProfile>();
    expect(profile).toMatchObject({ onboarded: true, bio: TUTOR_BODY.bio });
    expect(profile.subjects).toHaveLength(2);
    expect(profile.experiences).toEqual([expect.objectContaining({ title: 'Chemistry teacher', organisation: 'Hwa Chong' })]);
  });

  it('demo users and parents are already done', async () => {
    expect(await status(await signIn('student@studyhall.test'))).toMatchObject({ required: false, onboarded: true });
    expect(await status(await signIn('parent@studyhall.test'))).toMatchObject({ required: false, role: 'PARENT' });
  });
});

describe('errors', () => {
  it('a second onboarding is a 409 and changes nothing', async () => {
    const token = await signIn('student@studyhall.test');
    const before = await db.select().from(users).where(eq(users._id, DEMO_USERS.student._id)).get();
    const res = await postJson('/onboarding', STUDENT_BODY, { headers: bearer(token) });
    expect(res.status).toBe(409);
    expect(await db.select().from(users).where(eq(users._id, DEMO_USERS.student._id)).get()).toEqual(before);
    expect(await rowsOf(userSubjects, DEMO_USERS.student._id)).toBe(0);
  });

  it('names the bad field and onboards nothing', async () => {
    const token = await signIn('new@partner.test', PARTNER_HOST);
    const post = (body: unknown) => postJson('/onboarding', body, { headers: bearer(token) }, PARTNER_HOST);
    await expectFieldError(await post({ ...STUDENT_BODY, subjects: [] }), 'subjects');
    await expectFieldError(await post({ ...STUDENT_BODY, timezone: 'Nowhere/Land' }), 'timezone');
    await expectFieldError(await post({ ...STUDENT_BODY, role: 'ADMIN' }), 'role');
    await expectFieldError(await post(TUTOR_BODY), 'role');
    // AQA GCSE is not in the partner's catalogue, and Grade 12 is no IGCSE grade.
    await expectFieldError(await post({ ...STUDENT_BODY, curriculum: 'AQA GCSE', grade: 'Year 10', subjects: ['Mathematics'] }), 'subject');
    await expectFieldError(await post({ ...STUDENT_BODY, grade: 'Grade 12' }), 'subject');
    expect(await status(token, {}, PARTNER_HOST)).toMatchObject({ required: true, onboarded: false });
    expect(await rowsOf(userSubjects, NEW_PARTNER)).toBe(0);
  });

  it('a tutor bio that is too short is refused', async () => {
    const token = await signIn('tutor@studyhall.test');
    await expectFieldError(await postJson('/onboarding', { ...TUTOR_BODY, bio: 'Hi' }, { headers: bearer(token) }), 'bio');
  });
});

describe('permissions', () => {
  it('signed-out callers get 401; parents and admins have no onboarding to post', async () => {
    expect((await api('/onboarding')).status).toBe(401);
    expect((await postJson('/onboarding', STUDENT_BODY)).status).toBe(401);
    const admin = await signIn('admin@studyhall.test');
    expect((await postJson('/onboarding', STUDENT_BODY, { headers: bearer(admin) })).status).toBe(403);
    const parent = await signIn('parent@studyhall.test');
    for (const body of [{}, { role: 'STUDENT', subjects: 'none' }]) {
      expect((await postJson('/onboarding', body, { headers: bearer(parent) })).status, 'the gate runs before the body is read').toBe(403);
    }
  });

  it('onboarding acts for the acting user only: an unlinked x-user-id is refused and nothing changes', async () => {
    const token = await signIn('tutor@studyhall.test');
    const res = await postJson('/onboarding', STUDENT_BODY, { headers: bearer(token, { 'x-user-id': NEW_PARTNER }) });
    expect(res.status).toBe(403);
    expect((await db.select().from(users).where(eq(users._id, NEW_PARTNER)).get())?.onboarded).toBe(false);
  });
});
