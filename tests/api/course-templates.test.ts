import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { CourseTemplate, TemplateSection } from '../../schema/contracts/course-templates';
import type { Course } from '../../schema/contracts/courses';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { courses, courseTemplates, sections } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
});

const tree: TemplateSection[] = [
  {
    kind: 'SECTION',
    title: 'Unit 1',
    sections: [
      { kind: 'RESOURCE', title: 'Notes', link: 'https://example.org/notes' },
      { kind: 'HOMEWORK', title: 'Sheet 1' },
    ],
  },
  { kind: 'TEAMS', title: 'Kick-off', duration: 45 },
];
const template = { title: 'Physics starter', curriculum: 'Cambridge IGCSE', subject: 'Physics', grade: 'Grade 9', kind: 'Group', sections: tree };
const templateRow = (id: string) => db.select().from(courseTemplates).where(eq(courseTemplates._id, id)).get();

async function createTemplate(body: object = template) {
  const res = await call('POST', '/admin/course-templates', as.admin, body);
  expect(res.status).toBe(201);
  return res.json<CourseTemplate>();
}

describe('happy', () => {
  it('creates from JSON, lists with filters and reads the tree only when asked', async () => {
    const created = await createTemplate();
    expect(created).toMatchObject({ title: 'Physics starter', sectionsCount: 4, sections: tree });
    const list = await (await call('GET', '/admin/course-templates?subject=Physics&grade=Grade%209&sort=title', as.admin)).json<ListResponse<CourseTemplate>>();
    expect(list.docs.map((t) => t._id)).toEqual([created._id]);
    expect(list.docs[0]).not.toHaveProperty('sections');
    const byCourse = await (await call('GET', `/admin/course-templates?courseId=${SEED_COURSE_IDS.maths}`, as.admin)).json<ListResponse<CourseTemplate>>();
    expect(byCourse.docs.map((t) => t.title)).toEqual(['IGCSE Maths starter']);
    const bare = await (await call('GET', `/admin/course-templates/${created._id}`, as.admin)).json<CourseTemplate>();
    expect(bare.sections).toBeUndefined();
    const full = await (await call('GET', `/admin/course-templates/${created._id}?isSectionsAllowed=1`, as.admin)).json<CourseTemplate>();
    expect(full.sections).toEqual(tree);
  });

  it('copies a course’s tree, leaving dates behind', async () => {
    const created = await createTemplate({ ...template, sections: undefined, fromCourseId: SEED_COURSE_IDS.maths, subject: 'Mathematics' });
    expect(created.courseId).toBe(SEED_COURSE_IDS.maths);
    expect(created.sections?.[0]).toMatchObject({ kind: 'SECTION', title: 'Week 1', sections: [{ kind: 'RESOURCE' }, { kind: 'HOMEWORK' }] });
    expect(created.sections?.filter((s) => s.kind === 'ZOOM').every((s) => s.duration === 60)).toBe(true);
  });

  it('builds a course from a template with its nested, ordered sections', async () => {
    const created = await createTemplate();
    const res = await call('POST', `/admin/courses/from-template/${created._id}`, as.admin, { title: 'Physics with Theo', paymentType: 'CREDIT' });
    expect(res.status).toBe(201);
    const course = await res.json<Course>();
    expect(course).toMatchObject({ title: 'Physics with Theo', kind: 'Group', isOneToOne: false, subject: 'Physics', status: 'DRAFT', paymentType: 'CREDIT' });
    const rows = await db.select().from(sections).where(eq(sections.courseId, course._id)).all();
    const unit = rows.find((r) => r.title === 'Unit 1')!;
    expect(unit).toMatchObject({ parentId: null, sortingKey: 1000, kind: 'SECTION' });
    expect(rows.filter((r) => r.parentId === unit._id).map((r) => [r.title, r.sortingKey])).toEqual([
      ['Notes', 1000],
      ['Sheet 1', 2000],
    ]);
    expect(rows.find((r) => r.title === 'Kick-off')).toMatchObject({ kind: 'TEAMS', duration: 45, start: null, sortingKey: 2000, lessonKind: 'LESSON' });
  });

  it('updates and deletes a template', async () => {
    const created = await createTemplate({ ...template, description: 'Forces and motion first.' });
    const res = await call('PUT', `/admin/course-templates/${created._id}`, as.admin, { title: 'Renamed', sections: [{ kind: 'SECTION', title: 'Only' }] });
    expect(await res.json()).toMatchObject({ title: 'Renamed', sectionsCount: 1 });
    // What is left out stays: the description is not reset, and an empty change answers the template as it is.
    expect((await templateRow(created._id))?.description).toBe(created.description);
    const unchanged = await call('PUT', `/admin/course-templates/${created._id}`, as.admin, {});
    expect(unchanged.status).toBe(200);
    expect(await unchanged.json()).toMatchObject({ title: 'Renamed', sectionsCount: 1 });
    expect((await call('DELETE', `/admin/course-templates/${created._id}`, as.admin)).status).toBe(200);
    expect(await templateRow(created._id)).toBeUndefined();
  });
});

