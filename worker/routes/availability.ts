import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError, fieldError } from '../../platform/errors';
import {
  type AvailabilityState,
  availabilityInput,
  freeDaysQuery,
  slotsQuery,
  TRIAL_MINUTES,
  trialSlotsInput,
  tutorSlotsInput,
  type UserAvailability,
} from '../../schema/contracts/availability';
import type { AppBindings } from '../env';
import { adminMay, editableTutor, saveAvailability } from '../lib/availability/edit';
import { freeDaysFor, slotsFor, trialTutors } from '../lib/availability/slot-options';
import { effectiveRules, itemsOf, tenantUser, timeOffOf } from '../lib/availability/store';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

const userIdParam = z.object({ userId: z.string().min(1).max(64) });
const notFound = () => new ApiError(404, 'User not found');
const tutorNotFound = () => new ApiError(404, 'Tutor not found');

const isAdminWith = (c: Context<AppBindings>, action: 'view' | 'edit') => adminMay(tenantDb(c), authOf(c), c.get('tenant').permissions, action);

async function availabilityOf(
  tdb: TenantDb,
  user: { _id: string; timezone: string; availabilityState: string | null },
  full: boolean,
): Promise<UserAvailability> {
  const [items, off, rules] = await Promise.all([itemsOf(tdb, [user._id]), timeOffOf(tdb, [user._id]), effectiveRules(tdb, [user._id])]);
  return {
    userId: user._id,
    timezone: user.timezone,
    items: items.map(({ userId: _owner, ...item }) => item),
    timeOff: off.map(({ userId: _owner, ...t }) => (full ? t : { start: t.start, end: t.end })),
    bookingRules: rules.get(user._id)!,
    availabilityState: user.availabilityState as AvailabilityState | null,
  };
}

const viewerTimezone = async (c: Context<AppBindings>, given: string | undefined) =>
  given ?? (await tenantUser(tenantDb(c), authOf(c).actingUserId))?.timezone ?? 'UTC';

async function tutorOrNotFound(tdb: TenantDb, userId: string) {
  const tutor = await tenantUser(tdb, userId);
  if (!tutor || tutor.role !== 'TUTOR') throw tutorNotFound();
  return tutor;
}

export const availabilityRoutes = new Hono<AppBindings>()
  .get('/user-availability/slots/:userId', requireAuth, requireAccount, validate('param', userIdParam), validate('query', slotsQuery), async (c) => {
    const tdb = tenantDb(c);
    const tutor = await tutorOrNotFound(tdb, c.req.valid('param').userId);
    const query = c.req.valid('query');
    return c.json(await slotsFor(tdb, [tutor], query.date, await viewerTimezone(c, query.timezone), query.duration, query.sectionId));
  })
  .get('/user-availability/free-days/:userId', requireAuth, requireAccount, validate('param', userIdParam), validate('query', freeDaysQuery), async (c) => {
    const tdb = tenantDb(c);
    const tutor = await tutorOrNotFound(tdb, c.req.valid('param').userId);
    const { timezone, ...query } = c.req.valid('query');
    return c.json(await freeDaysFor(tdb, tutor, { ...query, timezone: await viewerTimezone(c, timezone) }));
  })
  .post('/user-availability/slots/tutor', requireAuth, requireAccount, validate('json', tutorSlotsInput), async (c) => {
    const tdb = tenantDb(c);
    const input = c.req.valid('json');
    const tutor = await tenantUser(tdb, input.tutorId);
    if (!tutor || tutor.role !== 'TUTOR') throw fieldError('tutorId', 'is not a tutor here');
    return c.json(await slotsFor(tdb, [tutor], input.date, await viewerTimezone(c, input.timezone), input.duration));
  })
  // Guests may call this one: booking a free trial is what a guest session is for.
  .post('/user-availability/slots/trial', requireAuth, validate('json', trialSlotsInput), async (c) => {
    const tdb = tenantDb(c);
    const input = c.req.valid('json');
    const { tutors, rank } = await trialTutors(tdb, input);
    const slots = await slotsFor(tdb, tutors, input.date, await viewerTimezone(c, input.timezone), TRIAL_MINUTES);
    const zoneOf = new Map(tutors.map((t) => [t._id, t.timezone]));
    const sorted = slots.sort((a, b) => a.start.localeCompare(b.start) || rank(a.user) - rank(b.user) || a.user.localeCompare(b.user));
    return c.json(sorted.map((slot) => ({ ...slot, timezone: zoneOf.get(slot.user) })));
  })
  .get('/user-availability/:userId', requireAuth, requireAccount, validate('param', userIdParam), async (c) => {
    const tdb = tenantDb(c);
    const { userId } = c.req.valid('param');
    const target = await tenantUser(tdb, userId);
    if (!target) throw notFound();
    const auth = authOf(c);
    const full = auth.userId === userId || (await isAdminWith(c, 'view'));
    if (!full && target.role !== 'TUTOR') throw notFound();
    return c.json(await availabilityOf(tdb, target, full));
  })
  .put('/user-availability/:userId', requireAuth, requireAccount, validate('param', userIdParam), async (c) => {
    const tdb = tenantDb(c);
    const actor = authOf(c);
    const tutor = await editableTutor(tdb, actor, c.get('tenant').permissions, c.req.valid('param').userId);
    await saveAvailability(tdb, actor, tutor, await parseJson(c, availabilityInput));
    return c.json(await availabilityOf(tdb, (await tenantUser(tdb, tutor._id))!, true));
  });
