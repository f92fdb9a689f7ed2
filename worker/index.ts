import { app } from './app';
import type { Env } from './env';
import { serveSpa } from './spa';

export { DocRoom } from '../durable-objects/doc-room';
export { WaitingRoom } from '../durable-objects/waiting-room';

export default {
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return app.fetch(request, env, ctx);
    return serveSpa(request, env);
  },
} satisfies ExportedHandler<Env>;
