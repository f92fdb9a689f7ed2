import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import type { courseInput, courseUpdate, tutorCourseUpdate } from '../../../schema/contracts/courses';
import { courseStudents, courses, courseTutors } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { priceColumns } from './course-price';
import { defaultTutorRoleId } from './enrolments';
import { assertCatalogue, assertUsers, type CourseRow, findCourse } from './records';
import { assertSettingTemplates } from './template-choice';

/** Creates the course with its first tutor (PRIMARY), further tutors (SUBSTITUTE) and students. */
export async function createCourse(tdb: TenantDb, actor: Actor, input: z.output<typeof courseInput>): Promise<CourseRow> {
  const { tutors, students, priceOverride, ...fields } = input;
  const isOneToOne = fields.kind === 'One-to-One';
  if (isOneToOne && students.length > 1) throw fieldError('students', 'a one-to-one course has one student');
  if (new Set(tutors).size !== tutors.length) throw fieldError('tutors', 'lists a tutor twice');
  if (new Set(students).size !== students.length) throw fieldError('students', 'lists a student twice');
  await assertCatalogue(tdb, fields);
  await assertSettingTemplates(tdb, fields);
  await assertUsers(tdb, tutors, 'TUTOR', 'tutors');
  await assertUsers(tdb, students, 'STUDENT', 'students');
  const tutorRoleId = tutors.length > 0 ? await defaultTutorRoleId(tdb) : '';
  const courseId = newId();
  // One batch, so a course is never left without the people it was created with.
  await tdb.db.batch([
    tdb.db.insert(courses).values(tdb.values(courses, { ...fields, ...priceColumns(priceOverride), _id: courseId, isOneToOne, createdBy: actor.userId })),
    ...tutors.map((userId, i) =>
      tdb.db.insert(courseTutors).values(tdb.values(courseTutors, { courseId, userId, type: i === 0 ? 'PRIMARY' : 'SUBSTITUTE', tutorRoleId })),
    ),
    ...students.map((userId) => tdb.db.insert(courseStudents).values(tdb.values(courseStudents, { courseId, userId, paymentType: fields.paymentType }))),
  ]);
  return findCourse(tdb, courseId);
}

/** Only the fields given: an empty change leaves the row as it is, since drizzle refuses an UPDATE without values. */
const given = <T extends object>(input: T) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;

/** An admin's change: catalogue names stay valid together, and a course with several students cannot become one-to-one. */
export async function updateCourse(tdb: TenantDb, course: CourseRow, input: z.output<typeof courseUpdate>): Promise<CourseRow> {
  const { priceOverride, ...fields } = input;
  const merged = { curriculum: input.curriculum ?? course.curriculum, subject: input.subject ?? course.subject, grade: input.grade ?? course.grade };
  if (input.curriculum || input.subject || input.grade) await assertCatalogue(tdb, merged);
  await assertSettingTemplates(tdb, input, course);
  const kind = input.kind ?? course.kind;
  if (kind === 'One-to-One' && !course.isOneToOne) {
    const enrolled = await tdb.db
      .select({ n: count() })
      .from(courseStudents)
      .where(tdb.where(courseStudents, eq(courseStudents.courseId, course._id), eq(courseStudents.status, 'ENROLLED')))
      .get();
    if ((enrolled?.n ?? 0) > 1) throw fieldError('kind', 'the course has more than one student, so it cannot be one-to-one');
  }
  return tdb.db
    .update(courses)
    .set({ ...given(fields), ...priceColumns(priceOverride), isOneToOne: kind === 'One-to-One' })
    .where(tdb.where(courses, eq(courses._id, course._id)))
    .returning()
    .get();
}

/** A course tutor's change to what learners read; with nothing to change, the course is answered as it is. */
export async function updateCourseText(tdb: TenantDb, course: CourseRow, input: z.output<typeof tutorCourseUpdate>): Promise<CourseRow> {
  const change = given(input);
  if (Object.keys(change).length === 0) return course;
  return tdb.db
    .update(courses)
    .set(change)
    .where(tdb.where(courses, eq(courses._id, course._id)))
    .returning()
    .get();
}

export async function deleteCourse(tdb: TenantDb, id: string) {
  const course = await findCourse(tdb, id);
  await tdb.db
    .update(courses)
    .set({ deletedAt: new Date() })
    .where(tdb.where(courses, eq(courses._id, course._id)));
  return { _id: course._id };
}
