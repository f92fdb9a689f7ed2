import { and, eq, inArray } from 'drizzle-orm';
import { userWaitingMail } from '../../../platform/email/late-tutor-mails';
import { sendEmail } from '../../../platform/email/outbox';
import type { Env as PlatformEnv } from '../../../platform/env';
import { users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { fullName, peopleByIds, type WaitingLessonAccess } from './lesson';

/** Mails the lesson's absent tutors that the caller is waiting for them; answers how many were told. */
export async function mailAbsentTutors(
  tdb: TenantDb,
  actor: Actor,
  input: { lesson: WaitingLessonAccess; tutorIds: string[]; origin: string; env: PlatformEnv; waitUntil: (promise: Promise<unknown>) => void },
) {
  const [waiter] = await peopleByIds(tdb, [actor.actingUserId]);
  const tutors = await tdb.db
    .select({ email: users.email, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.tenantId, tdb.tenantId), inArray(users._id, input.tutorIds)))
    .all();
  const { section } = input.lesson;
  const link = `${input.origin}/learning-portal/waiting-room/${section._id}`;
  const mailCtx = { db: tdb.db, env: input.env, tenantId: tdb.tenantId, waitUntil: input.waitUntil };
  let notified = 0;
  for (const tutor of tutors) {
    if (!tutor.email) continue;
    const waiterName = waiter ? fullName(waiter) : 'A student';
    await sendEmail(mailCtx, userWaitingMail({ to: tutor.email, firstname: tutor.firstname, lessonTitle: section.title, waiterName, link }));
    notified += 1;
  }
  return notified;
}
