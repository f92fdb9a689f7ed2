import { app } from './app';
import type { Env } from './env';
import { runScheduledJobs } from './lib/jobs/scheduled';
import { serveSpa } from './spa';

export { ChatRoom } from '../durable-objects/chat-room';
export { DocRoom } from '../durable-objects/doc-room';
export { UserInbox } from '../durable-objects/user-inbox';
export { WaitingRoom } from '../durable-objects/waiting-room';

export default {
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return app.fetch(request, env, ctx);
    return serveSpa(request, env);
  },
  // Awaited, not left to waitUntil: `wrangler dev --test-scheduled` answers /__scheduled when the run is done.
  async scheduled(controller, env) {
    await runScheduledJobs(env, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;
