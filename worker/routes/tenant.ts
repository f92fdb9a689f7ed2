import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { tenantAnswer } from '../lib/branding/tenant-answer';

export const tenantRoutes = new Hono<AppBindings>().get('/tenant', (c) => c.json(tenantAnswer(c.get('tenant'), c.env)));
