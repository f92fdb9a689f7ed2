import { app } from './app';
import type { Env } from './env';
import { runScheduledJobs } from './lib/jobs/scheduled';
import { isApi, withSecurityHeaders } from './security-headers';
import { serveSpa } from './spa';

export { ChatRoom } from '../durable-objects/chat-room';
export { DocRoom } from '../durable-objects/doc-room';
export { UserInbox } from '../durable-objects/user-inbox';
export { WaitingRoom } from '../durable-objects/waiting-room';

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const answer = await Promise.resolve(isApi(url.pathname) ? app.fetch(request, env, ctx) : serveSpa(request, env)).catch((error: unknown) => {
      // The API answers its own errors; this is the shell failing (its tenant lookup), which still gets the headers.
      console.error(error);
      return new Response('Something went wrong on our side. Please try again.', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    });
    return withSecurityHeaders(url, answer);
  },
  // Awaited, not left to waitUntil: `wrangler dev --test-scheduled` answers /__scheduled when the run is done.
  async scheduled(controller, env) {
    await runScheduledJobs(env, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;
