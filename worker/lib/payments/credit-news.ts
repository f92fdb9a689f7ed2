import { eq, inArray, or } from 'drizzle-orm';
import { inboxObject } from '../../../schema/contracts/chat';
import { chatPresence } from '../../../schema/tables';
import type { Env } from '../../env';
import { compiled, runBatch } from '../compiled';
import { linkedParentsQuery } from '../family-links';
import type { TenantDb } from '../tenant-db';

/**
 * Tells the student's and their parents' open tabs (through each one's inbox object) that the student's balance
 * changed, so the header and Billing read it again. Only those whose inbox marks them online are told: nobody offline
 * has an inbox object woken for nothing. Best effort: the change is already written, and a tab that misses the news
 * reads the balance on its next load.
 */
export async function tellCreditsChanged(env: Env, tdb: TenantDb, studentId: string) {
  const [online] = await runBatch(tdb.db, [onlineFamilyQuery(tdb, studentId)]);
  await tellFamily(
    env,
    tdb.tenantId,
    studentId,
    online.map((row) => row.userId),
  );
}

/**
 * Who of the student and their parents has a tab open now, for a caller that reads it inside its own batch (the
 * webhook); compiled, since every paying event reads it.
 */
const onlineFamily = compiled(['studentId', 'online'], (tdb, p) =>
  tdb.db
    .select({ userId: chatPresence.userId })
    .from(chatPresence)
    .where(
      tdb.where(
        chatPresence,
        eq(chatPresence.isOnline, p.online),
        or(eq(chatPresence.userId, p.studentId), inArray(chatPresence.userId, linkedParentsQuery(tdb, p.studentId))),
      ),
    ),
);
export const onlineFamilyQuery = (tdb: TenantDb, studentId: string) => onlineFamily(tdb, { studentId, online: 1 });

/** `tellCreditsChanged` to the people the caller read with `onlineFamilyQuery`. */
export async function tellFamily(env: Env, tenantId: string, studentId: string, people: string[]) {
  const results = await Promise.allSettled(
    people.map((userId) => env.USER_INBOX.get(env.USER_INBOX.idFromName(inboxObject(tenantId, userId))).creditsChanged(studentId)),
  );
  for (const result of results) if (result.status === 'rejected') console.error('credits: inbox news failed', result.reason);
}
