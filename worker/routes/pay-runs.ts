import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const payRunRoutes = new Hono<AppBindings>();
