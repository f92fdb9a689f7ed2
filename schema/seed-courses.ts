import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { courseStudents, courses, courseTemplates, courseTutors, lessonAttendance, sectionAttendees, sections } from './tables';

/**
 * Demo courses: Theo teaches Sam one to one, and a physics group (Sam and Maya). Lessons fall on the week before and
 * the two weeks after the seed day, so a fresh local run always has past and upcoming lessons, plus one of each on
 * the 10th of the month before, so last month always has lessons to invoice. Ids are fixed, so a second run adds
 * nothing (and keeps the first run's lesson times).
 */

const TENANT = 'tenant_studyhall';
const ADMIN = 'user_admin';
const TUTOR = 'user_tutor';
const SAM = 'user_student';
const MAYA = 'user_student2';
const EDITOR_ROLE = `tutor_role_editor_${TENANT}`;
const DAY = 24 * 60 * 60 * 1000;

export const SEED_COURSE_IDS = {
  maths: 'course_igcse_maths_theo',
  physics: 'course_igcse_physics_group',
  mathsLastMonth: 'section_maths_last_month',
  physicsLastMonth: 'section_physics_last_month',
  mathsWeek1: 'section_maths_week1',
  mathsResource: 'section_maths_week1_resource',
  mathsHomework: 'section_maths_week1_homework',
  template: 'course_template_igcse_maths_starter',
} as const;
const ids = SEED_COURSE_IDS;

const courseRows: (typeof courses.$inferInsert)[] = [
  {
    _id: ids.maths,
    tenantId: TENANT,
    title: 'IGCSE Mathematics with Theo',
    description: 'Weekly one-to-one lessons through the Extended syllabus, with past-paper practice.',
    kind: 'One-to-One',
    isOneToOne: true,
    status: 'ACTIVE',
    paymentType: 'CREDIT',
    curriculum: 'Cambridge IGCSE',
    subject: 'Mathematics',
    grade: 'Grade 10',
    createdBy: ADMIN,
  },
  {
    _id: ids.physics,
    tenantId: TENANT,
    title: 'IGCSE Physics group',
    description: 'A small weekly group working through forces, energy and waves.',
    kind: 'Group',
    isOneToOne: false,
    status: 'ACTIVE',
    paymentType: 'SUBSCRIPTION',
    curriculum: 'Cambridge IGCSE',
    subject: 'Physics',
    grade: 'Grade 10',
    createdBy: ADMIN,
  },
];

const enrolment = (courseId: string, userId: string) => ({ _id: `enrolment_${courseId}_${userId}`, tenantId: TENANT, courseId, userId });

const HOUR = 60 * 60 * 1000;

function lessonRow(courseId: string, _id: string, title: string, sortingKey: number, start: Date): typeof sections.$inferInsert {
  return {
    _id,
    tenantId: TENANT,
    courseId,
    sortingKey,
    kind: 'ZOOM',
    title,
    start,
    duration: 60,
    lessonKind: 'LESSON',
    billingKind: 'BILLABLE',
    createdBy: ADMIN,
  };
}

/** Weekly lessons on the given day offsets from the seed day, at a fixed UTC hour. */
function lessons(courseId: string, prefix: string, subject: string, offsets: number[], hourUtc: number, attendees: string[], seedDay: number) {
  const sectionRows = offsets.map((offset, i) =>
    lessonRow(courseId, `section_${prefix}_lesson_${i + 1}`, `${subject} lesson ${i + 1}`, (i + 2) * 1000, new Date(seedDay + offset * DAY + hourUtc * HOUR)),
  );
  return { sectionRows, attendeeRows: attendeesOf(sectionRows, attendees) };
}

function attendeesOf(sectionRows: (typeof sections.$inferInsert)[], attendees: string[]) {
  return sectionRows.flatMap((section) =>
    [TUTOR, ...attendees].map((userId) => ({
      _id: `attendee_${section._id}_${userId}`,
      tenantId: TENANT,
      sectionId: section._id!,
      userId,
      kind: userId === TUTOR ? ('TUTOR' as const) : ('STUDENT' as const),
    })),
  );
}

/**
 * A maths and a physics lesson on the 10th of the month before the seed day's (UTC), which the journeys bill as
 * "last month"; their sorting keys put them before the weekly lessons.
 */
function lastMonthLessons(now: number) {
  const today = new Date(now);
  const day = (hourUtc: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 10, hourUtc));
  const maths = lessonRow(ids.maths, ids.mathsLastMonth, 'Mathematics revision', 1500, day(9));
  const physics = lessonRow(ids.physics, ids.physicsLastMonth, 'Physics revision', 1500, day(10));
  return { maths, physics, attendeeRows: [...attendeesOf([maths], [SAM]), ...attendeesOf([physics], [SAM, MAYA])] };
}

