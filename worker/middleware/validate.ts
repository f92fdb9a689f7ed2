import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { output, ZodType } from 'zod';
import type { $ZodError } from 'zod/v4/core';
import { ApiError } from '../../platform/errors';
import { fieldSentence } from '../../schema/contracts/messages';

/** A problem with the body as a whole (not one field) is reported at `body`, as malformed JSON is. */
const wholeTargetPath = (target: keyof ValidationTargets) => (target === 'json' || target === 'form' ? 'body' : target);

function invalid(target: keyof ValidationTargets, error: $ZodError) {
  const errors = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || wholeTargetPath(target),
    message: issue.message,
  }));
  const first = errors[0];
  return new ApiError(400, first ? fieldSentence(first.path, first.message) : 'Some of what was sent is not valid.', errors);
}

/**
 * What each `validate` middleware checks, found from the handler the router lists, so tests/api/bad-input.test.ts
 * generates bad input for every route from the route's own contract rather than from a copy of it.
 */
const validating = new WeakMap<object, { target: keyof ValidationTargets; schema: ZodType }>();
export const validatedBy = (handler: object) => validating.get(handler);
/** As `validatedBy`, for the routes that gate on the record before parsing: known once a request has reached the parse. */
const parsing = new Map<string, ZodType>();
export const parsedBy = (route: string) => parsing.get(route);

/**
 * The one validation hook: every bad field becomes a 400 naming it, before any handler runs,
 * so nothing is written for a bad request. Mount it after the route's gate (requireAuth, requireRole,
 * requirePermission, …): a caller who may not use the route learns nothing about its input.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) => {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) throw invalid(target, result.error);
  });
  validating.set(middleware, { target, schema });
  return middleware;
};

/**
 * For routes whose gate needs the record itself (the tutor of this course, the owner of this answer): the handler
 * gates first, then parses the body with the same 400s as `validate`.
 */
export async function parseJson<T extends ZodType>(c: Context, schema: T): Promise<output<T>> {
  parsing.set(`${c.req.method} ${c.req.routePath}`, schema);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, fieldSentence('body', 'is not valid JSON'), [{ path: 'body', message: 'is not valid JSON' }]);
  }
  const result = await schema.safeParseAsync(body);
  if (!result.success) throw invalid('json', result.error);
  return result.data;
}

/** As parseJson, for the query string. */
export async function parseQuery<T extends ZodType>(c: Context, schema: T): Promise<output<T>> {
  const result = await schema.safeParseAsync(c.req.query());
  if (!result.success) throw invalid('query', result.error);
  return result.data;
}
