import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { ApiError } from '../../platform/errors';
import type { AppBindings } from '../env';
import { requireAuth } from './auth';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The spec's token call is form-encoded (spec 1, section 7); nothing else takes a form. */
const FORM_PATHS = new Set(['/api/oauth/token']);

function mediaType(header: string | undefined) {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * State-changing calls must come from this site's own pages: an `Origin` other than the request's own is refused
 * (403), and a body must be JSON (or a multipart upload, or the token endpoint's form), which a plain cross-site
 * HTML form cannot send without the browser first asking permission (415 otherwise).
 */
export const sameOriginMiddleware = createMiddleware<AppBindings>(async (c, next) => {
  if (!STATE_CHANGING.has(c.req.method)) return next();
  const url = new URL(c.req.url);
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== url.origin) {
    throw new ApiError(403, 'Requests from other sites are not allowed');
  }
  const type = mediaType(c.req.header('content-type'));
  const hasBody = type !== '' || Number(c.req.header('content-length') ?? '0') > 0 || c.req.header('transfer-encoding') !== undefined;
  if (!hasBody) return next();
  const allowed =
    type === 'application/json' || type === 'multipart/form-data' || (type === 'application/x-www-form-urlencoded' && FORM_PATHS.has(url.pathname));
  // A signed-out call to a route that needs a session hears that first (401), as it would with any body.
  const signedOutFromAuthRoute = !c.req.header('authorization') && matchedRoutes(c).some((route) => route.handler === requireAuth);
  if (!allowed && signedOutFromAuthRoute) throw new ApiError(401, 'Sign in to continue');
  if (!allowed) {
    const expected = FORM_PATHS.has(url.pathname) ? 'application/x-www-form-urlencoded' : 'application/json';
    return c.json({ message: `Send the body as ${expected}`, errors: [{ path: 'content-type', message: `must be ${expected}` }] }, 415);
  }
  return next();
});
