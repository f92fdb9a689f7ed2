import { inboxObject } from '../../../schema/contracts/chat';
import type { Env } from '../../env';
import { linkedParentIds } from '../family-links';
import type { TenantDb } from '../tenant-db';

/**
 * Tells the student's and their parents' open tabs (through each one's inbox object) that the student's balance
 * changed, so the header and Billing read it again. Best effort: the change is already written, and a tab that misses
 * the news reads the balance on its next load.
 */
export async function tellCreditsChanged(env: Env, tdb: TenantDb, studentId: string) {
  await tellFamily(env, tdb.tenantId, studentId, await linkedParentIds(tdb, studentId));
}

/** `tellCreditsChanged` for a caller that already read the student's parents (the webhook, in its write batch). */
export async function tellFamily(env: Env, tenantId: string, studentId: string, parentIds: string[]) {
  const results = await Promise.allSettled(
    [studentId, ...parentIds].map((userId) => env.USER_INBOX.get(env.USER_INBOX.idFromName(inboxObject(tenantId, userId))).creditsChanged(studentId)),
  );
  for (const result of results) if (result.status === 'rejected') console.error('credits: inbox news failed', result.reason);
}
