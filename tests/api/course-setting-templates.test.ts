import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { SettingTemplateVerifyDelete } from '../../schema/contracts/course-templates';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { coursePermissionTemplates, coursePricingTemplates, courses } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
});

interface Named {
  _id: string;
  name: string;
  status: string;
}

const kinds = [
  {
    path: '/admin/course-permission-templates',
    table: coursePermissionTemplates,
    column: 'permissionTemplateId' as const,
    body: (name: string) => ({ name, permissions: { PRIMARY: { COURSE: ['view', 'edit'], SECTION: ['create'] }, TRIAL: { COURSE: ['view'] } } }),
    bad: [
      [{ name: 'x', permissions: { COURSE: ['fly'] } }, 'permissions.COURSE'],
      [{ name: 'x', permissions: { PRIMARY: { COURSE: ['fly'] } } }, 'permissions.PRIMARY.COURSE'],
      [{ name: ' ', permissions: {} }, 'name'],
    ] as const,
  },
  {
    path: '/admin/course-pricing-templates',
    table: coursePricingTemplates,
    column: 'pricingTemplateId' as const,
    body: (name: string) => ({ name, amount: 12000, currency: 'gbp', duration: 3, durationUnit: 'MONTHS' }),
    bad: [
      [{ name: 'x', amount: 10.5, currency: 'GBP', duration: 1, durationUnit: 'DAYS' }, 'amount'],
      [{ name: 'x', amount: 100, currency: 'XXQ', duration: 1, durationUnit: 'DAYS' }, 'currency'],
      [{ name: 'x', amount: 100, currency: 'GBP', duration: 1, durationUnit: 'FORTNIGHTS' }, 'durationUnit'],
      [{ name: 'x', amount: 100, currency: 'GBP', duration: 0, durationUnit: 'DAYS' }, 'duration'],
    ] as const,
  },
];

for (const kind of kinds) {
  const rowOf = (id: string) => db.select().from(kind.table).where(eq(kind.table._id, id)).get();
  const create = async (name: string) => {
    const res = await call('POST', kind.path, as.admin, kind.body(name));
    expect(res.status).toBe(201);
    return res.json<Named>();
  };

  describe(`${kind.path}`, () => {
    describe('happy', () => {
      it('creates, lists with search, status and sort, offers active ones in the dropdown, updates', async () => {
        const a = await create('Alpha');
        const b = await create('Beta');
        if (kind.column === 'pricingTemplateId') expect(a).toMatchObject({ currency: 'GBP', amount: 12000 });
        const updated = await call('PUT', `${kind.path}/${b._id}`, as.admin, { ...kind.body('Beta'), status: 'INACTIVE' });
        expect(await updated.json()).toMatchObject({ status: 'INACTIVE' });
        const list = await (await call('GET', `${kind.path}?sortKey=name&sortValue=asc`, as.admin)).json<ListResponse<Named>>();
        expect(list.docs.map((d) => d.name)).toEqual(['Alpha', 'Beta']);
        expect(list.docs[0]).not.toHaveProperty('tenantId');
        const active = await (await call('GET', `${kind.path}?statuses=ACTIVE&searchText=alp`, as.admin)).json<ListResponse<Named>>();
        expect(active.docs.map((d) => d.name)).toEqual(['Alpha']);
        const dropdown = await (await call('GET', `${kind.path}/dropdown-list`, as.admin)).json<Named[]>();
        expect(dropdown.map((d) => d.name)).toEqual(['Alpha']);
      });

      it('verifies and deletes one no course uses', async () => {
        const t = await create('Short-lived');
        const check = await (await call('GET', `${kind.path}/verify-delete/${t._id}`, as.admin)).json<SettingTemplateVerifyDelete>();
        expect(check).toMatchObject({ canDelete: true, coursesCount: 0 });
        expect((await call('DELETE', `${kind.path}/${t._id}`, as.admin)).status).toBe(200);
        expect(await rowOf(t._id)).toBeUndefined();
      });
    });

    describe('errors', () => {
      it('keeps a template a course uses', async () => {
        const t = await create('In use');
        await db
          .update(courses)
          .set({ [kind.column]: t._id })
          .where(eq(courses._id, SEED_COURSE_IDS.physics));
        const check = await (await call('GET', `${kind.path}/verify-delete/${t._id}`, as.admin)).json<SettingTemplateVerifyDelete>();
        expect(check).toMatchObject({ canDelete: false, coursesCount: 1 });
        expect((await call('DELETE', `${kind.path}/${t._id}`, as.admin)).status).toBe(409);
        expect(await rowOf(t._id)).toBeDefined();
      });

      it('names the bad field, refuses a duplicate name, and writes nothing', async () => {
        const before = (await db.select().from(kind.table).all()).length;
        for (const [body, path] of kind.bad) await expectFieldError(await call('POST', kind.path, as.admin, body), path);
        await expectFieldError(await call('GET', `${kind.path}?statuses=GONE`, as.admin), 'statuses.0');
        expect((await call('POST', kind.path, as.admin, kind.body('Alpha'))).status).toBe(409);
        expect((await db.select().from(kind.table).all()).length).toBe(before);
        expect((await call('PUT', `${kind.path}/nope`, as.admin, kind.body('Nope'))).status).toBe(404);
      });
    });

    describe('permissions', () => {
      it('refuses learners, tutors, an approver and another tenant’s admin; nothing changes', async () => {
        const t = await create(`Guarded ${kind.column}`);
        const before = await rowOf(t._id);
        for (const token of [as.student, as.tutor, as.approver]) {
          expect((await call('GET', kind.path, token)).status).toBe(403);
          expect((await call('POST', kind.path, token, kind.body('Mine'))).status).toBe(403);
          expect((await call('PUT', `${kind.path}/${t._id}`, token, kind.body('Hacked'))).status).toBe(403);
          expect((await call('DELETE', `${kind.path}/${t._id}`, token)).status).toBe(403);
        }
        expect((await call('DELETE', `${kind.path}/${t._id}`, as.enterer)).status).toBe(403);
        expect((await call('PUT', `${kind.path}/${t._id}`, as.partner, kind.body('Hacked'), PARTNER_HOST)).status).toBe(404);
        expect((await call('DELETE', `${kind.path}/${t._id}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
        expect((await call('GET', `${kind.path}/verify-delete/${t._id}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
        expect(await rowOf(t._id)).toEqual(before);
      });
    });
  });
}
