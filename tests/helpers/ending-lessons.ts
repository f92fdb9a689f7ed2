import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { sectionAttendees, sections } from '../../schema/tables';
import { db } from './seed';

const T = TENANT_IDS.studyhall;
const THEO = DEMO_USERS.tutor._id;

/** A lesson of `duration` minutes that started `ago` minutes ago, with these people on it, for the close job to find. */
export async function endingLesson(ago: number, people: { tutors: string[]; students: string[] }, duration = 60, courseId: string = SEED_COURSE_IDS.maths) {
  const row = await db
    .insert(sections)
    .values({
      tenantId: T,
      courseId,
      sortingKey: 100,
      kind: 'TEAMS',
      title: 'Closing lesson',
      start: new Date(Date.now() - ago * 60_000),
      duration,
      lessonKind: 'LESSON',
      createdBy: THEO,
    })
    .returning()
    .get();
  const attendees = [
    ...people.tutors.map((userId) => ({ userId, kind: 'TUTOR' as const })),
    ...people.students.map((userId) => ({ userId, kind: 'STUDENT' as const })),
  ];
  await db.insert(sectionAttendees).values(attendees.map((a) => ({ ...a, tenantId: T, sectionId: row._id })));
  return row;
}
