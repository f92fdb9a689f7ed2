import { desc, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import { type CourseFeedbackLessons, FEEDBACK_LESSONS_SHOWN } from '../../../schema/contracts/lesson-feedbacks';
import { courseStudents, courseTutors, sectionAttendees, sections } from '../../../schema/tables';
import type { Actor } from '../../env';
import { courseAccessOf } from '../courses/access';
import { peopleById, personOf } from '../homework/views';
import type { TenantDb } from '../tenant-db';

export type LessonRow = typeof sections.$inferSelect;

const lessonNotFound = () => new ApiError(404, 'Lesson not found');

/**
 * A lesson's tutors and students: its attendees, or where it names none of a kind, the course's enabled tutors or
 * enrolled students (a lesson left to the course default).
 */
export async function lessonPeople(tdb: TenantDb, lesson: LessonRow) {
  const attendees = await tdb.db
    .select({ userId: sectionAttendees.userId, kind: sectionAttendees.kind })
    .from(sectionAttendees)
    .where(tdb.where(sectionAttendees, eq(sectionAttendees.sectionId, lesson._id)))
    .all();
  let tutors = attendees.filter((a) => a.kind === 'TUTOR').map((a) => a.userId);
  let students = attendees.filter((a) => a.kind === 'STUDENT').map((a) => a.userId);
  if (!tutors.length)
    tutors = (
      await tdb.db
        .select({ userId: courseTutors.userId })
        .from(courseTutors)
        .where(tdb.where(courseTutors, eq(courseTutors.courseId, lesson.courseId), eq(courseTutors.status, 'ENABLE')))
        .all()
    ).map((r) => r.userId);
  if (!students.length)
    students = (
      await tdb.db
        .select({ userId: courseStudents.userId })
        .from(courseStudents)
        .where(tdb.where(courseStudents, eq(courseStudents.courseId, lesson.courseId), eq(courseStudents.status, 'ENROLLED')))
        .all()
    ).map((r) => r.userId);
  return { tutors, students };
}

/**
 * A lesson the person took part in (as `role`), found before the body is read; a lesson they were not in answers
 * 404 like a missing one. Feedback is for a lesson that has started and was not cancelled.
 */
export async function feedbackLesson(tdb: TenantDb, sectionId: string, personId: string, role: 'tutors' | 'students', now = new Date()) {
  const lesson = await tdb.db
    .select()
    .from(sections)
    .where(tdb.where(sections, eq(sections._id, sectionId), inArray(sections.kind, ['ZOOM', 'TEAMS']), isNull(sections.deletedAt)))
    .get();
  if (!lesson?.start) throw lessonNotFound();
  const people = await lessonPeople(tdb, lesson);
  if (!people[role].includes(personId)) throw lessonNotFound();
  if (lesson.status === 'CANCELLED') throw new ApiError(409, 'This lesson was cancelled, so it takes no feedback.');
  if (lesson.start.getTime() > now.getTime()) throw new ApiError(409, 'Feedback can be left once the lesson has started.');
  return { lesson, people };
}

/** The student the tutor writes to must be one of the lesson's. */
export function assertLessonStudent(people: { students: string[] }, studentId: string) {
  if (!people.students.includes(studentId)) throw fieldError('student', 'must be a student of this lesson');
}

/** The tutor a student writes to: the one named, or the lesson's only tutor. */
export function lessonTutor(people: { tutors: string[] }, named: string | undefined) {
  if (named) {
    if (!people.tutors.includes(named)) throw fieldError('tutor', 'must be a tutor of this lesson');
    return named;
  }
  if (people.tutors.length !== 1) throw fieldError('tutor', 'is required when the lesson has more than one tutor');
  return people.tutors[0]!;
}

export const sectionsById = async (tdb: TenantDb, ids: string[]) => {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await tdb.db
        .select({ _id: sections._id, title: sections.title, start: sections.start })
        .from(sections)
        .where(tdb.where(sections, inArray(sections._id, unique)))
        .all()
    : [];
  return new Map(rows.map((r) => [r._id, r]));
};

/**
 * `GET /lesson-tutor-feedbacks/lessons?course=`: the course's latest lessons that take feedback, with their tutors and
 * students, for a member of the course; a lesson's feedback form names its people from here.
 */
export async function feedbackLessons(tdb: TenantDb, actor: Actor, courseId: string): Promise<CourseFeedbackLessons> {
  const access = await courseAccessOf(tdb, actor, courseId);
  const rows = await tdb.db
    .select()
    .from(sections)
    .where(
      tdb.where(
        sections,
        eq(sections.courseId, courseId),
        inArray(sections.kind, ['ZOOM', 'TEAMS']),
        isNull(sections.deletedAt),
        ne(sections.status, 'CANCELLED'),
        lte(sections.start, new Date()),
      ),
    )
    .orderBy(desc(sections.start))
    .limit(FEEDBACK_LESSONS_SHOWN)
    .all();
  const withPeople = await Promise.all(rows.map(async (lesson) => ({ lesson, people: await lessonPeople(tdb, lesson) })));
  const names = await peopleById(
    tdb,
    withPeople.flatMap(({ people }) => [...people.tutors, ...people.students]),
  );
  const gives = Boolean(access.tutorPermissions) && actor.role === 'TUTOR';
  const mine = (ids: string[]) => (gives || access.asAdmin ? ids : ids.filter((id) => id === actor.actingUserId));
  return {
    gives,
    rates: access.enrolled && actor.role === 'STUDENT',
    lessons: withPeople
      .filter(({ people }) => gives || access.asAdmin || people.students.includes(actor.actingUserId))
      .map(({ lesson, people }) => ({
        _id: lesson._id,
        title: lesson.title,
        start: lesson.start!.toISOString(),
        tutors: people.tutors.map((id) => personOf(names, id)),
        students: mine(people.students).map((id) => personOf(names, id)),
      })),
  };
}
