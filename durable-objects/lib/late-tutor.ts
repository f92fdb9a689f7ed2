import { and, eq, inArray, isNull } from 'drizzle-orm';
import { databaseFor } from '../../platform/database';
import { lateTutorAdminMail, lateTutorMail } from '../../platform/email/late-tutor-mails';
import { sendEmail } from '../../platform/email/outbox';
import type { OutgoingMail } from '../../platform/email/provider';
import type { Db } from '../../platform/env';
import type { WaitingLesson } from '../../platform/realtime/waiting-lesson';
import { hasTenantPermission } from '../../schema/contracts/permissions';
import { callLogs, roles, tenants, users } from '../../schema/tables';
import type { Env } from '../env';

const fullName = (u: { firstname: string; lastname: string }) => `${u.firstname} ${u.lastname}`.trim();

export const waitingRoomLink = (lesson: WaitingLesson) => `${lesson.origin}/learning-portal/waiting-room/${lesson.sectionId}`;

/** Active admins of the tenant whose role (and the tenant) grant reading call logs: the people who act on them. */
async function callLogAdmins(db: Db, tenantId: string) {
  const tenant = await db.select({ permissions: tenants.permissions }).from(tenants).where(eq(tenants._id, tenantId)).get();
  const rows = await db
    .select({ _id: users._id, email: users.email, firstname: users.firstname, lastname: users.lastname, permissions: roles.permissions })
    .from(users)
    .innerJoin(roles, and(eq(roles._id, users.adminRoleId), eq(roles.tenantId, tenantId), eq(roles.status, 'ACTIVE')))
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'ADMIN'), isNull(users.deletedAt)))
    .all();
  return rows.filter((row) => hasTenantPermission(row.permissions, tenant?.permissions, { callLogs: ['view'] }));
}

/**
 * The late rule: mail the tutor, then the admins who read call logs, and write one call-log entry saying who was
 * waiting and who was told. A mail that cannot go out is recorded in the entry's error, never thrown.
 */
export async function reportLateTutor(env: Env, lesson: WaitingLesson, waitingUserIds: string[]): Promise<string> {
  const db = databaseFor(env.DB);
  const mailCtx = { db, env, tenantId: lesson.tenantId };
  const link = waitingRoomLink(lesson);
  const problems: string[] = [];
  const notified: string[] = [];
  const deliver = async (userId: string, mail: OutgoingMail) => {
    const sent = await sendEmail(mailCtx, mail);
    if (sent.status === 'FAILED') problems.push(`Mail to ${mail.to} failed`);
    else notified.push(userId);
  };

  const tutors = lesson.tutorIds.length
    ? await db
        .select({ _id: users._id, email: users.email, firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(and(eq(users.tenantId, lesson.tenantId), inArray(users._id, lesson.tutorIds)))
        .all()
    : [];
  const tutor = tutors.find((t) => t._id === lesson.tutorIds[0]);
  if (!tutor) problems.push('The lesson has no tutor');
  const waitingCount = waitingUserIds.length;
  if (tutor?.email) {
    await deliver(
      tutor._id,
      lateTutorMail({ to: tutor.email, firstname: tutor.firstname, lessonTitle: lesson.title, tutorName: fullName(tutor), waitingCount, link }),
    );
  } else if (tutor) problems.push('The tutor has no e-mail address');

  const admins = await callLogAdmins(db, lesson.tenantId);
  if (!admins.length) problems.push('No admin can read call logs');
  for (const admin of admins) {
    if (!admin.email) continue;
    const mail = lateTutorAdminMail({
      to: admin.email,
      firstname: admin.firstname,
      lessonTitle: lesson.title,
      tutorName: tutor ? fullName(tutor) : 'The tutor',
      waitingCount,
      link,
    });
    await deliver(admin._id, mail);
  }

  const row = await db
    .insert(callLogs)
    .values({
      tenantId: lesson.tenantId,
      sectionId: lesson.sectionId,
      courseId: lesson.courseId,
      tutorId: tutor?._id ?? null,
      studentIds: lesson.studentIds,
      waitingUserIds,
      notifiedUserIds: notified,
      lessonStart: new Date(lesson.start),
      status: 'LATE',
      error: problems.length ? problems.join('; ') : null,
    })
    .returning({ _id: callLogs._id })
    .get();
  return row._id;
}

/** The late tutor arrived after all, or the lesson ended without them. */
export async function settleCallLog(env: Env, tenantId: string, callLogId: string, outcome: { tutorJoinedAt: number } | 'MISSED') {
  const db = databaseFor(env.DB);
  const set = outcome === 'MISSED' ? { status: 'MISSED' as const } : { status: 'JOINED_LATE' as const, tutorJoinedAt: new Date(outcome.tutorJoinedAt) };
  await db
    .update(callLogs)
    .set(set)
    .where(and(eq(callLogs._id, callLogId), eq(callLogs.tenantId, tenantId), eq(callLogs.status, 'LATE')));
}
