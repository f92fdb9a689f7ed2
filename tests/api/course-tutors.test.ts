import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { CourseTutor, EnrolmentVerifyDelete } from '../../schema/contracts/course-students';
import type { Course } from '../../schema/contracts/courses';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { courseTutors, tutorRoles, users } from '../../schema/tables';
import { type Callers, call, callers, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;
let maya: string;
const SECOND_TUTOR = 'user_tutor_two';

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  await db
    .insert(users)
    .values({ _id: SECOND_TUTOR, tenantId: 'tenant_studyhall', email: 'tutor2@studyhall.test', role: 'TUTOR', firstname: 'Tia', lastname: 'Tutor' });
  await db.insert(tutorRoles).values({ _id: 'tutor_role_viewer', tenantId: 'tenant_studyhall', name: 'Viewer', permissions: { COURSE: ['view'] } });
  as = await callers();
  maya = await signIn('student2@studyhall.test');
});

const THEO_MATHS = `course_tutor_${SEED_COURSE_IDS.maths}_user_tutor`;
const tutorRow = (id: string) => db.select().from(courseTutors).where(eq(courseTutors._id, id)).get();

async function emptyCourse() {
  const res = await call('POST', '/admin/courses', as.admin, {
    title: 'Economics',
    kind: 'Group',
    paymentType: 'ONETIME',
    curriculum: 'Cambridge IGCSE',
    subject: 'Economics',
    grade: 'Grade 9',
  });
  return res.json<Course>();
}

async function addTutor(course: string, body: object = {}) {
  const res = await call('POST', '/admin/course-tutors', as.admin, { course, user: SECOND_TUTOR, type: 'SUBSTITUTE', ...body });
  expect(res.status).toBe(201);
  return res.json<CourseTutor>();
}

describe('happy', () => {
  it('adds a tutor with the default Editor role, lists and finds them by tutor', async () => {
    const course = await emptyCourse();
    const added = await addTutor(course._id);
    expect(added).toMatchObject({
      course: course._id,
      type: 'SUBSTITUTE',
      status: 'ENABLE',
      tutorRoleId: 'tutor_role_editor_tenant_studyhall',
      user: { firstname: 'Tia' },
    });
    const list = await (await call('GET', `/admin/course-tutors?course=${course._id}&status=ENABLE`, as.admin)).json<ListResponse<CourseTutor>>();
    expect(list.docs.map((t) => t._id)).toEqual([added._id]);
    const byTutor = await (await call('GET', `/admin/course-tutors/tutor/${SECOND_TUTOR}`, as.admin)).json<CourseTutor[]>();
    expect(byTutor.map((t) => t._id)).toContain(added._id);
    const detail = await (await call('GET', `/admin/courses/${course._id}`, as.admin)).json<Course>();
    expect(detail.tutors.map((t) => t._id)).toEqual([added._id]);
  });

  it('follows the toggle rule: ENABLE adds or updates, anything else takes the tutor off', async () => {
    const course = await emptyCourse();
    const added = await addTutor(course._id, { tutorRoleId: 'tutor_role_viewer' });
    const off = await call('PUT', `/admin/course-tutors/${added._id}`, as.admin, { status: 'PAUSED' });
    expect(await off.json()).toMatchObject({ status: 'DISABLE' });
    const on = await call('PUT', `/admin/course-tutors/${added._id}`, as.admin, { status: 'ENABLE', type: 'PRIMARY' });
    expect(await on.json()).toMatchObject({ status: 'ENABLE', type: 'PRIMARY', tutorRoleId: 'tutor_role_viewer' });
  });

  it('verifies, then deletes a course tutor', async () => {
    const course = await emptyCourse();
    const added = await addTutor(course._id);
    const check = await (await call('GET', `/admin/course-tutors/verify-delete/${added._id}?type=DELETE`, as.admin)).json<EnrolmentVerifyDelete>();
    expect(check).toMatchObject({ canDelete: true, upcomingLessons: 0 });
    expect((await call('DELETE', `/admin/course-tutors/${added._id}?course=${course._id}`, as.admin)).status).toBe(200);
    expect(await tutorRow(added._id)).toBeUndefined();
  });

  it('lists the tutor’s own course enrolments', async () => {
    const mine = await (await call('GET', '/user/enrolment-course-tutors', as.tutor)).json<CourseTutor[]>();
    expect(mine.map((t) => t.course)).toEqual(expect.arrayContaining([SEED_COURSE_IDS.maths, SEED_COURSE_IDS.physics]));
    expect(await (await call('GET', '/user/enrolment-course-tutors', as.student)).json()).toEqual([]);
  });
});

