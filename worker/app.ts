import { Hono } from 'hono';
import type { AppBindings } from './env';
import { dbMiddleware } from './middleware/db';
import { notFound, onError } from './middleware/errors';
import { tenantMiddleware } from './middleware/tenant';
import { authRoutes } from './routes/auth';
import { curriculumRoutes } from './routes/curricula';
import { healthRoutes } from './routes/health';
import { metaTagRoutes } from './routes/meta-tags';
import { realtimeRoutes } from './routes/realtime';
import { tenantRoutes } from './routes/tenant';
import { userRoutes } from './routes/user';

const app = new Hono<AppBindings>()
  .basePath('/api')
  .use(dbMiddleware)
  .route('/', healthRoutes)
  .use(tenantMiddleware)
  .route('/', realtimeRoutes)
  .route('/', tenantRoutes)
  .route('/', authRoutes)
  .route('/', userRoutes)
  .route('/', metaTagRoutes)
  .route('/', curriculumRoutes);

app.onError(onError);
app.notFound(notFound);

export type AppType = typeof app;
export { app };
