import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { Course, MyCourse } from '../../schema/contracts/courses';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { courseStudents, courses, courseTemplates, courseTutors, sections } from '../../schema/tables';
import { type Callers, call, seedCallersAndMaya } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;
let maya: string;

beforeAll(async () => {
  ({ as, maya } = await seedCallersAndMaya());
});

const newCourse = {
  title: 'A Level Chemistry revision',
  description: 'Organic chemistry before the summer exams.',
  kind: 'Group',
  status: 'ACTIVE',
  paymentType: 'SUBSCRIPTION',
  curriculum: 'Cambridge IGCSE',
  subject: 'Chemistry',
  grade: 'Grade 9',
};

async function createCourse(body: object = newCourse, token = as.admin) {
  const res = await call('POST', '/admin/courses', token, body);
  expect(res.status).toBe(201);
  return res.json<Course>();
}

const courseRow = (id: string) => db.select().from(courses).where(eq(courses._id, id)).get();

describe('happy', () => {
  it('seeds the demo courses once: seeding again adds nothing', async () => {
    const rows = async () => [
      (await db.select().from(courses).all()).length,
      (await db.select().from(sections).all()).length,
      (await db.select().from(courseStudents).all()).length,
      (await db.select().from(courseTemplates).all()).length,
    ];
    const before = await rows();
    await seedDemo();
    expect(await rows()).toEqual(before);
    expect(before[1]).toBeGreaterThanOrEqual(10);
  });

  it('creates a course with its tutor and student; isOneToOne follows the kind', async () => {
    const created = await createCourse({ ...newCourse, kind: 'One-to-One', tutors: ['user_tutor'], students: ['user_student2'] });
    expect(created).toMatchObject({ title: newCourse.title, kind: 'One-to-One', isOneToOne: true, status: 'ACTIVE', studentsCount: 1 });
    expect(created.tutors).toEqual([
      expect.objectContaining({
        course: created._id,
        status: 'ENABLE',
        type: 'PRIMARY',
        groupClassId: null,
        user: expect.objectContaining({ firstname: 'Theo' }),
      }),
    ]);
    expect(created).not.toHaveProperty('tenantId');
    const tutorRow = await db.select().from(courseTutors).where(eq(courseTutors.courseId, created._id)).get();
    expect(tutorRow?.tutorRoleId).toBe('tutor_role_editor_tenant_studyhall');
  });

  it('lists courses with every filter, newest first, paged', async () => {
    const page = await (await call('GET', '/admin/courses?limit=50', as.admin)).json<ListResponse<Course>>();
    expect(page.docs.map((c) => c.title)).toEqual(expect.arrayContaining(['IGCSE Mathematics with Theo', 'IGCSE Physics group']));
    const filter = async (query: string) =>
      (await (await call('GET', `/admin/courses?${query}`, as.admin)).json<ListResponse<Course>>()).docs.map((c) => c._id).sort();
    expect(await filter('type=One-to-One&subject=Mathematics&curriculum=Cambridge%20IGCSE&grade=Grade%2010')).toEqual([SEED_COURSE_IDS.maths]);
    expect(await filter('studentId=user_student2&subject=Physics')).toEqual([SEED_COURSE_IDS.physics]);
    expect(await filter('tutorId=user_tutor&searchText=physics')).toEqual([SEED_COURSE_IDS.physics]);
    expect(await filter('status=DRAFT&searchText=nothing-like-this')).toEqual([]);
    const sorted = await (await call('GET', '/admin/courses?sortKey=title&sortValue=asc&limit=1&offset=0', as.admin)).json<ListResponse<Course>>();
    expect(sorted).toMatchObject({ limit: 1, offset: 0 });
    expect(sorted.docs).toHaveLength(1);
    expect(sorted.totalDocs).toBeGreaterThanOrEqual(2);
  });

  it('reads, updates and soft-deletes a course', async () => {
    const created = await createCourse();
    const read = await call('GET', `/admin/courses/${created._id}?subSections=1`, as.admin);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ _id: created._id, sections: expect.any(Array) });
    const updated = await call('PUT', `/admin/courses/${created._id}`, as.admin, { title: 'Renamed', status: 'DRAFT', subject: 'Physics' });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ title: 'Renamed', status: 'DRAFT', subject: 'Physics' });
    const deleted = await call('DELETE', `/admin/courses/${created._id}`, as.admin);
    expect(deleted.status).toBe(200);
    expect((await courseRow(created._id))?.deletedAt).toBeInstanceOf(Date);
    expect((await call('GET', `/admin/courses/${created._id}`, as.admin)).status).toBe(404);
  });

  it('lists the student’s own courses with the next lesson in their device time zone', async () => {
    const res = await call('GET', '/courses?deviceTimezone=Asia/Tokyo', as.student);
    expect(res.status).toBe(200);
    const page = await res.json<ListResponse<MyCourse>>();
    expect(page.docs.map((c) => c._id).sort()).toEqual([SEED_COURSE_IDS.maths, SEED_COURSE_IDS.physics]);
    const maths = page.docs.find((c) => c._id === SEED_COURSE_IDS.maths)!;
    expect(maths.enrolment).toBe('ENROLLED');
    const next = maths.nextLesson!;
    expect(new Date(next.start).getTime()).toBeGreaterThan(Date.now());
    expect(next.timezone).toBe('Asia/Tokyo');
    // The seeded maths lessons are at 09:00 UTC, which is 18:00 in Tokyo.
    expect(next.localStart).toMatch(/T18:00:00\+09:00$/);
    expect(new Date(next.localStart).getTime()).toBe(new Date(next.start).getTime());
    const oneToOne = await (await call('GET', '/courses?isOneToOne=1', as.student)).json<ListResponse<MyCourse>>();
    expect(oneToOne.docs.map((c) => c._id)).toEqual([SEED_COURSE_IDS.maths]);
  });

  it('lists a tutor’s courses, and unenrolled courses only on request', async () => {
    const tutor = await (await call('GET', '/courses', as.tutor)).json<ListResponse<MyCourse>>();
    expect(tutor.docs.filter((c) => c.asTutor).map((c) => c._id)).toEqual(expect.arrayContaining([SEED_COURSE_IDS.maths, SEED_COURSE_IDS.physics]));
    const course = await createCourse({ ...newCourse, students: ['user_student2'] });
    await db.update(courseStudents).set({ status: 'UNENROLLED' }).where(eq(courseStudents.courseId, course._id));
    const enrolled = await (await call('GET', '/courses', maya)).json<ListResponse<MyCourse>>();
    expect(enrolled.docs.map((c) => c._id)).not.toContain(course._id);
    const unenrolled = await (await call('GET', '/courses?enrolment=UNENROLLED', maya)).json<ListResponse<MyCourse>>();
    expect(unenrolled.docs.map((c) => c._id)).toEqual([course._id]);
  });

  it('shows a member the course, and lets the course tutor rename it', async () => {
    const read = await call('GET', `/courses/${SEED_COURSE_IDS.maths}?subSections=1&deviceTimezone=Europe/London`, as.student);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ _id: SEED_COURSE_IDS.maths, enrolment: 'ENROLLED', sections: expect.any(Array), nextLesson: expect.any(Object) });
    const res = await call('PUT', `/courses/${SEED_COURSE_IDS.physics}`, as.tutor, {
      title: 'IGCSE Physics group',
      description: 'Forces, energy, waves and more.',
    });
    expect(res.status).toBe(200);
    expect((await courseRow(SEED_COURSE_IDS.physics))?.description).toBe('Forces, energy, waves and more.');
  });

  it('answers a tutor’s empty or unknown-keys update with the course unchanged', async () => {
    const before = await courseRow(SEED_COURSE_IDS.physics);
    for (const body of [{}, { colour: 'red' }]) {
      const res = await call('PUT', `/courses/${SEED_COURSE_IDS.physics}`, as.tutor, body);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ _id: SEED_COURSE_IDS.physics, title: before?.title, description: before?.description });
    }
    expect(await courseRow(SEED_COURSE_IDS.physics)).toEqual(before);
  });
});

