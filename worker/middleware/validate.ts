import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { ApiError } from './errors';

/** A problem with the body as a whole (not one field) is reported at `body`, as malformed JSON is. */
const wholeTargetPath = (target: keyof ValidationTargets) => (target === 'json' || target === 'form' ? 'body' : target);

/**
 * The one validation hook: every bad field becomes a 400 naming it, before any handler runs,
 * so nothing is written for a bad request.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const errors = result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.') || wholeTargetPath(target),
        message: issue.message,
      }));
      const first = errors[0];
      throw new ApiError(400, first ? `${first.path}: ${first.message}` : 'Invalid request', errors);
    }
  });
