import type { Context } from 'hono';
import type { AppBindings } from '../../env';
import { tenantDb } from '../tenant-db';
import type { NotifyContext } from './send';

/** A notice sent from a request: the tenant's own origin and name, delivered after the answer. */
export function notifyContext(c: Context<AppBindings>): NotifyContext {
  return {
    env: c.env,
    tdb: tenantDb(c),
    origin: new URL(c.req.url).origin,
    productName: c.get('tenant').name,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  };
}

/** Runs the telling after the answer, so a slow mail provider never holds up the person who made the change. */
export const afterAnswer = (c: Context<AppBindings>, telling: Promise<unknown>) =>
  c.executionCtx.waitUntil(telling.catch((error: unknown) => console.error('notify: failed', error)));
