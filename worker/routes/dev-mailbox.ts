import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const devMailboxRoutes = new Hono<AppBindings>();
