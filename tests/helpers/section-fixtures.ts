import { count, isNull } from 'drizzle-orm';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { courseStudents, courses, courseTutors, sectionAttendees, sections, tutorRoles } from '../../schema/tables';
import { seedCallersAndMaya } from './admins';
import { db } from './seed';

const TENANT = TENANT_IDS.studyhall;

/**
 * Two courses of the main tenant: Sam's (Theo tutors it with the default Editor role) and Maya's (Theo tutors it
 * with a role that only views the course), plus a few sections of Sam's course.
 */
export const COURSE_IDS = {
  sam: 'course_sam_maths',
  maya: 'course_maya_physics',
  viewerRole: 'tutor_role_viewer',
  unit: 'section_sam_unit',
  lesson: 'section_sam_lesson',
  resource: 'section_sam_resource',
  homework: 'section_sam_homework',
} as const;

/** A live one-to-one IGCSE maths course of the main tenant, with nobody in it yet. */
export const course = (id: string, title: string) =>
  db.insert(courses).values({
    _id: id,
    tenantId: TENANT,
    title,
    kind: 'One-to-One',
    isOneToOne: true,
    status: 'ACTIVE',
    paymentType: 'ONETIME',
    curriculum: 'Cambridge IGCSE',
    subject: 'Mathematics',
    grade: 'Grade 10',
    createdBy: DEMO_USERS.admin._id,
  });

/** Far enough ahead that no test's "now" passes it. */
export const LESSON_START = new Date('2030-01-07T09:00:00.000Z');

/** The demo, the extra admins and the two courses, with a token for each caller and one for Maya. */
export async function seedCoursesSignedIn() {
  const signedIn = await seedCallersAndMaya();
  await seedCourses();
  return signedIn;
}

export async function seedCourses() {
  const ids = COURSE_IDS;
  const owner = { tenantId: TENANT, courseId: ids.sam, createdBy: DEMO_USERS.admin._id };
  await db.batch([
    db.insert(tutorRoles).values({ _id: ids.viewerRole, tenantId: TENANT, name: 'Viewer', permissions: { COURSE: ['view'] } }),
    course(ids.sam, "Sam's maths"),
    course(ids.maya, "Maya's physics"),
    db.insert(courseStudents).values({ _id: 'enrol_sam', tenantId: TENANT, courseId: ids.sam, userId: DEMO_USERS.student._id, paymentType: 'ONETIME' }),
    db.insert(courseStudents).values({ _id: 'enrol_maya', tenantId: TENANT, courseId: ids.maya, userId: DEMO_USERS.student2._id, paymentType: 'ONETIME' }),
    db.insert(courseTutors).values({
      _id: 'tutor_sam',
      tenantId: TENANT,
      courseId: ids.sam,
      userId: DEMO_USERS.tutor._id,
      type: 'PRIMARY',
      tutorRoleId: `tutor_role_editor_${TENANT}`,
    }),
    db
      .insert(courseTutors)
      .values({ _id: 'tutor_maya', tenantId: TENANT, courseId: ids.maya, userId: DEMO_USERS.tutor._id, type: 'PRIMARY', tutorRoleId: ids.viewerRole }),
    db.insert(sections).values({ _id: ids.unit, ...owner, kind: 'SECTION', title: 'Unit 1', sortingKey: 1 }),
    db.insert(sections).values({
      _id: ids.lesson,
      ...owner,
      parentId: ids.unit,
      kind: 'TEAMS',
      title: 'Algebra',
      sortingKey: 1,
      start: LESSON_START,
      duration: 60,
      lessonKind: 'LESSON',
      billingKind: 'BILLABLE',
      joinUrl: `/learning-portal/waiting-room/${ids.lesson}`,
    }),
    db.insert(sectionAttendees).values([
      { _id: 'attendee_theo', tenantId: TENANT, sectionId: ids.lesson, userId: DEMO_USERS.tutor._id, kind: 'TUTOR' },
      { _id: 'attendee_sam', tenantId: TENANT, sectionId: ids.lesson, userId: DEMO_USERS.student._id, kind: 'STUDENT' },
    ]),
    db
      .insert(sections)
      .values({ _id: ids.resource, ...owner, parentId: ids.unit, kind: 'RESOURCE', title: 'Notes', sortingKey: 2, link: 'https://example.com/notes' }),
    db.insert(sections).values({ _id: ids.homework, ...owner, parentId: ids.unit, kind: 'HOMEWORK', title: 'Exercises', sortingKey: 3, dueAt: LESSON_START }),
  ]);
}

/** Every section row as stored, so a refused call can be shown to have changed nothing. */
export const sectionSnapshot = async () => JSON.stringify(await db.select().from(sections).orderBy(sections._id).all());

export const liveSectionCount = async () => (await db.select({ n: count() }).from(sections).where(isNull(sections.deletedAt)).get())!.n;
