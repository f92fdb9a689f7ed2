import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const courseTutorRoutes = new Hono<AppBindings>();
