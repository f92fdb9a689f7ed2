import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { courseStudents, courses, courseTutors, sections, tenants, tutorRoles } from '../../schema/tables';
import { forgetTenants } from '../../worker/lib/tenant-cache';
import { adminWith, type Person } from './docs';
import { db, signedInUser } from './realtime';

/** Fixtures for the waiting room: lessons with their people, admins who may see courses and read call logs. */

export const MINUTE = 60_000;

/** The main tenant lets admins see courses and read call logs (a tenant-level permission needs the tenant too). */
export async function tenantGrants(tenantId: string) {
  await db
    .update(tenants)
    .set({ permissions: { adminCourse: ['view', 'create', 'edit', 'delete'], callLogs: ['view'] } })
    .where(eq(tenants._id, tenantId));
  forgetTenants();
}

/** An admin who can see every course of the main tenant (and, unless told otherwise, read call logs). */
export async function courseAdmin(firstname: string, callLogs = true) {
  const admin = await adminWith({ adminCourse: ['view'], ...(callLogs ? { callLogs: ['view'] } : {}) }, firstname);
  await tenantGrants(admin.tenant._id);
  return admin;
}

/** A course taught by `tutors` to `students` with one ZOOM lesson (by default starting in an hour, 60 minutes). */
export async function waitingLesson(opts: {
  tutors: Person[];
  students: Person[];
  start?: Date;
  duration?: number;
  status?: 'ACTIVE' | 'CANCELLED' | 'COMPLETED';
}) {
  const tenantId = (opts.tutors[0] ?? opts.students[0])!.tenant._id;
  const createdBy = opts.tutors[0]?.user._id ?? 'system';
  const course = await db
    .insert(courses)
    .values({
      tenantId,
      title: 'Algebra',
      kind: 'Group',
      isOneToOne: false,
      paymentType: 'ONETIME',
      curriculum: 'IB',
      subject: 'Maths',
      grade: '10',
      createdBy,
    })
    .returning()
    .get();
  const section = await db
    .insert(sections)
    .values({
      tenantId,
      courseId: course._id,
      sortingKey: 1,
      kind: 'ZOOM',
      title: 'Quadratics',
      start: opts.start ?? new Date(Date.now() + 60 * MINUTE),
      duration: opts.duration ?? 60,
      status: opts.status ?? 'ACTIVE',
      lessonKind: 'LESSON',
      createdBy,
    })
    .returning()
    .get();
  if (opts.students.length) {
    await db.insert(courseStudents).values(opts.students.map((s) => ({ tenantId, courseId: course._id, userId: s.user._id, paymentType: 'ONETIME' as const })));
  }
  if (opts.tutors.length) {
    const role = await db
      .insert(tutorRoles)
      .values({ tenantId, name: `Tutor ${crypto.randomUUID()}`, permissions: { COURSE: ['view'] } })
      .returning()
      .get();
    await db.insert(courseTutors).values(
      opts.tutors.map((t, i) => ({
        tenantId,
        courseId: course._id,
        userId: t.user._id,
        type: i === 0 ? ('PRIMARY' as const) : ('SUBSTITUTE' as const),
        tutorRoleId: role._id,
      })),
    );
  }
  return { waitingId: section._id, course, section };
}

export const waitingRoomStub = (tenantId: string, waitingId: string) => env.WAITING_ROOM.get(env.WAITING_ROOM.idFromName(`${tenantId}:${waitingId}`));

/** People for a waiting-room test file: a student, a tutor, an admin who sees courses. */
export async function waitingPeople() {
  const student = await signedInUser({ tenant: 'studyhall', role: 'STUDENT', firstname: 'Sara', lastname: 'Lim' });
  const tutor = await signedInUser({ tenant: 'studyhall', role: 'TUTOR', firstname: 'Tomas', lastname: 'Ng' });
  const admin = await courseAdmin('Ada');
  return { student, tutor, admin };
}
