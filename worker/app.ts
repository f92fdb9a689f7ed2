import { Hono } from 'hono';
import type { AppBindings } from './env';
import { dbMiddleware } from './middleware/db';
import { notFound, onError } from './middleware/errors';
import { tenantMiddleware } from './middleware/tenant';
import { healthRoutes } from './routes/health';
import { realtimeRoutes } from './routes/realtime';

const app = new Hono<AppBindings>()
  .basePath('/api')
  .use(dbMiddleware)
  .route('/', healthRoutes)
  .use(tenantMiddleware)
  .route('/', realtimeRoutes);

app.onError(onError);
app.notFound(notFound);

export type AppType = typeof app;
export { app };
