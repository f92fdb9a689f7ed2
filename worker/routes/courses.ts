import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const courseRoutes = new Hono<AppBindings>();
