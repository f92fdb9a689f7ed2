import type { Context } from 'hono';
import type { AppBindings } from '../env';
import { lessonAccess } from '../lib/lesson-access';
import { tenantDb } from '../lib/tenant-db';
import { authOf } from './auth';

/** The lesson and the caller's place in it, for routes: the rule itself is lessonAccess in lib. */
export const lessonOf = (c: Context<AppBindings>, sectionId: string) => lessonAccess(tenantDb(c), c.get('tenant').permissions, authOf(c), sectionId);
