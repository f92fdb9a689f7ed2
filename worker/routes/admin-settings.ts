import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const adminSettingRoutes = new Hono<AppBindings>();
