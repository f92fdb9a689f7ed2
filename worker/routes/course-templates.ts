import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const courseTemplateRoutes = new Hono<AppBindings>();
