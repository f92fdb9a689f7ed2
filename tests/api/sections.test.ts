import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Section } from '../../schema/contracts/sections';
import { sections } from '../../schema/tables';
import { type Callers, call } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { COURSE_IDS, LESSON_START, liveSectionCount, sectionSnapshot, seedCoursesSignedIn } from '../helpers/section-fixtures';
import { db, PARTNER_HOST } from '../helpers/seed';

let as: Callers;
let maya: string;
const ids = COURSE_IDS;

const tree = async (token: string, course: string = ids.sam, prefix = '/sections') => {
  const res = await call('GET', `${prefix}?course=${course}`, token);
  expect(res.status).toBe(200);
  return res.json<Section[]>();
};

const flatten = (nodes: Section[]): Section[] => nodes.flatMap((n) => [n, ...flatten(n.sections)]);

beforeAll(async () => {
  ({ as, maya } = await seedCoursesSignedIn());
});

describe('happy', () => {
  it('answers the course as a nested tree in sortingKey order', async () => {
    const roots = await tree(as.tutor);
    expect(roots.map((s) => s._id)).toEqual([ids.unit]);
    expect(roots[0]!.sections.map((s) => [s._id, s.kind, s.parent])).toEqual([
      [ids.lesson, 'TEAMS', ids.unit],
      [ids.resource, 'RESOURCE', ids.unit],
      [ids.homework, 'HOMEWORK', ids.unit],
    ]);
    expect(roots[0]!.sections[0]).toMatchObject({ start: LESSON_START.toISOString(), duration: 60, status: 'ACTIVE' });
  });

  it('creates sections at the end of their siblings, nested under a SECTION', async () => {
    const top = await call('POST', '/sections', as.tutor, { course: ids.sam, title: 'Unit 2', kind: 'SECTION' });
    expect(top.status).toBe(201);
    const unit2 = await top.json<Section>();
    expect(unit2).toMatchObject({ kind: 'SECTION', parent: null, sortingKey: 2, course: ids.sam });
    const child = await call('POST', '/admin/sections', as.admin, { course: ids.sam, parent: unit2._id, title: 'Revision', kind: 'SECTION' });
    expect(await child.json()).toMatchObject({ parent: unit2._id, sortingKey: 1 });
    const roots = await tree(as.admin, ids.sam, '/admin/sections');
    expect(roots.map((s) => s.title)).toEqual(['Unit 1', 'Unit 2']);
    expect(roots[1]!.sections.map((s) => s.title)).toEqual(['Revision']);
  });

  it('creates a lesson or a resource through POST /sections with their own fields', async () => {
    const lesson = await call('POST', '/sections', as.tutor, {
      course: ids.sam,
      kind: 'ZOOM',
      title: 'Geometry',
      start: '2030-02-01T10:00:00Z',
      duration: 45,
    });
    expect(lesson.status).toBe(201);
    expect(await lesson.json()).toMatchObject({ kind: 'ZOOM', duration: 45, lessonKind: 'LESSON', billingKind: 'BILLABLE' });
    const resource = await call('POST', '/sections', as.tutor, { course: ids.sam, kind: 'RESOURCE', title: 'Formulae', link: 'example.com/formulae' });
    expect(await resource.json()).toMatchObject({ kind: 'RESOURCE', link: 'https://example.com/formulae' });
  });

  it('renames and moves a section with PUT /sections/{id}', async () => {
    const created = await (await call('POST', '/sections', as.tutor, { course: ids.sam, title: 'Loose notes' })).json<Section>();
    const res = await call('PUT', `/sections/${created._id}`, as.tutor, { title: 'Unit 1 notes', parent: ids.unit });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: 'Unit 1 notes', parent: ids.unit, sortingKey: 4 });
  });

  it('shows students only ACTIVE sections', async () => {
    await db.update(sections).set({ status: 'CANCELLED' }).where(eq(sections._id, ids.homework));
    const seen = flatten(await tree(as.student)).map((s) => s._id);
    expect(seen).toContain(ids.lesson);
    expect(seen).not.toContain(ids.homework);
    expect(flatten(await tree(as.tutor)).map((s) => s._id)).toContain(ids.homework);
    await db.update(sections).set({ status: 'ACTIVE' }).where(eq(sections._id, ids.homework));
  });

  it('tells each caller what their course role allows, for the screens', async () => {
    const actions = async (token: string, course: string = ids.sam) => (await call('GET', `/sections/access?course=${course}`, token)).json();
    expect(await actions(as.tutor)).toEqual({
      COURSE: ['view', 'edit'],
      SECTION: ['create', 'edit', 'delete'],
      TEAMS: ['create', 'edit', 'delete'],
      ZOOM: ['create', 'edit', 'delete'],
      RESOURCE: ['create'],
    });
    expect(await actions(as.tutor, ids.maya)).toEqual({ COURSE: ['view'] });
    expect(await actions(as.student)).toEqual({});
    expect(await actions(as.enterer)).toMatchObject({ SECTION: ['create', 'edit'], RESOURCE: ['create'] });
    expect((await call('GET', `/sections/access?course=${ids.sam}`, maya)).status).toBe(404);
  });

  it('deletes a section with everything below it (soft delete)', async () => {
    const unit = await (await call('POST', '/sections', as.tutor, { course: ids.sam, title: 'Doomed' })).json<Section>();
    const inner = await (await call('POST', '/sections', as.tutor, { course: ids.sam, parent: unit._id, title: 'Inner' })).json<Section>();
    const res = await call('DELETE', `/sections/${unit._id}?course=${ids.sam}`, as.tutor);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ _id: unit._id, deleted: [unit._id, inner._id] });
    const left = flatten(await tree(as.tutor)).map((s) => s._id);
    expect(left).not.toContain(unit._id);
    expect(left).not.toContain(inner._id);
    const row = await db.select().from(sections).where(eq(sections._id, inner._id)).get();
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });
});

