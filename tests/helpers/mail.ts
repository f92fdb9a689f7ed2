import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '../../worker/app';
import type { Env } from '../../worker/env';

/** A mail to a fresh address, so each test finds its own rows in the shared outbox. */
export const mail = (to = `mail.${crypto.randomUUID().slice(0, 8)}@example.com`) => ({ to, subject: 'Hello', text: 'Plain body', html: '<p>Body</p>' });

/** Calls the app with another configuration, letting background work (waitUntil) finish before returning. */
export async function callWith(config: Env, path: string, init: RequestInit = {}, host = 'localhost') {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://${host}/api${path}`, init), config, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
