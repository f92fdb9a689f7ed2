import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const profileRoutes = new Hono<AppBindings>();
