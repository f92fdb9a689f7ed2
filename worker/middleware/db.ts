import { drizzle } from 'drizzle-orm/d1';
import { createMiddleware } from 'hono/factory';
import * as tables from '../../schema/tables';
import type { AppBindings } from '../env';

export const dbMiddleware = createMiddleware<AppBindings>(async (c, next) => {
  c.set('db', drizzle(c.env.DB, { schema: tables }));
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  await next();
});