describe('errors', () => {
  it('names the bad field and writes nothing', async () => {
    const before = (await db.select().from(courses).all()).length;
    await expectFieldError(await call('POST', '/admin/courses', as.admin, { ...newCourse, title: ' ' }), 'title');
    await expectFieldError(await call('POST', '/admin/courses', as.admin, { ...newCourse, kind: 'Solo' }), 'kind');
    await expectFieldError(await call('POST', '/admin/courses', as.admin, { ...newCourse, paymentType: 'FREE' }), 'paymentType');
    await expectFieldError(await call('POST', '/admin/courses', as.admin, { ...newCourse, curriculum: 'Hogwarts' }), 'curriculum');
    await expectFieldError(await call('POST', '/admin/courses', as.admin, { ...newCourse, subject: 'Potions' }), 'subject');
    await expectFieldError(await call('POST', '/admin/courses', as.admin, { ...newCourse, grade: 'Grade 99' }), 'grade');
    await expectFieldError(await call('POST', '/admin/courses', as.admin, { ...newCourse, tutors: ['user_student'] }), 'tutors.0');
    await expectFieldError(await call('POST', '/admin/courses', as.admin, { ...newCourse, students: ['user_student', 'user_tutor'] }), 'students.1');
    await expectFieldError(
      await call('POST', '/admin/courses', as.admin, { ...newCourse, kind: 'One-to-One', students: ['user_student', 'user_student2'] }),
      'students',
    );
    expect((await db.select().from(courses).all()).length).toBe(before);
    await expectFieldError(await call('GET', '/admin/courses?type=Solo', as.admin), 'type');
    await expectFieldError(await call('GET', '/admin/courses?sortKey=password', as.admin), 'sortKey');
    await expectFieldError(await call('GET', '/courses?deviceTimezone=Mars/Olympus', as.student), 'deviceTimezone');
    await expectFieldError(await call('GET', '/courses?enrolment=MAYBE', as.student), 'enrolment');
  });

  it('answers 404 for unknown courses and refuses to make a group with students one-to-one', async () => {
    expect((await call('GET', '/admin/courses/nope', as.admin)).status).toBe(404);
    expect((await call('PUT', '/admin/courses/nope', as.admin, { title: 'x' })).status).toBe(404);
    expect((await call('DELETE', '/admin/courses/nope', as.admin)).status).toBe(404);
    await expectFieldError(await call('PUT', `/admin/courses/${SEED_COURSE_IDS.physics}`, as.admin, { kind: 'One-to-One' }), 'kind');
    expect((await courseRow(SEED_COURSE_IDS.physics))?.isOneToOne).toBe(false);
  });
});