describe('errors', () => {
  it('names the bad field and writes nothing', async () => {
    const before = (await db.select().from(courseTemplates).all()).length;
    await expectFieldError(await call('POST', '/admin/course-templates', as.admin, { ...template, sections: undefined }), 'sections');
    await expectFieldError(
      await call('POST', '/admin/course-templates', as.admin, { ...template, sections: [{ kind: 'ZOOM', title: 'x', duration: 50 }] }),
      'sections.0.duration',
    );
    await expectFieldError(
      await call('POST', '/admin/course-templates', as.admin, { ...template, sections: [{ kind: 'RESOURCE', title: 'x', link: 'javascript:alert(1)' }] }),
      'sections.0.link',
    );
    await expectFieldError(
      await call('POST', '/admin/course-templates', as.admin, {
        ...template,
        sections: [{ kind: 'HOMEWORK', title: 'x', sections: [{ kind: 'SECTION', title: 'y' }] }],
      }),
      'sections.0.sections',
    );
    await expectFieldError(await call('POST', '/admin/course-templates', as.admin, { ...template, subject: 'Alchemy' }), 'subject');
    await expectFieldError(await call('POST', '/admin/course-templates', as.admin, { ...template, sections: undefined, fromCourseId: 'nope' }), 'fromCourseId');
    await expectFieldError(await call('GET', '/admin/course-templates?sort=password', as.admin), 'sort');
    expect((await db.select().from(courseTemplates).all()).length).toBe(before);
    const courseCount = (await db.select().from(courses).all()).length;
    await expectFieldError(await call('POST', `/admin/courses/from-template/${SEED_COURSE_IDS.template}`, as.admin, { paymentType: 'FREE' }), 'paymentType');
    expect((await call('POST', '/admin/courses/from-template/nope', as.admin, {})).status).toBe(404);
    expect((await db.select().from(courses).all()).length).toBe(courseCount);
  });
});

describe('permissions', () => {
  it('refuses learners, tutors, an approver and another tenant’s admin; nothing changes', async () => {
    const before = await templateRow(SEED_COURSE_IDS.template);
    const courseCount = (await db.select().from(courses).all()).length;
    for (const token of [as.student, as.tutor, as.approver]) {
      expect((await call('GET', '/admin/course-templates', token)).status).toBe(403);
      expect((await call('POST', '/admin/course-templates', token, template)).status).toBe(403);
      expect((await call('PUT', `/admin/course-templates/${SEED_COURSE_IDS.template}`, token, { title: 'Hacked' })).status).toBe(403);
      expect((await call('DELETE', `/admin/course-templates/${SEED_COURSE_IDS.template}`, token)).status).toBe(403);
      expect((await call('POST', `/admin/courses/from-template/${SEED_COURSE_IDS.template}`, token, {})).status).toBe(403);
    }
    expect((await call('DELETE', `/admin/course-templates/${SEED_COURSE_IDS.template}`, as.enterer)).status).toBe(403);
    expect((await call('GET', `/admin/course-templates/${SEED_COURSE_IDS.template}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await call('POST', `/admin/courses/from-template/${SEED_COURSE_IDS.template}`, as.partner, {}, PARTNER_HOST)).status).toBe(404);
    expect((await call('DELETE', `/admin/course-templates/${SEED_COURSE_IDS.template}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect(await templateRow(SEED_COURSE_IDS.template)).toEqual(before);
    expect((await db.select().from(courses).all()).length).toBe(courseCount);
  });
});
