import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const meetingRoutes = new Hono<AppBindings>();
