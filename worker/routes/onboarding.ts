import { Hono } from 'hono';
import { type OnboardingStatus, onboardingInput } from '../../schema/contracts/profile';
import type { AppBindings } from '../env';
import { actingUser, completeOnboarding, missingFields, ONBOARDING_ROLES, userToOnboard } from '../lib/onboarding';
import { toUserProfile } from '../lib/public-user';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount } from '../middleware/permissions';
import { parseJson } from '../middleware/validate';

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
  .post('/onboarding', requireAuth, requireAccount, async (c) => {
    const tdb = tenantDb(c);
    const user = await userToOnboard(tdb, authOf(c));
    await completeOnboarding(tdb, user, await parseJson(c, onboardingInput));
    return c.json(await toUserProfile(tdb, await actingUser(tdb, user._id)));
  });
