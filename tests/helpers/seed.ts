import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { seed } from '../../schema/seed';
import * as tables from '../../schema/tables';

/** D1 storage is isolated per test file, so each file seeds once in beforeAll. */

export const db = drizzle(env.DB, { schema: tables });

export const PARTNER_HOST = 'partner.localhost';

export const seedDemo = () => seed(db);
