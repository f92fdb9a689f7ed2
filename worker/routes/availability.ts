import { Hono } from 'hono';
import type { Context } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  adminOnlyAvailabilityStates,
  availabilityInput,
  type AvailabilityState,
  type SlotOption,
  slotsQuery,
  TRIAL_MINUTES,
  trialSlotsInput,
  tutorSlotsInput,
  type UserAvailability,
} from '../../schema/contracts/availability';
import { hasTenantPermission } from '../../schema/contracts/permissions';
import { tutorSortings, users, userSubjects } from '../../schema/tables';
import type { AppBindings } from '../env';
import { freeSlots } from '../lib/availability/slots';
import { effectiveRules, itemsOf, replaceAvailability, slotSources, tenantUser, timeOffOf } from '../lib/availability/store';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError, fieldError } from '../middleware/errors';
import { adminPermissions, requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const userIdParam = z.object({ userId: z.string().min(1).max(64) });
const DAY = 24 * 60 * 60_000;
const notFound = () => new ApiError(404, 'User not found');
const tutorNotFound = () => new ApiError(404, 'Tutor not found');

async function isAdminWith(c: Context<AppBindings>, action: 'view' | 'edit') {
  const auth = authOf(c);
  if (auth.role !== 'ADMIN') return false;
  const tdb = tenantDb(c);
  return hasTenantPermission(await adminPermissions(tdb.db, tdb.tenantId, auth.userId), c.get('tenant').permissions, { adminUsers: [action] });
}

async function availabilityOf(tdb: TenantDb, user: { _id: string; timezone: string; availabilityState: string | null }, full: boolean): Promise<UserAvailability> {
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

/** Free starts of each tutor on `date` in `timezone`, as slot options; everything a tutor is busy with is read in one window. */
async function slotsFor(tdb: TenantDb, tutors: { _id: string; timezone: string }[], date: string, timezone: string, duration: number, exceptSectionId?: string) {
  if (!tutors.length) return [];
  const ids = tutors.map((t) => t._id);
  // Two days either side covers any zone offset, the longest lesson plus buffer, and the daily cap's local day.
  const anchor = Date.parse(`${date}T00:00:00Z`);
  const window = { start: anchor - 2 * DAY, end: anchor + 3 * DAY };
  const { items, timeOff: off, rules, lessons } = await slotSources(tdb, ids, window, exceptSectionId);
  const now = Date.now();
  const perTutor = tutors.map((tutor) => {
    const starts = freeSlots({
      items: items.filter((i) => i.userId === tutor._id),
      lessons: lessons.get(tutor._id) ?? [],
      timeOff: off.filter((t) => t.userId === tutor._id).map((t) => ({ start: Date.parse(t.start), end: Date.parse(t.end) })),
      rules: rules.get(tutor._id)!,
      tutorTimezone: tutor.timezone,
      date,
      viewerTimezone: timezone,
      duration,
      now,
    });
    return starts.map((start): SlotOption => ({ user: tutor._id, start: new Date(start).toISOString(), end: new Date(start + duration * 60_000).toISOString() }));
  });
  return perTutor.flat();
}

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
    // Who teaches it and how admins ranked them, in one round trip.
    const [tutors, sortings] = await tdb.db.batch([
      tdb.db
        .selectDistinct({ _id: users._id, timezone: users.timezone, availabilityState: users.availabilityState })
        .from(userSubjects)
        .innerJoin(users, and(eq(users._id, userSubjects.userId), eq(users.tenantId, tdb.tenantId)))
        .where(
          tdb.where(
            userSubjects,
            eq(userSubjects.curriculum, input.curriculum),
            eq(userSubjects.subject, input.subject),
            eq(userSubjects.grade, input.grade),
            eq(users.role, 'TUTOR'),
            isNull(users.deletedAt),
          ),
        ),
      tdb.db
        .select({ tutorIds: tutorSortings.tutorIds })
        .from(tutorSortings)
        .where(tdb.where(tutorSortings, eq(tutorSortings.curriculum, input.curriculum), eq(tutorSortings.subject, input.subject), eq(tutorSortings.grade, input.grade)))
        .limit(1),
    ]);
    const offering = tutors.filter((t) => t.availabilityState === null || t.availabilityState === 'available');
    const sorting = sortings[0];
    const rank = (id: string) => {
      const at = sorting?.tutorIds.indexOf(id) ?? -1;
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };
    const slots = await slotsFor(tdb, offering, input.date, await viewerTimezone(c, input.timezone), TRIAL_MINUTES);
    return c.json(slots.sort((a, b) => a.start.localeCompare(b.start) || rank(a.user) - rank(b.user) || a.user.localeCompare(b.user)));
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
  .put('/user-availability/:userId', requireAuth, requireAccount, validate('param', userIdParam), validate('json', availabilityInput), async (c) => {
    const tdb = tenantDb(c);
    const { userId } = c.req.valid('param');
    const auth = authOf(c);
    const target = await tenantUser(tdb, userId);
    if (!target) throw notFound();
    const self = auth.userId === userId && auth.role === 'TUTOR';
    const admin = !self && (await isAdminWith(c, 'edit'));
    if (!self && !admin) throw new ApiError(403, 'You do not have permission to do this');
    if (target.role !== 'TUTOR') throw tutorNotFound();
    const input = c.req.valid('json');
    if (self && input.availabilityState && adminOnlyAvailabilityStates.includes(input.availabilityState)) {
      throw fieldError('availabilityState', 'can only be set by an admin');
    }
    await replaceAvailability(tdb, userId, input);
    const updated = (await tenantUser(tdb, userId))!;
    return c.json(await availabilityOf(tdb, updated, true));
  });

