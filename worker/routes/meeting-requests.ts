import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const meetingRequestRoutes = new Hono<AppBindings>();
