import { and, eq, sql } from 'drizzle-orm';
import { teamThreads } from '../../schema/tables';
import type { Db } from '../env';

/** The users' messages still waiting for the team's reply, across the tenant's open threads: the team's badge. */
export async function teamWaiting(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .select({ n: sql<number>`coalesce(sum(${teamThreads.waiting}), 0)` })
    .from(teamThreads)
    .where(and(eq(teamThreads.tenantId, tenantId), eq(teamThreads.status, 'OPEN')))
    .get();
  return row?.n ?? 0;
}
