import { Hono } from 'hono';
import type { AppBindings } from '../env';

async function probe(check: () => Promise<unknown>) {
  const started = Date.now();
  try {
    await check();
    return { status: 'ok' as const, ms: Date.now() - started };
  } catch (err) {
    return { status: 'error' as const, ms: Date.now() - started, message: err instanceof Error ? err.message : String(err) };
  }
}

export const healthRoutes = new Hono<AppBindings>().get('/health', async (c) => {
  const [d1, durableObjects, r2] = await Promise.all([
    probe(() => c.env.DB.prepare('select 1').first()),
    probe(() => c.env.WAITING_ROOM.get(c.env.WAITING_ROOM.idFromName('health')).ping()),
    probe(() => c.env.FILES.head('health-probe')),
  ]);
  const ok = [d1, durableObjects, r2].every((p) => p.status === 'ok');
  return c.json({ status: ok ? 'ok' : 'degraded', d1, durableObjects, r2 }, ok ? 200 : 503);
});
