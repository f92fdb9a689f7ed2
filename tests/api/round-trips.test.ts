import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import { users } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { db, seedDemo } from '../helpers/seed';

/** What a client reads it can write back unchanged: every GET/PUT pair of accounts, PUT with the GET's own body. */
let as: Callers;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
});

async function read<T = Record<string, unknown>>(path: string, token: string) {
  const res = await call('GET', path, token);
  expect(res.status, `GET ${path}`).toBe(200);
  return res.json<T>();
}

/** PUTs `body` to `path` and expects 200 with `expected` (the record as read before) unchanged. */
async function writeBack(path: string, token: string, body: unknown, expected = body) {
  const res = await call('PUT', path, token, body);
  expect(res.status, `PUT ${path}: ${await res.clone().text()}`).toBe(200);
  expect(await res.json()).toEqual(expected);
}

describe('happy', () => {
  it('availability: a tutor writes back what they read, availabilityState null included', async () => {
    await db.update(users).set({ availabilityState: null }).where(eq(users._id, 'user_tutor'));
    const before = await read('/user-availability/user_tutor', as.tutor);
    expect(before.availabilityState).toBeNull();
    await writeBack('/user-availability/user_tutor', as.tutor, before);
    expect(await read('/user-availability/user_tutor', as.tutor)).toEqual(before);
  });

  it('availability: a tutor whose admin set an admin-only state writes it back unchanged; an admin does too', async () => {
    await db.update(users).set({ availabilityState: 'demoStage' }).where(eq(users._id, 'user_tutor'));
    const before = await read('/user-availability/user_tutor', as.tutor);
    await writeBack('/user-availability/user_tutor', as.tutor, before);
    await writeBack('/user-availability/user_tutor', as.admin, await read('/user-availability/user_tutor', as.admin), before);
    await db.update(users).set({ availabilityState: 'available' }).where(eq(users._id, 'user_tutor'));
  });

  it('profile: GET /user/{own id} PUT back to /user', async () => {
    const me = await read<{ _id: string }>('/user/authUser', as.student);
    const before = await read(`/user/${me._id}`, as.student);
    await writeBack('/user', as.student, before);
    expect(await read(`/user/${me._id}`, as.student)).toEqual(before);
  });

  it('page guides: the pageGuides of GET /user/{own id} PUT back to /user/page-guides', async () => {
    await call('PUT', '/user/page-guides', as.student, { courses: true });
    const before = await read<{ pageGuides: Record<string, boolean> }>('/user/user_student', as.student);
    await writeBack('/user/page-guides', as.student, before.pageGuides, { pageGuides: before.pageGuides });
    expect(await read('/user/user_student', as.student)).toEqual(before);
  });

  it('admin users: GET /admin/users/{id} PUT back, for a student, a tutor and an admin', async () => {
    for (const id of ['user_student', 'user_tutor', 'user_approver']) {
      const before = await read<Record<string, unknown>>(`/admin/users/${id}`, as.admin);
      const res = await call('PUT', `/admin/users/${id}`, as.admin, before);
      expect(res.status, `PUT /admin/users/${id}: ${await res.clone().text()}`).toBe(200);
      expect(await read(`/admin/users/${id}`, as.admin)).toEqual(before);
    }
  });

  it('admin users: the plans of GET /admin/users/{id} PUT back to /admin/users/plans/{id}', async () => {
    const before = await read<{ plans: unknown }>('/admin/users/user_student', as.admin);
    const res = await call('PUT', '/admin/users/plans/user_student', as.admin, before.plans);
    expect(res.status).toBe(200);
    expect(await read('/admin/users/user_student', as.admin)).toEqual(before);
  });

  it('roles: a role of GET /admin/roles PUT back to /admin/roles/{id}', async () => {
    const page = await read<ListResponse<{ _id: string; isSystem: boolean }>>('/admin/roles', as.admin);
    const role = page.docs.find((r) => !r.isSystem)!;
    await writeBack(`/admin/roles/${role._id}`, as.admin, role);
    expect((await read<ListResponse<{ _id: string }>>('/admin/roles', as.admin)).docs).toEqual(page.docs);
  });

  it('tutor roles: a role of GET /admin/tutor-roles PUT back to /admin/tutor-roles/{id}', async () => {
    const page = await read<ListResponse<{ _id: string }>>('/admin/tutor-roles', as.admin);
    const role = page.docs[0]!;
    await writeBack(`/admin/tutor-roles/${role._id}`, as.admin, role);
    expect((await read<ListResponse<{ _id: string }>>('/admin/tutor-roles', as.admin)).docs).toEqual(page.docs);
  });
});
