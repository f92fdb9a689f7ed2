import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const passwordRoutes = new Hono<AppBindings>();
