import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const penaltyWaiverRoutes = new Hono<AppBindings>();
