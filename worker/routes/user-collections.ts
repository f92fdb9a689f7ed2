import { Hono } from 'hono';
import type { AppBindings } from '../env';

export const userCollectionRoutes = new Hono<AppBindings>();
