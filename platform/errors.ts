import { HTTPException } from 'hono/http-exception';

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

export const fieldError = (path: string, message: string) => new ApiError(400, `${path}: ${message}`, [{ path, message }]);
