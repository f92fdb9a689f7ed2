import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { TutorRole } from '../../schema/contracts/roles';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { courseTutors, tutorRoles } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;
const EDITOR = `tutor_role_editor_${TENANT_IDS.studyhall}`;
const viewer = { name: 'Viewer', description: 'Sees the course only', permissions: { COURSE: ['view'] } };
const tutorRoleCount = async () => (await db.select({ n: count() }).from(tutorRoles).get())!.n;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
});

describe('happy', () => {
  it('lists the tenant’s tutor roles, the default Editor first', async () => {
    const res = await call('GET', '/admin/tutor-roles?limit=10&offset=0', as.admin);
    expect(res.status).toBe(200);
    const page = await res.json<ListResponse<TutorRole>>();
    expect(page).toMatchObject({ totalDocs: 1, limit: 10, offset: 0 });
    expect(page.docs[0]).toMatchObject({ _id: EDITOR, name: 'Editor', isDefault: true, permissions: { COURSE: ['view', 'edit'], RESOURCE: ['create'] } });
  });

  it('creates, updates, verifies and deletes a course role', async () => {
    const created = await call('POST', '/admin/tutor-roles', as.admin, viewer);
    expect(created.status).toBe(201);
    const role = await created.json<TutorRole>();
    expect(role).toMatchObject({ ...viewer, isDefault: false });
    const updated = await call('PUT', `/admin/tutor-roles/${role._id}`, as.admin, { ...viewer, permissions: { COURSE: ['view'], SECTION: ['create'] } });
    expect(await updated.json()).toMatchObject({ permissions: { COURSE: ['view'], SECTION: ['create'] } });
    expect(await (await call('GET', `/admin/tutor-roles/verify-delete/${role._id}`, as.admin)).json()).toMatchObject({ canDelete: true });
    expect((await call('DELETE', `/admin/tutor-roles/${role._id}`, as.admin)).status).toBe(200);
    expect(await db.select().from(tutorRoles).where(eq(tutorRoles._id, role._id)).get()).toBeUndefined();
  });
});

describe('errors', () => {
  it('validates the map against the course role catalogue and writes nothing', async () => {
    const before = await tutorRoleCount();
    await expectFieldError(await call('POST', '/admin/tutor-roles', as.admin, { ...viewer, permissions: { COURSE: ['delete'] } }), 'permissions.COURSE');
    await expectFieldError(await call('POST', '/admin/tutor-roles', as.admin, { ...viewer, permissions: { invoices: ['view'] } }), 'permissions.invoices');
    await expectFieldError(await call('POST', '/admin/tutor-roles', as.admin, { ...viewer, name: '' }), 'name');
    expect((await call('POST', '/admin/tutor-roles', as.admin, { ...viewer, name: 'Editor' })).status).toBe(409);
    expect(await tutorRoleCount()).toBe(before);
  });

  it('never deletes the default Editor', async () => {
    expect(await (await call('GET', `/admin/tutor-roles/verify-delete/${EDITOR}`, as.admin)).json()).toEqual({
      canDelete: false,
      usersCount: 0,
      message: 'The default role "Editor" cannot be deleted.',
    });
    expect((await call('DELETE', `/admin/tutor-roles/${EDITOR}`, as.admin)).status).toBe(409);
    expect(await db.select().from(tutorRoles).where(eq(tutorRoles._id, EDITOR)).get()).toBeDefined();
  });

  it('keeps a role that a course tutor holds, and says how many hold it', async () => {
    const created = await (await call('POST', '/admin/tutor-roles', as.admin, { ...viewer, name: 'Held role' })).json<TutorRole>();
    await db
      .update(courseTutors)
      .set({ tutorRoleId: created._id })
      .where(and(eq(courseTutors.courseId, SEED_COURSE_IDS.maths), eq(courseTutors.userId, DEMO_USERS.tutor._id)));
    expect(await (await call('GET', `/admin/tutor-roles/verify-delete/${created._id}`, as.admin)).json()).toEqual({
      canDelete: false,
      usersCount: 1,
      message: '1 course tutor uses this role. Give them another role first.',
    });
    expect((await call('DELETE', `/admin/tutor-roles/${created._id}`, as.admin)).status).toBe(409);
    expect(await db.select().from(tutorRoles).where(eq(tutorRoles._id, created._id)).get()).toBeDefined();
  });

  it('answers 404 for an unknown tutor role', async () => {
    expect((await call('PUT', '/admin/tutor-roles/nope', as.admin, viewer)).status).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses everyone without tutorRoles, and another tenant’s admin gets 404; nothing changes', async () => {
    const before = await tutorRoleCount();
    for (const token of [as.student, as.tutor, as.parent, as.approver, as.enterer]) {
      expect((await call('GET', '/admin/tutor-roles', token)).status).toBe(403);
      expect((await call('POST', '/admin/tutor-roles', token, { ...viewer, name: 'Sneaky' })).status).toBe(403);
      expect((await call('PUT', `/admin/tutor-roles/${EDITOR}`, token, { ...viewer, name: 'Editor' })).status).toBe(403);
    }
    expect((await call('PUT', `/admin/tutor-roles/${EDITOR}`, as.partner, { ...viewer, name: 'Editor' }, PARTNER_HOST)).status).toBe(404);
    expect((await call('DELETE', `/admin/tutor-roles/${EDITOR}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await call('GET', '/admin/tutor-roles', 'nope')).status).toBe(401);
    expect(await tutorRoleCount()).toBe(before);
    expect((await db.select().from(tutorRoles).where(eq(tutorRoles._id, EDITOR)).get())?.permissions).toHaveProperty('ZOOM');
  });
});
