import { eq } from 'drizzle-orm';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { users } from '../../schema/tables';
import { signIn } from './auth';
import { db } from './seed';

/** A second tutor of the main tenant, for "another tutor" checks and slot tests that must not see Theo's lessons. */
export const OTHER_TUTOR = { _id: 'user_tutor_olivia', email: 'olivia@studyhall.test' } as const;

export async function seedOtherTutor(timezone = 'Europe/London') {
  const source = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users._id, DEMO_USERS.admin._id)).get();
  await db
    .insert(users)
    .values({
      ...OTHER_TUTOR,
      tenantId: TENANT_IDS.studyhall,
      role: 'TUTOR',
      firstname: 'Olivia',
      lastname: 'Tutor',
      timezone,
      passwordHash: source!.passwordHash,
      onboarded: true,
    })
    .onConflictDoNothing();
  return signIn(OTHER_TUTOR.email);
}

export const weekdays = (start: string, end: string) => Object.fromEntries(['1', '2', '3', '4', '5'].map((d) => [d, [{ start, end }]]));
export const everyDay = (start: string, end: string) => Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ start, end }]]));