describe('errors', () => {
  it('keeps the only tutor of a course with upcoming lessons', async () => {
    const check = await (await call('GET', `/admin/course-tutors/verify-delete/${THEO_MATHS}?type=DISABLE`, as.admin)).json<EnrolmentVerifyDelete>();
    expect(check.canDelete).toBe(false);
    expect(check.upcomingLessons).toBeGreaterThan(0);
    expect((await call('DELETE', `/admin/course-tutors/${THEO_MATHS}?course=${SEED_COURSE_IDS.maths}`, as.admin)).status).toBe(409);
    expect((await call('PUT', `/admin/course-tutors/${THEO_MATHS}`, as.admin, { status: 'DISABLE' })).status).toBe(409);
    expect((await tutorRow(THEO_MATHS))?.status).toBe('ENABLE');
  });

  it('names the bad field and writes nothing', async () => {
    const before = (await db.select().from(courseTutors).all()).length;
    await expectFieldError(
      await call('POST', '/admin/course-tutors', as.admin, { course: SEED_COURSE_IDS.physics, user: 'user_student2', type: 'PRIMARY' }),
      'user',
    );
    await expectFieldError(await call('POST', '/admin/course-tutors', as.admin, { course: SEED_COURSE_IDS.physics, user: SECOND_TUTOR, type: 'HEAD' }), 'type');
    await expectFieldError(
      await call('POST', '/admin/course-tutors', as.admin, { course: SEED_COURSE_IDS.physics, user: SECOND_TUTOR, type: 'PRIMARY', tutorRoleId: 'nope' }),
      'tutorRoleId',
    );
    await expectFieldError(await call('POST', '/admin/course-tutors', as.admin, { course: 'nope', user: SECOND_TUTOR, type: 'PRIMARY' }), 'course');
    await expectFieldError(await call('GET', `/admin/course-tutors/verify-delete/${THEO_MATHS}?type=ERASE`, as.admin), 'type');
    await expectFieldError(await call('DELETE', `/admin/course-tutors/${THEO_MATHS}`, as.admin), 'course');
    expect((await call('POST', '/admin/course-tutors', as.admin, { course: SEED_COURSE_IDS.maths, user: 'user_tutor', type: 'PRIMARY' })).status).toBe(409);
    expect((await call('DELETE', `/admin/course-tutors/${THEO_MATHS}?course=${SEED_COURSE_IDS.physics}`, as.admin)).status).toBe(404);
    expect((await db.select().from(courseTutors).all()).length).toBe(before);
  });
});

describe('permissions', () => {
  it('refuses learners, tutors, an approver and another tenant’s admin; nothing changes', async () => {
    const before = await tutorRow(THEO_MATHS);
    for (const token of [as.student, maya, as.tutor, as.approver]) {
      expect((await call('GET', '/admin/course-tutors', token)).status).toBe(403);
      expect((await call('GET', `/admin/course-tutors/tutor/user_tutor`, token)).status).toBe(403);
      expect((await call('POST', '/admin/course-tutors', token, { course: SEED_COURSE_IDS.physics, user: SECOND_TUTOR, type: 'PRIMARY' })).status).toBe(403);
      expect((await call('PUT', `/admin/course-tutors/${THEO_MATHS}`, token, { status: 'DISABLE' })).status).toBe(403);
      expect((await call('DELETE', `/admin/course-tutors/${THEO_MATHS}?course=${SEED_COURSE_IDS.maths}`, token)).status).toBe(403);
    }
    expect((await call('DELETE', `/admin/course-tutors/${THEO_MATHS}?course=${SEED_COURSE_IDS.maths}`, as.enterer)).status).toBe(403);
    expect((await call('PUT', `/admin/course-tutors/${THEO_MATHS}`, as.partner, { type: 'TRIAL' }, PARTNER_HOST)).status).toBe(404);
    expect((await call('GET', `/admin/course-tutors/verify-delete/${THEO_MATHS}`, as.partner, undefined, PARTNER_HOST)).status).toBe(404);
    const theirs = await (await call('GET', '/admin/course-tutors/tutor/user_tutor', as.partner, undefined, PARTNER_HOST)).json<CourseTutor[]>();
    expect(theirs).toEqual([]);
    expect(await tutorRow(THEO_MATHS)).toEqual(before);
  });
});
