import type { Context } from 'hono';
import type { AppBindings, Env } from '../env';

/** What a mail sent while answering a request needs: the outbox's environment, the tenant's origin and name. */
export interface MailFrom {
  env: Env;
  /** The tenant's origin (already matched to a known tenant domain), for links in the mail. */
  origin: string;
  productName: string;
  /** Sending continues after the answer; the answer never waits on, or fails with, the mail provider. */
  waitUntil: (promise: Promise<unknown>) => void;
}

export const mailFrom = (c: Context<AppBindings>): MailFrom => ({
  env: c.env,
  origin: new URL(c.req.url).origin,
  productName: c.get('tenant').name,
  waitUntil: c.executionCtx.waitUntil.bind(c.executionCtx),
});
