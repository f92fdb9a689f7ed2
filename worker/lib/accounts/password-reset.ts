import { count, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { sendEmail } from '../../../platform/email/outbox';
import { resetPasswordMail } from '../../../platform/email/templates';
import { fieldError } from '../../../platform/errors';
import { type forgotPasswordRequest, RESET_TOKEN_INVALID, type resetPasswordRequest } from '../../../schema/contracts/passwords';
import { passwordResets, users } from '../../../schema/tables';
import type { MailFrom } from '../mail-from';
import { issueResetToken, resetPassword } from '../password-changes';
import { type Caller, clearAccountAttempts, RESET_MAILS, type Refusal, reserveAttempt, THROTTLES, throttleKeys } from '../rate-limit';
import type { TenantDb } from '../tenant-db';

export const RESET_TOKEN_MINUTES = 60;

/** A cap that answers as usual but sends nothing once reached, so it neither reveals accounts nor floods a mailbox. */
const RESET_MAIL_CAP = { free: RESET_MAILS.perAddress, hard: RESET_MAILS.perAddress, windowMs: 60 * 60 * 1000, firstDelayMs: 0, maxDelayMs: 0 };

export interface ResetRequest {
  body: z.output<typeof forgotPasswordRequest>;
  caller: Caller;
  /** Where the mail comes from and how it is sent: the tenant's origin and name, the outbox's environment. */
  mail: MailFrom;
}

/**
 * "Forgot password": mails a reset code and link to the address when it has an account, within the caps per caller,
 * per account and per address. The caller's own throttle is the only refusal; every other outcome answers the same
 * (nothing tells whether the address has an account), so it returns only that refusal, or null. Everything that
 * depends on whether the account exists runs after the answer (waitUntil), so the answer takes the same time too.
 */
export async function requestPasswordReset(tdb: TenantDb, input: ResetRequest): Promise<Refusal | null> {
  const refused = await reserveAttempt(tdb.db, [{ key: throttleKeys.reset(tdb.tenantId, input.caller), policy: THROTTLES.reset }], 'password reset requests');
  if (refused) return refused;
  input.mail.waitUntil(
    mailResetIfAccount(tdb, input).catch((error: unknown) => {
      console.error('password reset mail', error);
    }),
  );
  return null;
}

async function mailResetIfAccount(tdb: TenantDb, input: ResetRequest) {
  const { email } = input.body;
  const user = await tdb.db
    .select({ _id: users._id, firstname: users.firstname, role: users.role })
    .from(users)
    .where(tdb.where(users, eq(users.email, email), isNull(users.deletedAt)))
    .get();
  if (!user || user.role === 'GUEST') return;

  const recent = await tdb.db
    .select({ n: count() })
    .from(passwordResets)
    .where(tdb.where(passwordResets, eq(passwordResets.userId, user._id), gt(passwordResets.createdAt, new Date(Date.now() - 60 * 60 * 1000))))
    .get();
  if ((recent?.n ?? 0) >= RESET_MAILS.perAccount) return;
  // Per address too, so a stranger asking for someone's resets uses up only their own share, not the owner's.
  const capped = await reserveAttempt(tdb.db, [{ key: throttleKeys.resetMail(tdb.tenantId, email, input.caller), policy: RESET_MAIL_CAP }], 'reset mails');
  if (capped) return;

  const token = await issueResetToken(tdb, user._id, RESET_TOKEN_MINUTES);
  const link = `${input.mail.origin}/learning-portal/reset-password?${new URLSearchParams({ email, token })}`;
  const mail = resetPasswordMail({
    to: email,
    code: token,
    firstname: user.firstname,
    productName: input.mail.productName,
    link,
    minutes: RESET_TOKEN_MINUTES,
  });
  await sendEmail({ db: tdb.db, env: input.mail.env, tenantId: tdb.tenantId, waitUntil: input.mail.waitUntil }, mail);
}

/** Sets a new password with the mailed code; a good reset also lifts the sign-in throttle on the account. */
export async function resetForgottenPassword(tdb: TenantDb, body: z.output<typeof resetPasswordRequest>) {
  const user = await tdb.db
    .select({ _id: users._id })
    .from(users)
    .where(tdb.where(users, eq(users.email, body.email), isNull(users.deletedAt)))
    .get();
  if (!user) throw fieldError('token', RESET_TOKEN_INVALID);
  await resetPassword(tdb, user._id, body.token, body.password);
  await clearAccountAttempts(tdb, body.email);
}
