import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const adminUserRoutes = new Hono<AppBindings>();
