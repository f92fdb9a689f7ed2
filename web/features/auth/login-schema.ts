import { z } from 'zod';
import { emailAddress } from '../../../schema/contracts/auth';

/** The login form: the spec's email rule shared with the API, and any non-empty password. */
export const loginForm = z.object({
  email: emailAddress,
  password: z.string().min(1, 'Enter your password'),
});
export type LoginForm = z.infer<typeof loginForm>;
