import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const roleRoutes = new Hono<AppBindings>();
