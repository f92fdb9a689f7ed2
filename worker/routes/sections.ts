import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const sectionRoutes = new Hono<AppBindings>();
