import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  changePasswordRequest,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordRequest,
  RESET_TOKEN_INVALID,
  resetPasswordRequest,
} from '../../schema/contracts/passwords';
import { passwordResets, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { sendEmail } from '../../platform/email/outbox';
import { resetPasswordMail } from '../../platform/email/templates';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { clearAccountAttempts, reserveSignInAttempt, signInKeys, signInSucceeded } from '../lib/rate-limit';
import { newResetToken, sha256Hex } from '../lib/reset-tokens';
import { revokeSessions } from '../lib/sessions';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError, fieldError } from '../../platform/errors';
import { refuseWhileImpersonating, requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

export const RESET_TOKEN_MINUTES = 60;
/** Reset mails per account per hour; more requests get the same answer but no mail, so nobody can mail-bomb. */
export const RESET_MAILS_PER_HOUR = 3;

export const passwordRoutes = new Hono<AppBindings>()
  .post('/auth/forgot-password', validate('json', forgotPasswordRequest), async (c) => {
    const tdb = tenantDb(c);
    const { email } = c.req.valid('json');
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
    if ((recent?.n ?? 0) >= RESET_MAILS_PER_HOUR) return c.json({ message: FORGOT_PASSWORD_MESSAGE });

    const token = newResetToken();
    const issuedAt = Date.now();
    await tdb.db.insert(passwordResets).values(
      tdb.values(passwordResets, {
        userId: user._id,
        tokenHash: await sha256Hex(token),
        createdAt: new Date(issuedAt),
        expiresAt: new Date(issuedAt + RESET_TOKEN_MINUTES * 60 * 1000),
      }),
    );
    const url = new URL(c.req.url);
    const link = `${url.origin}/learning-portal/reset-password?${new URLSearchParams({ email, token })}`;
    const mail = resetPasswordMail({ to: email, code: token, firstname: user.firstname, productName: c.get('tenant').name, link, minutes: RESET_TOKEN_MINUTES });
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

    const passwordHash = await hashPassword(password);
    const now = new Date();
    // Consuming the token is one conditional UPDATE, so two uses of the same link cannot both succeed.
    const consumed = await tdb.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        tdb.where(
          passwordResets,
          eq(passwordResets.tokenHash, await sha256Hex(token)),
          eq(passwordResets.userId, user._id),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ _id: passwordResets._id })
      .get();
    if (!consumed) throw fieldError('token', RESET_TOKEN_INVALID);

    await tdb.db.batch([
      tdb.db.update(users).set({ passwordHash, mustChangePassword: false }).where(tdb.where(users, eq(users._id, user._id))),
      // Other links sent before this one must not reopen the account.
      tdb.db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(tdb.where(passwordResets, eq(passwordResets.userId, user._id), isNull(passwordResets.usedAt))),
      revokeSessions(tdb, user._id),
    ]);
    await clearAccountAttempts(tdb.db, tdb.tenantId, email);
    return c.json({ message: 'Your password has been reset. Sign in with your new password.' });
  })
  .post('/auth/change-password', requireAuth, requireAccount, refuseWhileImpersonating, validate('json', changePasswordRequest), async (c) => {
    const tdb = tenantDb(c);
    const auth = authOf(c);
    const { currentPassword, newPassword } = c.req.valid('json');
    // The signed-in person's own password, even while a parent acts for a student.
    const user = await tdb.db
      .select({ _id: users._id, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(tdb.where(users, eq(users._id, auth.userId), isNull(users.deletedAt)))
      .get();
    if (!user?.email || !user.passwordHash) throw new ApiError(403, 'This account has no password to change');

    // Guessing the current password through this call counts against the same limit as signing in.
    const keys = signInKeys(c, user.email);
    const refusal = await reserveSignInAttempt(tdb.db, keys);
    if (refusal) {
      c.header('Retry-After', String(refusal.retryAfter));
      return c.json({ message: refusal.message, retryAfter: refusal.retryAfter, errors: [] }, 429);
    }
    if (!(await verifyPassword(currentPassword, user.passwordHash))) throw fieldError('currentPassword', 'Your current password is not correct');
    await signInSucceeded(tdb.db, keys);

    await tdb.db.batch([
      tdb.db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), mustChangePassword: false })
        .where(tdb.where(users, eq(users._id, user._id))),
      revokeSessions(tdb, user._id, auth.sessionId),
    ]);
    return c.json({ message: 'Your password has been changed. Other devices have been signed out.' });
  });
