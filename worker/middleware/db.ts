import { createMiddleware } from 'hono/factory';
import type { AppBindings } from '../env';
import { databaseFor } from '../../platform/database';

export const dbMiddleware = createMiddleware<AppBindings>(async (c, next) => {
  c.set('db', databaseFor(c.env.DB));
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  await next();
});