describe('errors', () => {
  it('names the bad field and writes nothing', async () => {
    const before = await sectionSnapshot();
    await expectFieldError(await call('POST', '/sections', as.tutor, { course: ids.sam, title: '' }), 'title');
    await expectFieldError(await call('POST', '/sections', as.tutor, { title: 'No course' }), 'course');
    await expectFieldError(await call('POST', '/sections', as.tutor, { course: ids.sam, title: 'x', kind: 'QUIZ' }), 'kind');
    await expectFieldError(await call('POST', '/sections', as.tutor, { course: ids.sam, title: 'Under a lesson', parent: ids.lesson }), 'parent');
    await expectFieldError(await call('POST', '/sections', as.admin, { course: ids.maya, title: 'Across courses', parent: ids.unit }), 'parent');
    await expectFieldError(await call('PUT', `/sections/${ids.unit}`, as.tutor, {}), 'body');
    await expectFieldError(await call('DELETE', `/sections/${ids.unit}`, as.tutor), 'course');
    expect(await sectionSnapshot()).toBe(before);
  });

  it('refuses to move a section below itself', async () => {
    const outer = await (await call('POST', '/sections', as.tutor, { course: ids.sam, title: 'Outer' })).json<Section>();
    const inner = await (await call('POST', '/sections', as.tutor, { course: ids.sam, parent: outer._id, title: 'Inner' })).json<Section>();
    const before = await sectionSnapshot();
    await expectFieldError(await call('PUT', `/sections/${outer._id}`, as.tutor, { parent: inner._id }), 'parent');
    await expectFieldError(await call('PUT', `/sections/${outer._id}`, as.tutor, { parent: outer._id }), 'parent');
    expect(await sectionSnapshot()).toBe(before);
  });

  it('answers 404 for a missing section, or a delete whose course query does not match', async () => {
    expect((await call('PUT', '/sections/nope', as.tutor, { title: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/sections/${ids.unit}?course=${ids.maya}`, as.admin)).status).toBe(404);
    expect(await liveSectionCount()).toBeGreaterThanOrEqual(4);
  });
});

describe('permissions', () => {
  it('a student of another course gets 404 (403 where only staff may act) and changes nothing', async () => {
    const before = await sectionSnapshot();
    expect((await call('GET', `/sections?course=${ids.sam}`, maya)).status).toBe(404);
    // Creating is for tutors and admins: the role answers (403) before the course in the body is looked up.
    expect((await call('POST', '/sections', maya, { course: ids.sam, title: 'Intruder' })).status).toBe(403);
    expect((await call('PUT', `/sections/${ids.unit}`, maya, { title: 'Hacked' })).status).toBe(404);
    expect((await call('DELETE', `/sections/${ids.unit}?course=${ids.sam}`, maya)).status).toBe(404);
    // Before the body or query is read: a bad one changes nothing about the answer.
    expect((await call('POST', '/sections', maya, { course: ids.sam, title: 7 })).status).toBe(403);
    expect((await call('PUT', `/sections/${ids.unit}`, maya, {})).status).toBe(404);
    expect((await call('DELETE', `/sections/${ids.unit}`, maya)).status).toBe(404);
    expect(await sectionSnapshot()).toBe(before);
  });

  it('the enrolled student reads but cannot write (403)', async () => {
    const before = await sectionSnapshot();
    expect((await call('POST', '/sections', as.student, { course: ids.sam, title: 'Mine' })).status).toBe(403);
    expect((await call('PUT', `/sections/${ids.unit}`, as.student, { title: 'Mine' })).status).toBe(403);
    expect((await call('DELETE', `/sections/${ids.unit}?course=${ids.sam}`, as.student)).status).toBe(403);
    expect((await call('PUT', `/sections/${ids.unit}`, as.student, {})).status).toBe(403);
    expect((await call('PUT', '/sections/update-sorting-keys', as.student, { course: ids.sam })).status).toBe(403);
    expect(await sectionSnapshot()).toBe(before);
  });

  it('a tutor whose course role only views the course reads it but cannot change it', async () => {
    const mayaUnit = await (await call('POST', '/admin/sections', as.admin, { course: ids.maya, title: 'Forces' })).json<Section>();
    const before = await sectionSnapshot();
    expect((await tree(as.tutor, ids.maya)).map((s) => s._id)).toEqual([mayaUnit._id]);
    const refused = await call('POST', '/sections', as.tutor, { course: ids.maya, title: 'Energy' });
    expect(refused.status).toBe(403);
    expect((await refused.json<{ message: string }>()).message).toContain('SECTION: create');
    expect((await call('PUT', `/sections/${mayaUnit._id}`, as.tutor, { title: 'x' })).status).toBe(403);
    expect((await call('DELETE', `/sections/${mayaUnit._id}?course=${ids.maya}`, as.tutor)).status).toBe(403);
    expect(await sectionSnapshot()).toBe(before);
  });

  it('the admin routes need the admin-course permission; another tenant’s admin finds nothing', async () => {
    const before = await sectionSnapshot();
    expect((await call('GET', `/admin/sections?course=${ids.sam}`, as.tutor)).status).toBe(403);
    expect((await call('GET', `/admin/sections?course=${ids.sam}`, as.approver)).status).toBe(403);
    expect((await call('DELETE', `/admin/sections/${ids.unit}?course=${ids.sam}`, as.enterer)).status).toBe(403);
    expect((await call('GET', `/admin/sections?course=${ids.sam}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await call('POST', '/admin/sections', as.partner, { course: ids.sam, title: 'x' }, PARTNER_HOST)).status).toBe(404);
    expect((await call('DELETE', `/admin/sections/${ids.unit}?course=${ids.sam}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await call('GET', `/sections?course=${ids.sam}`, as.partner)).status).toBe(401);
    expect(await sectionSnapshot()).toBe(before);
  });
});
