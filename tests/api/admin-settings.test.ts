import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { effectivePermissions, firstUnheldResource, fullAdminPermissions, hasPermission, hasTenantPermission } from '../../schema/contracts/permissions';
import type { AdminSettingsPermissions } from '../../schema/contracts/roles';
import { roles } from '../../schema/tables';
import { type Callers, call, callers, ROLE_IDS, seedExtraAdmins } from '../helpers/admins';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

describe('happy', () => {
  it('passes when any required resource shares at least one action', () => {
    const granted = { invoices: ['view'], roles: ['edit'] };
    expect(hasPermission(granted, { invoices: ['view'] })).toBe(true);
    expect(hasPermission(granted, { invoices: ['delete', 'view'] })).toBe(true);
    expect(hasPermission(granted, { groups: ['view'], roles: ['create', 'edit'] })).toBe(true);
  });

  it('needs both the role and the tenant for a tenant-level check', () => {
    expect(hasTenantPermission({ billing: ['view'] }, { billing: ['view', 'customerPortalView'] }, { billing: ['view'] })).toBe(true);
    expect(hasTenantPermission({ billing: ['view'] }, { billing: [] }, { billing: ['view'] })).toBe(false);
    expect(hasTenantPermission({ billing: [] }, { billing: ['view'] }, { billing: ['view'] })).toBe(false);
    // Each side passing on a different resource is enough: each check is the spec's any-shared-action check.
    expect(hasTenantPermission({ roles: ['view'] }, { groups: ['view'] }, { roles: ['view'], groups: ['view'] })).toBe(true);
  });

  it('narrows a role to the tenant and finds what a map would hand out beyond another', () => {
    expect(effectivePermissions({ billing: ['view'], roles: ['view', 'edit'] }, { billing: [], roles: ['view'] })).toEqual({ roles: ['view'] });
    expect(firstUnheldResource({ roles: ['view'] }, { roles: ['view', 'edit'] })).toBeNull();
    expect(firstUnheldResource({ roles: ['view', 'delete'] }, { roles: ['view'] })).toBe('roles');
    expect(firstUnheldResource({ invoices: ['view'] }, null)).toBe('invoices');
  });
});

describe('errors', () => {
  it('fails when no resource shares an action, or nothing is granted', () => {
    expect(hasPermission({ invoices: ['view'] }, { invoices: ['edit'] })).toBe(false);
    expect(hasPermission({ invoices: ['view'] }, { roles: ['view'] })).toBe(false);
    expect(hasPermission({ invoices: [] }, { invoices: ['view'] })).toBe(false);
    expect(hasPermission(null, { invoices: ['view'] })).toBe(false);
    expect(hasPermission({ invoices: ['view'] }, {})).toBe(false);
    expect(hasTenantPermission(undefined, fullAdminPermissions, { roles: ['view'] })).toBe(false);
  });
});

describe('permissions', () => {
  let as: Callers;
  beforeAll(async () => {
    await seedDemo();
    await seedExtraAdmins();
    as = await callers();
  });

  const settings = async (token: string, host = 'localhost') => {
    const res = await call('GET', '/admin/settings/permissions', token, undefined, host);
    expect(res.status).toBe(200);
    return res.json<AdminSettingsPermissions>();
  };

  it('answers an admin’s own map, narrowed to what the tenant grants', async () => {
    const admin = await settings(as.admin);
    expect(admin.role).toEqual({ _id: ROLE_IDS.admin, name: 'Admin' });
    expect(admin.permissions).toMatchObject({ adminUsers: expect.arrayContaining(['view', 'logInAsUser']), roles: ['view', 'create', 'edit', 'delete'] });
    expect((await settings(as.approver)).permissions).toEqual({
      adminUsers: ['view'],
      invoices: ['view', 'edit'],
      adjustments: ['view', 'edit'],
      penaltyWaivers: ['view', 'appealRequest'],
      paymentHistory: ['view'],
      transactionLogs: ['view'],
      callLogs: ['view'],
    });
    const partner = await settings(as.partner, PARTNER_HOST);
    expect(partner.permissions).not.toHaveProperty('billing');
    expect(partner.permissions).toHaveProperty('roles');
  });

  it('answers an empty map for an inactive role, and the server refuses what it no longer grants', async () => {
    await db.update(roles).set({ status: 'INACTIVE' }).where(eq(roles._id, ROLE_IDS.enterer));
    expect(await settings(as.enterer)).toEqual({ role: null, permissions: {} });
    expect((await call('GET', '/admin/users', as.enterer)).status).toBe(403);
    await db.update(roles).set({ status: 'ACTIVE' }).where(eq(roles._id, ROLE_IDS.enterer));
    expect((await call('GET', '/admin/users', as.enterer)).status).toBe(200);
  });

  it('refuses non-admins and signed-out callers', async () => {
    for (const token of [as.student, as.tutor, as.parent]) expect((await call('GET', '/admin/settings/permissions', token)).status).toBe(403);
    expect((await call('GET', '/admin/settings/permissions', 'nope')).status).toBe(401);
    expect((await call('GET', '/admin/settings/permissions', as.partner)).status).toBe(401);
  });
});
