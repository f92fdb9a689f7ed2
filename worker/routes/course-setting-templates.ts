import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const courseSettingTemplateRoutes = new Hono<AppBindings>();
