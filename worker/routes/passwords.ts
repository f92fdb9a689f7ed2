import { count, eq, gt, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { sendEmail } from '../../platform/email/outbox';
import { resetPasswordMail } from '../../platform/email/templates';
import { fieldError } from '../../platform/errors';
import {
  changePasswordRequest,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordRequest,
  PASSWORD_CHANGED,
  RESET_TOKEN_INVALID,
  resetPasswordRequest,
} from '../../schema/contracts/passwords';
import { passwordResets, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { changePassword } from '../lib/accounts/change-password';
import { issueResetToken, resetPassword } from '../lib/password-changes';
import { callerOf, clearAccountAttempts, RESET_MAILS, reserveAttempt, THROTTLES, throttleKeys, tooMany } from '../lib/rate-limit';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { refuseWhileImpersonating, requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

export const RESET_TOKEN_MINUTES = 60;
/** A cap that answers as usual but sends nothing once reached, so it neither reveals accounts nor floods a mailbox. */
const RESET_MAIL_CAP = { free: RESET_MAILS.perAddress, hard: RESET_MAILS.perAddress, windowMs: 60 * 60 * 1000, firstDelayMs: 0, maxDelayMs: 0 };

export const passwordRoutes = new Hono<AppBindings>()
  .post('/auth/forgot-password', validate('json', forgotPasswordRequest), async (c) => {
    const tdb = tenantDb(c);
    const { email } = c.req.valid('json');
    const caller = await callerOf(c);
    const refused = await reserveAttempt(tdb.db, [{ key: throttleKeys.reset(tdb.tenantId, caller), policy: THROTTLES.reset }], 'password reset requests');
    if (refused) return tooMany(c, refused);
    const user = await tdb.db
      .select({ _id: users._id, firstname: users.firstname, role: users.role })
      .from(users)
      .where(tdb.where(users, eq(users.email, email), isNull(users.deletedAt)))
      .get();
    // The answer is the same whether or not the address has an account, so it cannot be used to find accounts.
    if (!user || user.role === 'GUEST') return c.json({ message: FORGOT_PASSWORD_MESSAGE });

    const recent = await tdb.db
      .select({ n: count() })
      .from(passwordResets)
      .where(tdb.where(passwordResets, eq(passwordResets.userId, user._id), gt(passwordResets.createdAt, new Date(Date.now() - 60 * 60 * 1000))))
      .get();
    if ((recent?.n ?? 0) >= RESET_MAILS.perAccount) return c.json({ message: FORGOT_PASSWORD_MESSAGE });
    // Per address too, so a stranger asking for someone's resets uses up only their own share, not the owner's.
    const capped = await reserveAttempt(tdb.db, [{ key: throttleKeys.resetMail(tdb.tenantId, email, caller), policy: RESET_MAIL_CAP }], 'reset mails');
    if (capped) return c.json({ message: FORGOT_PASSWORD_MESSAGE });

    const token = await issueResetToken(tdb, user._id, RESET_TOKEN_MINUTES);
    const url = new URL(c.req.url);
    const link = `${url.origin}/learning-portal/reset-password?${new URLSearchParams({ email, token })}`;
    const mail = resetPasswordMail({
      to: email,
      code: token,
      firstname: user.firstname,
      productName: c.get('tenant').name,
      link,
      minutes: RESET_TOKEN_MINUTES,
    });
    await sendEmail({ db: tdb.db, env: c.env, tenantId: tdb.tenantId, waitUntil: (p) => c.executionCtx.waitUntil(p) }, mail);
    return c.json({ message: FORGOT_PASSWORD_MESSAGE });
  })
  .post('/auth/reset-password', validate('json', resetPasswordRequest), async (c) => {
    const tdb = tenantDb(c);
    const { email, token, password } = c.req.valid('json');
    const user = await tdb.db
      .select({ _id: users._id })
      .from(users)
      .where(tdb.where(users, eq(users.email, email), isNull(users.deletedAt)))
      .get();
    if (!user) throw fieldError('token', RESET_TOKEN_INVALID);

    await resetPassword(tdb, user._id, token, password);
    await clearAccountAttempts(tdb, email);
    return c.json({ message: 'Your password has been reset. Sign in with your new password.' });
  })
  .post('/auth/change-password', requireAuth, requireAccount, refuseWhileImpersonating, validate('json', changePasswordRequest), async (c) => {
    const warning = {
      env: c.env,
      origin: new URL(c.req.url).origin,
      productName: c.get('tenant').name,
      waitUntil: c.executionCtx.waitUntil.bind(c.executionCtx),
    };
    const input = { body: c.req.valid('json'), caller: await callerOf(c), warning };
    const refused = await changePassword(tenantDb(c), authOf(c), input);
    return refused ? tooMany(c, refused) : c.json({ message: PASSWORD_CHANGED });
  });
