import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const availabilityRoutes = new Hono<AppBindings>();
