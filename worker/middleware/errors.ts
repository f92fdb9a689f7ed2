import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from '../../platform/errors';
import { fieldSentence } from '../../schema/contracts/messages';
import type { AppBindings } from '../env';

/** The columns a D1 UNIQUE failure names (`users.tenant_id, users.email`), found on the error or the errors it wraps. */
function uniqueViolationColumns(err: unknown): string[] | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    const match = /UNIQUE constraint failed: ([\w., ]+?)(?::|$)/.exec(e.message);
    if (match) return match[1]!.split(',').map((column) => column.trim().split('.').pop()!);
  }
  return null;
}

const camel = (column: string) => column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * Two writers racing past the same "is it taken?" check: the constraint refuses the second, which is a conflict the
 * caller can act on, not a fault of ours. The tenant column is part of every key and says nothing to the caller.
 */
function uniqueConflict(columns: string[]) {
  const fields = columns.filter((column) => column !== 'tenant_id').map(camel);
  const errors = fields.map((path) => ({ path, message: 'is already in use' }));
  const message = fields.length ? fields.map((field) => fieldSentence(field, 'is already in use')).join(' ') : 'This was saved by someone else a moment ago';
  return new ApiError(409, message, errors);
}

/** Rules that still word a refusal as "field: problem" reach a person as the same sentence fieldError makes. */
function personMessage(err: ApiError) {
  const first = err.errors[0];
  return first && (err.status === 400 || err.status === 409) && err.message === `${first.path}: ${first.message}`
    ? fieldSentence(first.path, first.message)
    : err.message;
}

export function onError(error: Error, c: Context<AppBindings>) {
  const columns = error instanceof ApiError || error instanceof HTTPException ? null : uniqueViolationColumns(error);
  const err = columns ? uniqueConflict(columns) : error;
  if (err instanceof ApiError) {
    return c.json({ message: personMessage(err), errors: err.errors }, err.status);
  }
  if (err instanceof HTTPException) {
    if (err.res) return err.getResponse();
    // Hono's validators throw a bare 400 when the body itself cannot be parsed (malformed JSON or form data).
    if (err.status === 400) {
      return c.json(
        { message: fieldSentence('body', 'is not valid JSON or form data'), errors: [{ path: 'body', message: 'is not valid JSON or form data' }] },
        400,
      );
    }
    return c.json({ message: err.message || 'Request failed', errors: [] }, err.status);
  }
  const requestId = c.get('requestId') ?? crypto.randomUUID();
  console.error(`[${requestId}]`, err);
  return c.json({ message: 'Something went wrong on our side. Please try again.', requestId }, 500);
}

export function notFound(c: Context<AppBindings>) {
  return c.json({ message: `No route for ${c.req.method} ${new URL(c.req.url).pathname}`, errors: [] }, 404);
}
