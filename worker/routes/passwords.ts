import { Hono } from 'hono';
import {
  changePasswordRequest,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordRequest,
  PASSWORD_CHANGED,
  resetPasswordRequest,
} from '../../schema/contracts/passwords';
import type { AppBindings } from '../env';
import { changePassword } from '../lib/accounts/change-password';
import { requestPasswordReset, resetForgottenPassword } from '../lib/accounts/password-reset';
import { mailFrom } from '../lib/mail-from';
import { callerOf, tooMany } from '../lib/rate-limit';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { refuseWhileImpersonating, requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

export const passwordRoutes = new Hono<AppBindings>()
  .post('/auth/forgot-password', validate('json', forgotPasswordRequest), async (c) => {
    const refused = await requestPasswordReset(tenantDb(c), { body: c.req.valid('json'), caller: await callerOf(c), mail: mailFrom(c) });
    // The answer is the same whether or not the address has an account, so it cannot be used to find accounts.
    return refused ? tooMany(c, refused) : c.json({ message: FORGOT_PASSWORD_MESSAGE });
  })
  .post('/auth/reset-password', validate('json', resetPasswordRequest), async (c) => {
    await resetForgottenPassword(tenantDb(c), c.req.valid('json'));
    return c.json({ message: 'Your password has been reset. Sign in with your new password.' });
  })
  .post('/auth/change-password', requireAuth, requireAccount, refuseWhileImpersonating, validate('json', changePasswordRequest), async (c) => {
    const input = { body: c.req.valid('json'), caller: await callerOf(c), warning: mailFrom(c) };
    const refused = await changePassword(tenantDb(c), authOf(c), input);
    return refused ? tooMany(c, refused) : c.json({ message: PASSWORD_CHANGED });
  });
