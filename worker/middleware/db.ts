import { createMiddleware } from 'hono/factory';
import { databaseFor } from '../../platform/database';
import type { AppBindings } from '../env';

export const dbMiddleware = createMiddleware<AppBindings>(async (c, next) => {
  c.set('db', databaseFor(c.env.DB));
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  await next();
});