describe('permissions', () => {
  it('refuses the admin calls to learners, tutors, an approver and another tenant’s admin, changing nothing', async () => {
    const before = await courseRow(SEED_COURSE_IDS.maths);
    for (const token of [as.student, as.tutor, as.parent, as.approver]) {
      expect((await call('GET', '/admin/courses', token)).status).toBe(403);
      expect((await call('POST', '/admin/courses', token, newCourse)).status).toBe(403);
      expect((await call('PUT', `/admin/courses/${SEED_COURSE_IDS.maths}`, token, { title: 'Hacked' })).status).toBe(403);
      expect((await call('DELETE', `/admin/courses/${SEED_COURSE_IDS.maths}`, token)).status).toBe(403);
    }
    expect((await call('DELETE', `/admin/courses/${SEED_COURSE_IDS.maths}`, as.enterer)).status).toBe(403);
    expect((await call('GET', `/admin/courses/${SEED_COURSE_IDS.maths}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await call('PUT', `/admin/courses/${SEED_COURSE_IDS.maths}`, as.partner, { title: 'Hacked' }, PARTNER_HOST)).status).toBe(404);
    expect((await call('DELETE', `/admin/courses/${SEED_COURSE_IDS.maths}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    const partnerList = await (await call('GET', '/admin/courses', as.partner, undefined, PARTNER_HOST)).json<ListResponse<Course>>();
    expect(partnerList.docs.map((c) => c._id)).not.toContain(SEED_COURSE_IDS.maths);
    expect(await courseRow(SEED_COURSE_IDS.maths)).toEqual(before);
  });

  it('hides a course from a student of another course and stops students editing it', async () => {
    expect((await call('GET', `/courses/${SEED_COURSE_IDS.maths}`, maya)).status).toBe(404);
    expect((await call('PUT', `/courses/${SEED_COURSE_IDS.maths}`, maya, { title: 'Hacked' })).status).toBe(404);
    expect((await call('PUT', `/courses/${SEED_COURSE_IDS.maths}`, as.student, { title: 'Hacked' })).status).toBe(403);
    // The gate answers before the body is read: a bad body changes nothing about who may call.
    expect((await call('PUT', `/courses/${SEED_COURSE_IDS.maths}`, maya, { title: 7 })).status).toBe(404);
    expect((await call('PUT', `/courses/${SEED_COURSE_IDS.maths}`, as.student, { title: 7 })).status).toBe(403);
    expect((await courseRow(SEED_COURSE_IDS.maths))?.title).toBe('IGCSE Mathematics with Theo');
    const mine = await (await call('GET', '/courses', maya)).json<ListResponse<MyCourse>>();
    expect(mine.docs.map((c) => c._id)).not.toContain(SEED_COURSE_IDS.maths);
  });

  it('refuses a tutor who is not on the course, and one disabled on it', async () => {
    const course = await createCourse();
    expect((await call('PUT', `/courses/${course._id}`, as.tutor, { title: 'Mine now' })).status).toBe(404);
    const withTutor = await createCourse({ ...newCourse, tutors: ['user_tutor'] });
    await db.update(courseTutors).set({ status: 'DISABLE' }).where(eq(courseTutors.courseId, withTutor._id));
    expect((await call('GET', `/courses/${withTutor._id}`, as.tutor)).status).toBe(404);
    expect((await courseRow(course._id))?.title).toBe(newCourse.title);
  });

  it('needs a signed-in account', async () => {
    const { api } = await import('../helpers/auth');
    expect((await api('/courses')).status).toBe(401);
    expect((await api('/admin/courses')).status).toBe(401);
  });
});
