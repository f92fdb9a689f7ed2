import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const lessonHistoryRoutes = new Hono<AppBindings>();
