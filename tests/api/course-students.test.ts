import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { CourseStudent, EnrolmentVerifyDelete } from '../../schema/contracts/course-students';
import type { Course } from '../../schema/contracts/courses';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { courseStudents } from '../../schema/tables';
import { type Callers, call, seedCallersAndMaya } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { db, PARTNER_HOST } from '../helpers/seed';

let as: Callers;
let maya: string;

beforeAll(async () => {
  ({ as, maya } = await seedCallersAndMaya());
});

const SAM_MATHS = `enrolment_${SEED_COURSE_IDS.maths}_user_student`;
const enrolmentRow = (id: string) => db.select().from(courseStudents).where(eq(courseStudents._id, id)).get();

async function groupCourse() {
  const res = await call('POST', '/admin/courses', as.admin, {
    title: 'Biology group',
    kind: 'Group',
    paymentType: 'ONETIME',
    curriculum: 'Cambridge IGCSE',
    subject: 'Biology',
    grade: 'Grade 9',
  });
  expect(res.status).toBe(201);
  return res.json<Course>();
}

describe('happy', () => {
  it('enrols, lists by course and status, updates and removes a student', async () => {
    const course = await groupCourse();
    const res = await call('POST', '/admin/course-students', as.admin, { course: course._id, user: 'user_student2', paymentType: 'TRIAL' });
    expect(res.status).toBe(201);
    const created = await res.json<CourseStudent>();
    expect(created).toMatchObject({ course: course._id, status: 'ENROLLED', paymentType: 'TRIAL', user: { firstname: 'Maya' }, courseTitle: 'Biology group' });
    const list = await (await call('GET', `/admin/course-students?course=${course._id}&status=ENROLLED`, as.admin)).json<ListResponse<CourseStudent>>();
    expect(list.docs.map((d) => d._id)).toEqual([created._id]);
    expect(list.totalDocs).toBe(1);
    const updated = await call('PUT', `/admin/course-students/${created._id}`, as.admin, { status: 'UNENROLLED', paymentType: 'ONETIME' });
    expect(await updated.json()).toMatchObject({ status: 'UNENROLLED', paymentType: 'ONETIME' });
    const unchanged = await call('PUT', `/admin/course-students/${created._id}`, as.admin, {});
    expect(unchanged.status).toBe(200);
    expect(await unchanged.json()).toMatchObject({ status: 'UNENROLLED', paymentType: 'ONETIME' });
    const check = await (await call('GET', `/admin/course-students/verify-delete/${created._id}`, as.admin)).json<EnrolmentVerifyDelete>();
    expect(check).toMatchObject({ canDelete: true, upcomingLessons: 0 });
    expect((await call('DELETE', `/admin/course-students/${created._id}`, as.admin)).status).toBe(200);
    expect(await enrolmentRow(created._id)).toBeUndefined();
  });

  it('counts the upcoming lessons before removing a student from a running course', async () => {
    const check = await (await call('GET', `/admin/course-students/verify-delete/${SAM_MATHS}`, as.admin)).json<EnrolmentVerifyDelete>();
    expect(check.canDelete).toBe(true);
    expect(check.upcomingLessons).toBeGreaterThan(0);
    expect(check.message).toContain('IGCSE Mathematics with Theo');
  });

  it('lists the acting user’s own enrolments', async () => {
    const res = await call('GET', '/user/enrolment-course-students', as.student);
    expect(res.status).toBe(200);
    const mine = await res.json<CourseStudent[]>();
    expect(mine.map((e) => e.course).sort()).toEqual([SEED_COURSE_IDS.maths, SEED_COURSE_IDS.physics]);
    expect(mine.every((e) => e.user._id === 'user_student')).toBe(true);
    const asParent = await (await call('GET', '/user/enrolment-course-students', as.parent)).json<CourseStudent[]>();
    expect(asParent).toEqual([]);
  });
});

describe('errors', () => {
  it('names the bad field and writes nothing', async () => {
    const before = (await db.select().from(courseStudents).all()).length;
    await expectFieldError(
      await call('POST', '/admin/course-students', as.admin, { course: SEED_COURSE_IDS.physics, user: 'user_tutor', paymentType: 'ONETIME' }),
      'user',
    );
    await expectFieldError(await call('POST', '/admin/course-students', as.admin, { course: 'nope', user: 'user_student', paymentType: 'ONETIME' }), 'course');
    await expectFieldError(
      await call('POST', '/admin/course-students', as.admin, { course: SEED_COURSE_IDS.physics, user: 'user_student', paymentType: 'FREE' }),
      'paymentType',
    );
    await expectFieldError(await call('GET', '/admin/course-students?status=GONE', as.admin), 'status');
    await expectFieldError(await call('PUT', `/admin/course-students/${SAM_MATHS}`, as.admin, { status: 'GONE' }), 'status');
    expect((await db.select().from(courseStudents).all()).length).toBe(before);
  });

  it('refuses a second enrolment and a second student on a one-to-one course', async () => {
    expect(
      (await call('POST', '/admin/course-students', as.admin, { course: SEED_COURSE_IDS.physics, user: 'user_student', paymentType: 'ONETIME' })).status,
    ).toBe(409);
    expect(
      (await call('POST', '/admin/course-students', as.admin, { course: SEED_COURSE_IDS.maths, user: 'user_student2', paymentType: 'ONETIME' })).status,
    ).toBe(409);
    expect((await call('GET', '/admin/course-students/verify-delete/nope', as.admin)).status).toBe(404);
    expect((await call('DELETE', '/admin/course-students/nope', as.admin)).status).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses learners, tutors, an approver and another tenant’s admin; nothing changes', async () => {
    const before = await enrolmentRow(SAM_MATHS);
    for (const token of [as.student, maya, as.tutor, as.approver]) {
      expect((await call('GET', '/admin/course-students', token)).status).toBe(403);
      expect(
        (await call('POST', '/admin/course-students', token, { course: SEED_COURSE_IDS.physics, user: 'user_student', paymentType: 'ONETIME' })).status,
      ).toBe(403);
      expect((await call('PUT', `/admin/course-students/${SAM_MATHS}`, token, { status: 'UNENROLLED' })).status).toBe(403);
      expect((await call('DELETE', `/admin/course-students/${SAM_MATHS}`, token)).status).toBe(403);
    }
    expect((await call('DELETE', `/admin/course-students/${SAM_MATHS}`, as.enterer)).status).toBe(403);
    expect((await call('PUT', `/admin/course-students/${SAM_MATHS}`, as.partner, { status: 'UNENROLLED' }, PARTNER_HOST)).status).toBe(404);
    expect((await call('DELETE', `/admin/course-students/${SAM_MATHS}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    expect((await call('GET', `/admin/course-students/verify-delete/${SAM_MATHS}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    const partnerEnrol = await call(
      'POST',
      '/admin/course-students',
      as.partner,
      { course: SEED_COURSE_IDS.physics, user: 'user_partner_learner', paymentType: 'ONETIME' },
      PARTNER_HOST,
    );
    expect(partnerEnrol.status).toBe(400);
    expect(await enrolmentRow(SAM_MATHS)).toEqual(before);
  });
});
