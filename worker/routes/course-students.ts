import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const courseStudentRoutes = new Hono<AppBindings>();
