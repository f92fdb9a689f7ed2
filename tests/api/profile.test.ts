import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '../../schema/contracts/profile';
import { DEMO_USERS } from '../../schema/seed';
import { users } from '../../schema/tables';
import { api, bearer, expectFieldError, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const putJson = (path: string, token: string, body: unknown, extra: Record<string, string> = {}, host = 'localhost') =>
  api(path, { method: 'PUT', headers: bearer(token, { 'content-type': 'application/json', ...extra }), body: JSON.stringify(body) }, host);

const row = (id: string) => db.select().from(users).where(eq(users._id, id)).get();

describe('happy', () => {
  it('GET /user/{id} answers the own profile with sub-collections and page guides', async () => {
    const token = await signIn('tutor@studyhall.test');
    const res = await api(`/user/${DEMO_USERS.tutor._id}`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    const body = await res.json<UserProfile>();
    expect(body).toMatchObject({
      _id: DEMO_USERS.tutor._id,
      firstname: 'Theo',
      role: { name: 'TUTOR', isGuest: false },
      pageGuides: {},
      experiences: [],
      qualifications: [],
      achievements: [],
      languages: [],
      // Seeded by schema/seed-availability.ts: Theo teaches IGCSE Mathematics and Physics.
      subjects: expect.arrayContaining([expect.objectContaining({ curriculum: 'Cambridge IGCSE', subject: 'Physics', grade: 'Grade 10' })]),
    });
    expect(body).not.toHaveProperty('passwordHash');
    expect(body).not.toHaveProperty('tenantId');
  });

  it('a parent sees a linked student, and an admin sees any user of the tenant', async () => {
    const parent = await signIn('parent@studyhall.test');
    expect((await api(`/user/${DEMO_USERS.student._id}`, { headers: bearer(parent) })).status).toBe(200);
    const admin = await signIn('admin@studyhall.test');
    const res = await api(`/user/${DEMO_USERS.student2._id}`, { headers: bearer(admin) });
    expect(res.status).toBe(200);
    expect((await res.json<UserProfile>()).firstname).toBe('Maya');
  });

  it('PUT /user saves the own fields and answers the profile', async () => {
    const token = await signIn('student2@studyhall.test');
    const res = await putJson('/user', token, {
      firstname: ' Maya ',
      lastname: 'Lim',
      phone: '+65 6123 4567',
      bio: 'I like chemistry.',
      timezone: 'Europe/London',
      currency: 'GBP',
      country: 'GB',
    });
    expect(res.status).toBe(200);
    expect(await res.json<UserProfile>()).toMatchObject({
      firstname: 'Maya',
      lastname: 'Lim',
      phone: '+65 6123 4567',
      timezone: 'Europe/London',
      currency: 'GBP',
      country: 'GB',
    });
    expect(await row(DEMO_USERS.student2._id)).toMatchObject({ lastname: 'Lim', bio: 'I like chemistry.', country: 'GB' });

    const cleared = await putJson('/user', token, { phone: '', country: '', lastname: 'Student' });
    expect(await cleared.json<UserProfile>()).toMatchObject({ phone: null, country: null, lastname: 'Student', firstname: 'Maya' });
  });

  it('a parent acting for a student edits that student, not themselves', async () => {
    const token = await signIn('parent@studyhall.test');
    const res = await putJson('/user', token, { timezone: 'Asia/Kolkata' }, { 'x-user-id': DEMO_USERS.student._id });
    expect(res.status).toBe(200);
    expect((await row(DEMO_USERS.student._id))?.timezone).toBe('Asia/Kolkata');
    expect((await row(DEMO_USERS.parent._id))?.timezone).toBe('Asia/Singapore');
  });

  it('PUT /user/page-guides merges flags into what is stored', async () => {
    const token = await signIn('tutor@studyhall.test');
    expect(await (await putJson('/user/page-guides', token, { courses: true })).json()).toEqual({ pageGuides: { courses: true } });
    const res = await putJson('/user/page-guides', token, { schedule: true, courses: false });
    expect(await res.json()).toEqual({ pageGuides: { courses: false, schedule: true } });
    expect((await row(DEMO_USERS.tutor._id))?.pageGuides).toEqual({ courses: false, schedule: true });
  });
});

describe('errors', () => {
  it('names the bad field and writes nothing', async () => {
    const token = await signIn('student@studyhall.test');
    const before = await row(DEMO_USERS.student._id);
    await expectFieldError(await putJson('/user', token, { timezone: 'Mars/Olympus', firstname: 'X' }), 'timezone');
    await expectFieldError(await putJson('/user', token, { currency: 'XYZ' }), 'currency');
    await expectFieldError(await putJson('/user', token, { country: 'EU' }), 'country');
    await expectFieldError(await putJson('/user', token, { firstname: '   ' }), 'firstname');
    await expectFieldError(await putJson('/user', token, { phone: 'call me' }), 'phone');
    await expectFieldError(await putJson('/user', token, { email: 'new@x.test' }), 'body');
    expect(await row(DEMO_USERS.student._id)).toEqual(before);
  });

  it('refuses bad page guides', async () => {
    const token = await signIn('student@studyhall.test');
    await expectFieldError(await putJson('/user/page-guides', token, { courses: 'yes' }), 'courses');
    await expectFieldError(await putJson('/user/page-guides', token, ['courses']), 'body');
  });

  it('an unknown user id is a 404', async () => {
    const token = await signIn('admin@studyhall.test');
    expect((await api('/user/nobody', { headers: bearer(token) })).status).toBe(404);
  });
});

describe('permissions', () => {
  it('signed-out callers get 401 and guests 403', async () => {
    expect((await api(`/user/${DEMO_USERS.student._id}`)).status).toBe(401);
    expect((await putJson('/user', 'not-a-token', { firstname: 'X' })).status).toBe(401);
    const guest = await (
      await api('/oauth/token', { method: 'POST', body: new URLSearchParams({ client_id: 'studyhall-web', grant_type: 'client_credentials' }) })
    ).json<{ access_token: string }>();
    expect((await putJson('/user', guest.access_token, { firstname: 'X' })).status).toBe(403);
  });

  it('an unrelated user, a tutor and another tenant all get 404 for a user id', async () => {
    const student = await signIn('student@studyhall.test');
    expect((await api(`/user/${DEMO_USERS.student2._id}`, { headers: bearer(student) })).status).toBe(404);
    expect((await api(`/user/${DEMO_USERS.parent._id}`, { headers: bearer(student) })).status).toBe(404);
    const tutor = await signIn('tutor@studyhall.test');
    expect((await api(`/user/${DEMO_USERS.student._id}`, { headers: bearer(tutor) })).status).toBe(404);
    const partner = await signIn('learner@partner.test', PARTNER_HOST);
    expect((await api(`/user/${DEMO_USERS.student._id}`, { headers: bearer(partner) }, PARTNER_HOST)).status).toBe(404);
  });

  it('an admin cannot read another tenant’s users, and a token is refused on another tenant’s host', async () => {
    const admin = await signIn('admin@studyhall.test');
    const res = await api(`/user/${DEMO_USERS.partnerLearner._id}`, { headers: bearer(admin) });
    expect(res.status).toBe(404);
    expect((await api(`/user/${DEMO_USERS.student._id}`, { headers: bearer(admin) }, PARTNER_HOST)).status).toBe(401);
  });

  it('an admin sees users through the admin-users permission; without a role only themselves', async () => {
    await db.update(users).set({ adminRoleId: 'role_approver_tenant_studyhall' }).where(eq(users._id, DEMO_USERS.admin._id));
    const approver = await signIn('admin@studyhall.test');
    expect((await api(`/user/${DEMO_USERS.student._id}`, { headers: bearer(approver) })).status).toBe(200);
    await db.update(users).set({ adminRoleId: null }).where(eq(users._id, DEMO_USERS.admin._id));
    const roleless = await signIn('admin@studyhall.test');
    expect((await api(`/user/${DEMO_USERS.student._id}`, { headers: bearer(roleless) })).status).toBe(404);
    expect((await api(`/user/${DEMO_USERS.admin._id}`, { headers: bearer(roleless) })).status).toBe(200);
    await db.update(users).set({ adminRoleId: 'role_admin_tenant_studyhall' }).where(eq(users._id, DEMO_USERS.admin._id));
  });

  it('PUT /user changes only the acting user; an x-user-id for an unlinked user is refused', async () => {
    const student = await signIn('student@studyhall.test');
    const before = await row(DEMO_USERS.student2._id);
    const res = await putJson('/user', student, { firstname: 'Hacked' }, { 'x-user-id': DEMO_USERS.student2._id });
    expect(res.status).toBe(403);
    expect(await row(DEMO_USERS.student2._id)).toEqual(before);
  });
});
