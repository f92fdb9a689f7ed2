import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from '../../platform/errors';
import type { AppBindings } from '../env';

export function onError(err: Error, c: Context<AppBindings>) {
  if (err instanceof ApiError) {
    return c.json({ message: err.message, errors: err.errors }, err.status);
  }
  if (err instanceof HTTPException) {
    if (err.res) return err.getResponse();
    const message = err.message || 'Request failed';
    // Hono's validators throw a bare 400 when the body itself cannot be parsed (malformed JSON or form data).
    const errors = err.status === 400 ? [{ path: 'body', message }] : [];
    return c.json({ message, errors }, err.status);
  }
  const requestId = c.get('requestId') ?? crypto.randomUUID();
  console.error(`[${requestId}]`, err);
  return c.json({ message: 'Something went wrong on our side. Please try again.', requestId }, 500);
}

export function notFound(c: Context<AppBindings>) {
  return c.json({ message: `No route for ${c.req.method} ${new URL(c.req.url).pathname}`, errors: [] }, 404);
}
