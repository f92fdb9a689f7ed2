import { count, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { type OnboardingStatus, onboardingInput } from '../../schema/contracts/profile';
import { type User, userExperiences, users, userSubjects } from '../../schema/tables';
import type { AppBindings } from '../env';
import { toUserProfile } from '../lib/public-user';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError, fieldError } from '../../platform/errors';
import { requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';
import { assertInCatalogue } from './user-collections';

/** Only learners and tutors have something to fill in; parents and admins start ready. */
const ONBOARDING_ROLES: User['role'][] = ['STUDENT', 'TUTOR'];

async function actingUser(tdb: TenantDb, id: string) {
  const user = await tdb.db.select().from(users).where(tdb.where(users, eq(users._id, id), isNull(users.deletedAt))).get();
  if (!user) throw new ApiError(404, 'User not found');
  return user;
}

async function missingFields(tdb: TenantDb, user: User): Promise<OnboardingStatus['missing']> {
  const counted = async (table: typeof userSubjects | typeof userExperiences) =>
    (await tdb.db.select({ n: count() }).from(table).where(tdb.where(table, eq(table.userId, user._id))).get())?.n ?? 0;
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

/** Onboarding of the acting user (a parent may onboard a linked student); it happens once. */
export const onboardingRoutes = new Hono<AppBindings>()
  .get('/onboarding', requireAuth, requireAccount, async (c) => {
    const tdb = tenantDb(c);
    const user = await actingUser(tdb, authOf(c).actingUserId);
    const applies = ONBOARDING_ROLES.includes(user.role);
    const status: OnboardingStatus = {
      required: applies && !user.onboarded,
      onboarded: user.onboarded,
      role: user.role,
      missing: applies && !user.onboarded ? await missingFields(tdb, user) : [],
    };
    return c.json(status);
  })
  .post('/onboarding', requireAuth, requireAccount, validate('json', onboardingInput), async (c) => {
    const tdb = tenantDb(c);
    const user = await actingUser(tdb, authOf(c).actingUserId);
    if (!ONBOARDING_ROLES.includes(user.role)) throw new ApiError(403, 'Only students and tutors have onboarding');
    if (user.onboarded) throw new ApiError(409, 'Onboarding is already complete');
    const input = c.req.valid('json');
    if (input.role !== user.role) throw fieldError('role', `must be ${user.role}`);

    const choices =
      input.role === 'STUDENT'
        ? input.subjects.map((subject) => ({ curriculum: input.curriculum, subject, grade: input.grade }))
        : input.subjects;
    for (const choice of choices) await assertInCatalogue(tdb, choice);

    const profile =
      input.role === 'STUDENT'
        ? { curriculum: input.curriculum, grade: input.grade, timezone: input.timezone }
        : { bio: input.bio, timezone: input.timezone };
    // The guard on `onboarded` answers a racing second submission with 409 instead of onboarding twice.
    const [updated] = await tdb.db.batch([
      tdb.db
        .update(users)
        .set({ ...profile, onboarded: true })
        .where(tdb.where(users, eq(users._id, user._id), eq(users.onboarded, false)))
        .returning({ _id: users._id }),
      ...choices.map((choice) =>
        tdb.db.insert(userSubjects).values(tdb.values(userSubjects, { ...choice, userId: user._id })).onConflictDoNothing(),
      ),
      ...(input.role === 'TUTOR' ? [tdb.db.insert(userExperiences).values(tdb.values(userExperiences, { ...input.experience, userId: user._id }))] : []),
    ]);
    if (updated.length === 0) throw new ApiError(409, 'Onboarding is already complete');
    return c.json(await toUserProfile(tdb, await actingUser(tdb, user._id)));
  });
