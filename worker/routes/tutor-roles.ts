import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const tutorRoleRoutes = new Hono<AppBindings>();
