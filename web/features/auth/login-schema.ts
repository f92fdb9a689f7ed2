import { z } from 'zod';

/** The login form; the email shape check is case-insensitive (spec 1, section 5). */
export const loginForm = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/i, 'Enter a valid email address'),
  password: z.string().min(1, 'Enter your password'),
});
export type LoginForm = z.infer<typeof loginForm>;
