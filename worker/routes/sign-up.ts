import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const signUpRoutes = new Hono<AppBindings>();
