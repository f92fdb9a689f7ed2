import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../schema/seed';
import { users } from '../../schema/tables';
import { api, bearer, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

function upload(token: string, file: File | string | null, extra: Record<string, string> = {}, host = 'localhost') {
  const form = new FormData();
  if (file !== null) form.set('file', file);
  return api('/user/avatar', { method: 'POST', headers: bearer(token, extra), body: form }, host);
}

const avatarOf = async (id: string) => (await db.select({ avatar: users.avatar }).from(users).where(eq(users._id, id)).get())?.avatar;
const storedKeys = async (prefix: string) => (await env.FILES.list({ prefix })).objects.map((o) => o.key);

describe('happy', () => {
  it('stores a cleaned file name under the tenant and user, and serves it back', async () => {
    const token = await signIn('student@studyhall.test');
    const res = await upload(token, new File([PNG], 'Mé photo (1).png', { type: 'image/png' }));
    expect(res.status).toBe(201);
    const { avatar } = await res.json<{ avatar: string }>();
    expect(avatar).toMatch(/^\/api\/files\/avatars\/user_student\/Me-photo-1-\d+\.png$/);
    expect(await avatarOf(DEMO_USERS.student._id)).toBe(avatar);
    const name = avatar.split('/').pop()!;
    expect(await storedKeys('tenant_studyhall/avatars/user_student/')).toEqual([`tenant_studyhall/avatars/user_student/${name}`]);

    const served = await api(avatar.slice('/api'.length));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('a new avatar replaces the old file; the type comes from the bytes', async () => {
    const token = await signIn('tutor@studyhall.test');
    await upload(token, new File([PNG], 'first.png', { type: 'image/png' }));
    const res = await upload(token, new File([JPEG], 'second.png', { type: 'image/png' }));
    const { avatar } = await res.json<{ avatar: string }>();
    expect(avatar).toMatch(/second-\d+\.jpg$/);
    const keys = await storedKeys('tenant_studyhall/avatars/user_tutor/');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/second-\d+\.jpg$/);
  });
});

describe('errors', () => {
  it('refuses files that are not PNG, JPEG or WebP, whatever they claim', async () => {
    const token = await signIn('student2@studyhall.test');
    const res = await upload(token, new File(['<svg onload="alert(1)"/>'], 'x.png', { type: 'image/png' }));
    expect(res.status).toBe(400);
    expect((await res.json<{ errors: { path: string }[] }>()).errors[0]?.path).toBe('file');
    expect(await avatarOf(DEMO_USERS.student2._id)).toBeNull();
  });

  it('refuses a missing file, a text field and files over 2 MB', async () => {
    const token = await signIn('student2@studyhall.test');
    expect((await upload(token, null)).status).toBe(400);
    expect((await upload(token, 'not a file')).status).toBe(400);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await upload(token, new File([big], 'big.png', { type: 'image/png' }));
    expect(res.status).toBe(413);
    expect(await storedKeys('tenant_studyhall/avatars/user_student2/')).toEqual([]);
  });

  it('a JSON body is refused', async () => {
    const token = await signIn('student2@studyhall.test');
    const res = await api('/user/avatar', { method: 'POST', headers: bearer(token, { 'content-type': 'application/json' }), body: '{}' });
    expect(res.status).toBe(400);
  });

  it('a file that does not exist, or a crafted name, is a 404 or 400', async () => {
    expect((await api('/files/avatars/user_student/nothing-1.png')).status).toBe(404);
    expect((await api('/files/avatars/user_student/..%2F..%2Fsecret')).status).toBe(400);
  });
});

describe('permissions', () => {
  it('signed-out callers get 401 and nothing is stored', async () => {
    const res = await api('/user/avatar', { method: 'POST', body: new FormData() });
    expect(res.status).toBe(401);
  });

  it('another tenant’s host does not serve this tenant’s avatar', async () => {
    const token = await signIn('student@studyhall.test');
    const { avatar } = await (await upload(token, new File([PNG], 'me.png'))).json<{ avatar: string }>();
    expect((await api(avatar.slice('/api'.length), {}, PARTNER_HOST)).status).toBe(404);
  });

  it('a parent acting for a student sets the student’s avatar', async () => {
    const parent = await signIn('parent@studyhall.test');
    const res = await upload(parent, new File([PNG], 'maya.png'), { 'x-user-id': DEMO_USERS.student2._id });
    expect(res.status).toBe(201);
    expect(await avatarOf(DEMO_USERS.student2._id)).toMatch(/maya-\d+\.png$/);
    expect(await avatarOf(DEMO_USERS.parent._id)).toBeNull();
  });
});
