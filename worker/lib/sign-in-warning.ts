import { eq, isNull } from 'drizzle-orm';
import { sendEmail } from '../../platform/email/outbox';
import { signInWarningMail } from '../../platform/email/templates';
import { users } from '../../schema/tables';
import type { MailFrom } from './mail-from';
import type { Caller } from './rate-limit';
import type { TenantDb } from './tenant-db';

const WHEN = { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' } as const;

export type WarningContext = MailFrom;

/** Tells the owner of `email` that someone has been guessing their password; nothing when no such account exists. */
export async function warnOwner(tdb: TenantDb, ctx: WarningContext, email: string, caller: Caller, at = new Date()) {
  const owner = await tdb.db
    .select({ email: users.email, firstname: users.firstname, timezone: users.timezone, role: users.role })
    .from(users)
    .where(tdb.where(users, eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .get();
  if (!owner?.email || owner.role === 'GUEST') return;
  const time = new Intl.DateTimeFormat('en-GB', { ...WHEN, timeZone: owner.timezone }).format(at);
  const link = `${ctx.origin}/learning-portal/forgot-password?${new URLSearchParams({ email: owner.email })}`;
  const mail = signInWarningMail({ to: owner.email, firstname: owner.firstname, productName: ctx.productName, time, place: caller.place, link });
  await sendEmail({ db: tdb.db, env: ctx.env, tenantId: tdb.tenantId, waitUntil: ctx.waitUntil }, mail);
}
