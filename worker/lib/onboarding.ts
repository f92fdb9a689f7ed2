import { count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../platform/errors';
import type { OnboardingStatus, onboardingInput } from '../../schema/contracts/profile';
import { type User, userExperiences, userSubjects, users } from '../../schema/tables';
import type { Actor } from '../env';
import type { TenantDb } from './tenant-db';
import { assertInCatalogue } from './user-collections';

/** Only learners and tutors have something to fill in; parents and admins start ready. */
export const ONBOARDING_ROLES: User['role'][] = ['STUDENT', 'TUTOR'];

export async function actingUser(tdb: TenantDb, id: string) {
  const user = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users._id, id), isNull(users.deletedAt)))
    .get();
  if (!user) throw new ApiError(404, 'User not found');
  return user;
}

export async function missingFields(tdb: TenantDb, user: User): Promise<OnboardingStatus['missing']> {
  const counted = async (table: typeof userSubjects | typeof userExperiences) =>
    (
      await tdb.db
        .select({ n: count() })
        .from(table)
        .where(tdb.where(table, eq(table.userId, user._id)))
        .get()
    )?.n ?? 0;
  const missing: OnboardingStatus['missing'] = [];
  if (user.role === 'STUDENT') {
    if (!user.curriculum) missing.push('curriculum');
    if (!user.grade) missing.push('grade');
  }
  if ((await counted(userSubjects)) === 0) missing.push('subjects');
  if (user.role === 'TUTOR') {
    if (!user.bio) missing.push('bio');
    if ((await counted(userExperiences)) === 0) missing.push('experience');
  }
  return missing;
}

/** The gate of POST /onboarding, before the body is read: only students and tutors have onboarding. */
export async function userToOnboard(tdb: TenantDb, actor: Actor) {
  const user = await actingUser(tdb, actor.actingUserId);
  if (!ONBOARDING_ROLES.includes(user.role)) throw new ApiError(403, 'Only students and tutors have onboarding');
  return user;
}

/** Saves the answers and marks the user onboarded, once. */
export async function completeOnboarding(tdb: TenantDb, user: User, input: z.output<typeof onboardingInput>) {
  if (user.onboarded) throw new ApiError(409, 'Onboarding is already complete');
  if (input.role !== user.role) throw fieldError('role', `must be ${user.role}`);
  const choices = input.role === 'STUDENT' ? input.subjects.map((subject) => ({ curriculum: input.curriculum, subject, grade: input.grade })) : input.subjects;
  for (const choice of choices) await assertInCatalogue(tdb, choice);

  const profile =
    input.role === 'STUDENT' ? { curriculum: input.curriculum, grade: input.grade, timezone: input.timezone } : { bio: input.bio, timezone: input.timezone };
  // The guard on `onboarded` answers a racing second submission with 409 instead of onboarding twice.
  const [updated] = await tdb.db.batch([
    tdb.db
      .update(users)
      .set({ ...profile, onboarded: true })
      .where(tdb.where(users, eq(users._id, user._id), eq(users.onboarded, false)))
      .returning({ _id: users._id }),
    ...choices.map((choice) =>
      tdb.db
        .insert(userSubjects)
        .values(tdb.values(userSubjects, { ...choice, userId: user._id }))
        .onConflictDoNothing(),
    ),
    ...(input.role === 'TUTOR' ? [tdb.db.insert(userExperiences).values(tdb.values(userExperiences, { ...input.experience, userId: user._id }))] : []),
  ]);
  if (updated.length === 0) throw new ApiError(409, 'Onboarding is already complete');
}