export async function seedCourses<S extends Record<string, unknown>>(db: DrizzleD1Database<S>, now = Date.now()) {
  const seedDay = now - (now % DAY);
  const maths = lessons(ids.maths, 'maths', 'Mathematics', [-6, 1, 8, 13], 9, [SAM], seedDay);
  const physics = lessons(ids.physics, 'physics', 'Physics', [-4, 3, 10], 10, [SAM, MAYA], seedDay);
  const lastMonth = lastMonthLessons(now);
  const materials: (typeof sections.$inferInsert)[] = [
    { _id: ids.mathsWeek1, tenantId: TENANT, courseId: ids.maths, sortingKey: 1000, kind: 'SECTION', title: 'Week 1', createdBy: ADMIN },
    {
      _id: ids.mathsResource,
      tenantId: TENANT,
      courseId: ids.maths,
      parentId: ids.mathsWeek1,
      sortingKey: 1000,
      kind: 'RESOURCE',
      title: 'Syllabus overview',
      link: 'https://www.cambridgeinternational.org/programmes-and-qualifications/cambridge-igcse-mathematics-0580/',
      createdBy: ADMIN,
    },
    {
      _id: ids.mathsHomework,
      tenantId: TENANT,
      courseId: ids.maths,
      parentId: ids.mathsWeek1,
      sortingKey: 2000,
      kind: 'HOMEWORK',
      title: 'Number and algebra practice',
      description: 'Questions 1 to 12 of the worksheet, showing your working.',
      dueAt: new Date(seedDay + 5 * DAY + 18 * 60 * 60 * 1000),
      createdBy: ADMIN,
    },
  ];
  const rows = [
    ...courseRows.map((row) => db.insert(courses).values(row).onConflictDoNothing()),
    ...[ids.maths, ids.physics].map((courseId) =>
      db
        .insert(courseTutors)
        .values({ ...enrolment(courseId, TUTOR), _id: `course_tutor_${courseId}_${TUTOR}`, type: 'PRIMARY', tutorRoleId: EDITOR_ROLE })
        .onConflictDoNothing(),
    ),
    ...[
      [ids.maths, SAM, 'CREDIT'],
      [ids.physics, SAM, 'SUBSCRIPTION'],
      [ids.physics, MAYA, 'SUBSCRIPTION'],
    ].map(([courseId, userId, paymentType]) =>
      db
        .insert(courseStudents)
        .values({ ...enrolment(courseId!, userId!), paymentType: paymentType as 'CREDIT' | 'SUBSCRIPTION' })
        .onConflictDoNothing(),
    ),
    ...[...materials, ...maths.sectionRows, ...physics.sectionRows, lastMonth.maths, lastMonth.physics].map((row) =>
      db.insert(sections).values(row).onConflictDoNothing(),
    ),
    ...[...maths.attendeeRows, ...physics.attendeeRows, ...lastMonth.attendeeRows].map((row) => db.insert(sectionAttendees).values(row).onConflictDoNothing()),
    db
      .insert(courseTemplates)
      .values({
        _id: ids.template,
        tenantId: TENANT,
        title: 'IGCSE Maths starter',
        description: 'A first week of IGCSE Mathematics: the syllabus, a practice sheet and the first lesson.',
        courseId: ids.maths,
        curriculum: 'Cambridge IGCSE',
        subject: 'Mathematics',
        grade: 'Grade 10',
        kind: 'One-to-One',
        sections: [
          {
            kind: 'SECTION',
            title: 'Week 1: Number',
            sections: [
              { kind: 'RESOURCE', title: 'Syllabus overview', link: 'https://www.cambridgeinternational.org/' },
              { kind: 'HOMEWORK', title: 'Number practice', description: 'Questions 1 to 12 of the worksheet.' },
            ],
          },
          { kind: 'ZOOM', title: 'First lesson', duration: 60 },
        ],
      })
      .onConflictDoNothing(),
  ];
  const [first, ...rest] = rows;
  await db.batch([first!, ...rest]);
  const [visit, ...visits] = pastAttendance(maths.sectionRows[0]!, physics.sectionRows[0]!, lastMonth).map((row) =>
    db.insert(lessonAttendance).values(row).onConflictDoNothing(),
  );
  await db.batch([visit!, ...visits]);
}

/**
 * What the rooms reported for the past lessons (so the close job at start-up has real history to write, never the
 * seed itself): in Maths, Theo came four minutes late; in Physics, Theo and Sam were on time and Maya missed it.
 * Last month's two lessons were held in full by everyone.
 */
function pastAttendance(maths: typeof sections.$inferInsert, physics: typeof sections.$inferInsert, lastMonth: ReturnType<typeof lastMonthLessons>) {
  const at = (section: typeof sections.$inferInsert, minutes: number) => new Date(section.start!.getTime() + minutes * 60_000);
  const visits: [typeof sections.$inferInsert, string, number, number][] = [
    [maths, TUTOR, 4, 58],
    [maths, SAM, -2, 58],
    [physics, TUTOR, -5, 60],
    [physics, SAM, 0.5, 55],
    [lastMonth.maths, TUTOR, -1, 60],
    [lastMonth.maths, SAM, 0, 60],
    [lastMonth.physics, TUTOR, -1, 60],
    [lastMonth.physics, SAM, 0, 60],
    [lastMonth.physics, MAYA, 0, 60],
  ];
  return visits.map(([section, userId, came, left]): typeof lessonAttendance.$inferInsert => ({
    _id: `attendance_${section._id}_${userId}`,
    tenantId: TENANT,
    sectionId: section._id!,
    userId,
    firstJoinAt: at(section, came),
    lastLeaveAt: at(section, left),
    secondsInRoom: (left - came) * 60,
    // Camera and microphone on for most of the lesson, as the lesson room would have counted them.
    cameraSeconds: Math.round((left - came) * 60 * 0.85),
    micSeconds: Math.round((left - came) * 60 * 0.95),
  }));
}
