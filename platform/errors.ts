import { HTTPException } from 'hono/http-exception';
import { fieldSentence } from '../schema/contracts/messages';

export interface FieldError {
  path: string;
  message: string;
}

/**
 * A 4xx with the uniform `{message, errors}` body. It lives in the platform layer because the Worker's rules and the
 * Durable Objects both refuse with it; HTTPException is plain Hono, so nothing here depends on a route.
 */
export class ApiError extends HTTPException {
  constructor(
    status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(status, { message });
  }
}

/** The message is a sentence using the field's label; `errors[].path` still names the field for forms. */
export const fieldError = (path: string, message: string) => new ApiError(400, fieldSentence(path, message), [{ path, message }]);
