import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const resourceRoutes = new Hono<AppBindings>();
