import { beforeAll, describe, expect, it } from 'vitest';
import type { Section } from '../../schema/contracts/sections';
import { type Callers, call } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { COURSE_IDS, sectionSnapshot, seedCoursesSignedIn } from '../helpers/section-fixtures';
import { PARTNER_HOST } from '../helpers/seed';

let as: Callers;
let maya: string;
let unit2: Section;
let mayaUnit: Section;
const ids = COURSE_IDS;
const save = (token: string, body: unknown, host?: string) => call('PUT', '/sections/update-sorting-keys', token, body, host);

beforeAll(async () => {
  ({ as, maya } = await seedCoursesSignedIn());
  unit2 = await (await call('POST', '/sections', as.tutor, { course: ids.sam, title: 'Unit 2' })).json<Section>();
  mayaUnit = await (await call('POST', '/admin/sections', as.admin, { course: ids.maya, title: 'Forces' })).json<Section>();
});

describe('happy', () => {
  it('reorders siblings and moves a resource into another section in one call, answering the new tree', async () => {
    const res = await save(as.tutor, {
      course: ids.sam,
      items: [
        { _id: ids.homework, parent: ids.unit, sortingKey: 0.5 },
        { _id: ids.resource, parent: unit2._id, sortingKey: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const roots = await res.json<Section[]>();
    expect(roots.map((s) => s.title)).toEqual(['Unit 1', 'Unit 2']);
    expect(roots[0]!.sections.map((s) => s._id)).toEqual([ids.homework, ids.lesson]);
    expect(roots[1]!.sections.map((s) => s._id)).toEqual([ids.resource]);
  });

  it('moves a section to the top level, before the others', async () => {
    const res = await save(as.admin, { course: ids.sam, items: [{ _id: unit2._id, parent: null, sortingKey: 0 }] });
    expect((await res.json<Section[]>()).map((s) => s._id)).toEqual([unit2._id, ids.unit]);
  });
});

describe('errors', () => {
  it('refuses the whole batch when one item is wrong, naming it', async () => {
    const before = await sectionSnapshot();
    const good = { _id: ids.lesson, parent: ids.unit, sortingKey: 99 };
    await expectFieldError(await save(as.tutor, { course: ids.sam, items: [good, { _id: mayaUnit._id, parent: null, sortingKey: 1 }] }), 'items.1._id');
    await expectFieldError(
      await save(as.tutor, { course: ids.sam, items: [good, { _id: ids.resource, parent: ids.lesson, sortingKey: 1 }] }),
      'items.1.parent',
    );
    await expectFieldError(
      await save(as.tutor, { course: ids.sam, items: [good, { _id: ids.resource, parent: mayaUnit._id, sortingKey: 1 }] }),
      'items.1.parent',
    );
    await expectFieldError(await save(as.tutor, { course: ids.sam, items: [good, { _id: ids.unit, parent: ids.unit, sortingKey: 1 }] }), 'items.1.parent');
    await expectFieldError(
      await save(as.tutor, {
        course: ids.sam,
        items: [
          { _id: ids.unit, parent: unit2._id, sortingKey: 1 },
          { _id: unit2._id, parent: ids.unit, sortingKey: 1 },
        ],
      }),
      'items.0.parent',
    );
    await expectFieldError(await save(as.tutor, { course: ids.sam, items: [good, good] }), 'items');
    await expectFieldError(await save(as.tutor, { course: ids.sam, items: [] }), 'items');
    await expectFieldError(await save(as.tutor, { course: ids.sam, items: [{ ...good, sortingKey: 'first' }] }), 'items.0.sortingKey');
    expect(await sectionSnapshot()).toBe(before);
  });
});

describe('permissions', () => {
  it('refuses students, a tutor without SECTION edit and other tenants, changing nothing', async () => {
    const before = await sectionSnapshot();
    const body = { course: ids.sam, items: [{ _id: ids.lesson, parent: null, sortingKey: 0 }] };
    expect((await save(as.student, body)).status).toBe(403);
    // A student never sorts, so the role answers (403) before the course in the body is looked up.
    expect((await save(maya, body)).status).toBe(403);
    expect((await save(as.tutor, { course: ids.maya, items: [{ _id: mayaUnit._id, parent: null, sortingKey: 5 }] })).status).toBe(403);
    expect((await save(as.partner, body, PARTNER_HOST)).status).toBe(404);
    expect((await save(as.partner, body)).status).toBe(401);
    expect((await call('PUT', '/admin/sections/update-sorting-keys', as.approver, body)).status).toBe(403);
    expect(await sectionSnapshot()).toBe(before);
  });
});
