import { and, eq } from 'drizzle-orm';
import { notificationPreferences } from '../../schema/tables';
import type { Db } from '../env';

/** Whether the person lets chat messages reach them by push (on unless they turned it off in their settings). */
export async function wantsChatPush(db: Db, owner: { tenantId: string; userId: string }) {
  const row = await db
    .select({ preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.tenantId, owner.tenantId), eq(notificationPreferences.userId, owner.userId)))
    .get();
  return row?.preferences.chat.push ?? true;
}
