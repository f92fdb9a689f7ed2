import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { Role, VerifyDelete } from '../../schema/contracts/roles';
import { TENANT_IDS } from '../../schema/seed';
import { roles, users } from '../../schema/tables';
import { type Callers, call, callers, ROLE_IDS, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
});

const roleCount = async () => (await db.select({ n: count() }).from(roles).get())!.n;
const tutorsDesk = { name: 'Tutors desk', description: 'Handles tutor rates', permissions: { tutorRates: ['view', 'edit'], adminUsers: ['view'] } };

async function createRole(body: object = tutorsDesk) {
  const res = await call('POST', '/admin/roles', as.admin, body);
  expect(res.status).toBe(201);
  return res.json<Role>();
}

describe('happy', () => {
  it('lists the tenant’s roles with how many admins hold each, searchable and sortable', async () => {
    const res = await call('GET', '/admin/roles?sortKey=name&sortValue=asc', as.admin);
    expect(res.status).toBe(200);
    const page = await res.json<ListResponse<Role>>();
    expect(page.docs.map((r) => r.name)).toEqual(['Admin', 'Approver', 'Enterer']);
    expect(page.totalDocs).toBe(3);
    expect(page.docs.find((r) => r.name === 'Admin')).toMatchObject({ isSystem: true, usersCount: 1, status: 'ACTIVE' });
    expect(page.docs.find((r) => r.name === 'Approver')?.usersCount).toBe(1);
    expect(page.docs[0]).not.toHaveProperty('tenantId');
    const found = await (await call('GET', '/admin/roles?searchText=ente', as.admin)).json<ListResponse<Role>>();
    expect(found.docs.map((r) => r.name)).toEqual(['Enterer']);
  });

  it('creates, updates and filters by status', async () => {
    const created = await createRole();
    expect(created).toMatchObject({ name: 'Tutors desk', status: 'ACTIVE', isSystem: false, usersCount: 0, permissions: tutorsDesk.permissions });
    const updated = await call('PUT', `/admin/roles/${created._id}`, as.admin, { ...tutorsDesk, status: 'INACTIVE', permissions: { tutorRates: ['view'] } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ status: 'INACTIVE', permissions: { tutorRates: ['view'] } });
    const inactive = await (await call('GET', '/admin/roles?statuses=INACTIVE', as.admin)).json<ListResponse<Role>>();
    expect(inactive.docs.map((r) => r.name)).toEqual(['Tutors desk']);
    const dropdown = await (await call('GET', '/admin/roles/dropdown-list', as.admin)).json<{ name: string }[]>();
    expect(dropdown.map((r) => r.name)).toEqual(['Admin', 'Approver', 'Enterer']);
  });

  it('verifies, then deletes a role nobody holds', async () => {
    const role = await createRole({ ...tutorsDesk, name: 'Short-lived' });
    const check = await call('GET', `/admin/roles/verify-delete/${role._id}`, as.admin);
    expect(await check.json()).toEqual({ canDelete: true, usersCount: 0, message: expect.any(String) });
    const res = await call('DELETE', `/admin/roles/${role._id}`, as.admin);
    expect(res.status).toBe(200);
    expect(await db.select().from(roles).where(eq(roles._id, role._id)).get()).toBeUndefined();
  });

  it('lets the people who create admins read the role dropdown', async () => {
    expect((await call('GET', '/admin/roles/dropdown-list', as.enterer)).status).toBe(200);
  });
});

