import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const onboardingRoutes = new Hono<AppBindings>();
