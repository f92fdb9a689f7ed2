import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const docRoutes = new Hono<AppBindings>();