describe('errors', () => {
  it('two admins creating a role of the same name at the same moment: one 201, the other 409 naming name', async () => {
    const name = `Race ${crypto.randomUUID().slice(0, 6)}`;
    const results = await Promise.all([0, 1, 2].map(() => call('POST', '/admin/roles', as.admin, { ...tutorsDesk, name })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await results.find((r) => r.status === 409)!.json<{ errors: { path: string }[] }>()).errors[0]?.path).toBe('name');
  });
  it('names an unknown resource or action in the permission map and writes nothing', async () => {
    const before = await roleCount();
    await expectFieldError(await call('POST', '/admin/roles', as.admin, { ...tutorsDesk, permissions: { invoicez: ['view'] } }), 'permissions.invoicez');
    await expectFieldError(await call('POST', '/admin/roles', as.admin, { ...tutorsDesk, permissions: { invoices: ['approve'] } }), 'permissions.invoices');
    await expectFieldError(await call('POST', '/admin/roles', as.admin, { ...tutorsDesk, name: '' }), 'name');
    await expectFieldError(await call('POST', '/admin/roles', as.admin, { ...tutorsDesk, status: 'ON' }), 'status');
    await expectFieldError(await call('GET', '/admin/roles?statuses=ACTIVE,SLEEPING', as.admin), 'statuses.1');
    await expectFieldError(await call('GET', '/admin/roles?sortKey=permissions', as.admin), 'sortKey');
    expect(await roleCount()).toBe(before);
  });

  it('refuses a duplicate name with 409 naming it', async () => {
    const res = await call('POST', '/admin/roles', as.admin, { ...tutorsDesk, name: 'Approver' });
    expect(res.status).toBe(409);
    expect((await res.json<{ errors: { path: string }[] }>()).errors[0]?.path).toBe('name');
  });

  it('keeps the built-in Admin role and roles in use: verify-delete says why and DELETE answers 409', async () => {
    const system = await (await call('GET', `/admin/roles/verify-delete/${ROLE_IDS.admin}`, as.admin)).json<VerifyDelete>();
    expect(system).toMatchObject({ canDelete: false, message: 'The built-in Admin role cannot be deleted.' });
    const inUse = await (await call('GET', `/admin/roles/verify-delete/${ROLE_IDS.approver}`, as.admin)).json<VerifyDelete>();
    expect(inUse).toEqual({ canDelete: false, usersCount: 1, message: 'This role is assigned to 1 user. Give them another role first.' });
    const refused = await call('DELETE', `/admin/roles/${ROLE_IDS.approver}`, as.admin);
    expect(refused.status).toBe(409);
    expect((await refused.json<{ message: string }>()).message).toBe(inUse.message);
    expect((await call('DELETE', `/admin/roles/${ROLE_IDS.admin}`, as.admin)).status).toBe(409);
    expect((await call('PUT', `/admin/roles/${ROLE_IDS.admin}`, as.admin, { name: 'Admin', permissions: {} })).status).toBe(409);
    expect(await db.select().from(roles).where(eq(roles._id, ROLE_IDS.approver)).get()).toBeDefined();
    expect((await db.select().from(roles).where(eq(roles._id, ROLE_IDS.admin)).get())?.permissions).toHaveProperty('roles');
  });

  it('answers 404 for an unknown role', async () => {
    expect((await call('PUT', '/admin/roles/nope', as.admin, tutorsDesk)).status).toBe(404);
    expect((await call('GET', '/admin/roles/verify-delete/nope', as.admin)).status).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses students, tutors, parents, an admin whose role lacks roles, and signed-out callers; nothing changes', async () => {
    const before = await roleCount();
    for (const token of [as.student, as.tutor, as.parent, as.approver, as.enterer]) {
      expect((await call('GET', '/admin/roles', token)).status).toBe(403);
      expect((await call('POST', '/admin/roles', token, { ...tutorsDesk, name: 'Sneaky' })).status).toBe(403);
      expect((await call('PUT', `/admin/roles/${ROLE_IDS.enterer}`, token, { ...tutorsDesk, name: 'Enterer' })).status).toBe(403);
      expect((await call('DELETE', `/admin/roles/${ROLE_IDS.enterer}`, token)).status).toBe(403);
    }
    expect((await call('GET', '/admin/roles/dropdown-list', as.student)).status).toBe(403);
    expect((await call('GET', '/admin/roles', 'nope')).status).toBe(401);
    expect(await roleCount()).toBe(before);
    expect((await db.select().from(roles).where(eq(roles._id, ROLE_IDS.enterer)).get())?.name).toBe('Enterer');
  });

  it('gives another tenant’s admin 404 for this tenant’s roles', async () => {
    for (const [method, path, body] of [
      ['PUT', `/admin/roles/${ROLE_IDS.enterer}`, tutorsDesk],
      ['DELETE', `/admin/roles/${ROLE_IDS.enterer}`, undefined],
      ['GET', `/admin/roles/verify-delete/${ROLE_IDS.enterer}`, undefined],
    ] as const) {
      expect((await call(method, path, as.partner, body, PARTNER_HOST)).status).toBe(404);
    }
    const partnerRoles = await (await call('GET', '/admin/roles', as.partner, undefined, PARTNER_HOST)).json<ListResponse<Role>>();
    expect(partnerRoles.docs.every((r) => r._id.endsWith(TENANT_IDS.brightpath))).toBe(true);
    expect((await db.select().from(roles).where(eq(roles._id, ROLE_IDS.enterer)).get())?.name).toBe('Enterer');
  });

  it('does not let a role editor grant what their own role does not hold', async () => {
    await db
      .insert(roles)
      .values({ _id: 'role_roles_only', tenantId: TENANT_IDS.studyhall, name: 'Role keeper', permissions: { roles: ['view', 'create', 'edit'] } });
    await db.update(users).set({ adminRoleId: 'role_roles_only' }).where(eq(users._id, 'user_approver'));
    const before = await roleCount();
    const res = await call('POST', '/admin/roles', as.approver, { ...tutorsDesk, name: 'Self-made', permissions: { invoices: ['view', 'edit', 'delete'] } });
    expect(res.status).toBe(403);
    expect((await res.json<{ message: string }>()).message).toContain('permissions');
    expect(await roleCount()).toBe(before);
    const own = await call('PUT', '/admin/roles/role_roles_only', as.approver, {
      name: 'Role keeper',
      permissions: { roles: ['view', 'create', 'edit', 'delete'] },
    });
    expect(own.status).toBe(403);
    expect((await call('POST', '/admin/roles', as.approver, { name: 'Viewer', permissions: { roles: ['view'] } })).status).toBe(201);
    await db.update(users).set({ adminRoleId: ROLE_IDS.approver }).where(eq(users._id, 'user_approver'));
  });
});
