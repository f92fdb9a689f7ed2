import { z } from 'zod';
import { emailAddress, newPassword } from './auth';

/** POST /api/auth/forgot-password, and the forgot-password form. */
export const forgotPasswordRequest = z.object({ email: emailAddress });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

/** The token as it travels in the reset link: 32 random bytes, base64url. */
export const resetToken = z
  .string({ error: 'Paste the code from the e-mail' })
  .trim()
  .min(1, 'Paste the code from the e-mail')
  .max(200, 'This reset link is not valid. Ask for a new one.');

/** POST /api/auth/reset-password, and the reset form. */
export const resetPasswordRequest = z.object({ email: emailAddress, token: resetToken, password: newPassword });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** POST /api/auth/change-password. */
export const changePasswordRequest = z
  .object({ currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(200), newPassword })
  .refine((body) => body.currentPassword !== body.newPassword, { path: ['newPassword'], message: 'Choose a password different from the current one' });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;
/** The answer of change-password, and the profile's toast. */
export const PASSWORD_CHANGED = 'Password changed. You have been signed out everywhere else.';

/** The one answer of forgot-password, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this email, we have sent a link to reset the password.';
export const forgotPasswordResponse = z.object({ message: z.literal(FORGOT_PASSWORD_MESSAGE) });

export const RESET_TOKEN_INVALID = 'This reset link is invalid or has expired. Ask for a new one.';
