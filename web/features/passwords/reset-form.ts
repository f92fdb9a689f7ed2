import { z } from 'zod';
import { resetPasswordRequest } from '../../../schema/contracts/passwords';

/** The reset form: the API's fields, plus the new password typed twice so a typo cannot lock the person out. */
export const resetPasswordForm = resetPasswordRequest
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match' });
