import { and, asc, count, eq, isNull, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { DEFAULT_BOOKING_RULES, type EffectiveBookingRules } from '../../schema/contracts/availability';
import { type BookingDefaults, bookingDefaultsInput, type TutorSorting, tutorSortingInput, tutorSortingListQuery } from '../../schema/contracts/tutor-sortings';
import { bookingSettings, tutorSortings, users, userSubjects } from '../../schema/tables';
import type { AppBindings } from '../env';
import type { CatalogueKey } from '../lib/availability/slot-options';
import { tenantDefaultsId } from '../lib/availability/store';
import { paged, sortBy } from '../lib/pagination';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { requireAuth } from '../middleware/auth';
import { fieldError } from '../../platform/errors';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const sortable = { curriculum: userSubjects.curriculum, subject: userSubjects.subject, grade: userSubjects.grade };
const keyOf = (k: CatalogueKey) => `${k.curriculum}\u0000${k.subject}\u0000${k.grade}`;
const teachingTutor = (tdb: TenantDb) => and(eq(users._id, userSubjects.userId), eq(users.tenantId, tdb.tenantId), eq(users.role, 'TUTOR'), isNull(users.deletedAt));

/** The tutors of each key, in the admin's order and then by name, whatever their availability state. */
async function sortingsFor(tdb: TenantDb, keys: CatalogueKey[]): Promise<TutorSorting[]> {
  if (!keys.length) return [];
  const matchKey = (t: typeof userSubjects | typeof tutorSortings) =>
    or(...keys.map((k) => and(eq(t.curriculum, k.curriculum), eq(t.subject, k.subject), eq(t.grade, k.grade))));
  const [teaching, orders] = await Promise.all([
    tdb.db
      .select({ curriculum: userSubjects.curriculum, subject: userSubjects.subject, grade: userSubjects.grade, _id: users._id, firstname: users.firstname, lastname: users.lastname, email: users.email, availabilityState: users.availabilityState })
      .from(userSubjects)
      .innerJoin(users, teachingTutor(tdb))
      .where(tdb.where(userSubjects, matchKey(userSubjects)))
      .orderBy(asc(users.firstname), asc(users.lastname), asc(users._id))
      .all(),
    tdb.db.select().from(tutorSortings).where(tdb.where(tutorSortings, matchKey(tutorSortings))).all(),
  ]);
  return keys.map((key) => {
    const order = orders.find((o) => keyOf(o) === keyOf(key));
    const rank = (id: string) => {
      const at = order?.tutorIds.indexOf(id) ?? -1;
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };
    const tutors = teaching
      .filter((t) => keyOf(t) === keyOf(key))
      .map(({ curriculum: _c, subject: _s, grade: _g, ...tutor }) => tutor)
      .filter((t, i, all) => all.findIndex((o) => o._id === t._id) === i)
      .sort((a, b) => rank(a._id) - rank(b._id));
    return { _id: order?._id ?? null, ...key, tutors };
  });
}

async function tenantDefaults(tdb: TenantDb): Promise<BookingDefaults> {
  const row = await tdb.db
    .select({ rules: bookingSettings.rules })
    .from(bookingSettings)
    .where(tdb.where(bookingSettings, isNull(bookingSettings.userId)))
    .get();
  const keys = Object.keys(DEFAULT_BOOKING_RULES) as (keyof EffectiveBookingRules)[];
  const rules = Object.fromEntries(keys.map((k) => [k, row?.rules[k] ?? null])) as BookingDefaults['rules'];
  const effective = Object.fromEntries(keys.map((k) => [k, rules[k] ?? DEFAULT_BOOKING_RULES[k]])) as EffectiveBookingRules;
  return { rules, effective, platform: { ...DEFAULT_BOOKING_RULES } };
}

export const tutorSortingRoutes = new Hono<AppBindings>()
  /** Every curriculum, subject and grade some tutor teaches, each with its tutors in trial order. */
  .get('/admin/tutor-sortings', requireAuth, requirePermission('tutorSorting', ['view']), validate('query', tutorSortingListQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const keys = () =>
      tdb.db
      .selectDistinct({ curriculum: userSubjects.curriculum, subject: userSubjects.subject, grade: userSubjects.grade })
      .from(userSubjects)
      .innerJoin(users, teachingTutor(tdb))
      .where(
        tdb.where(
          userSubjects,
          q.curriculum ? eq(userSubjects.curriculum, q.curriculum) : undefined,
          q.subject ? eq(userSubjects.subject, q.subject) : undefined,
          q.grade ? eq(userSubjects.grade, q.grade) : undefined,
        ),
      );
    const [page, total] = await Promise.all([
      keys().orderBy(sortBy(q, sortable, asc(userSubjects.curriculum)), asc(userSubjects.curriculum), asc(userSubjects.subject), asc(userSubjects.grade)).limit(q.limit).offset(q.offset).all(),
      tdb.db.select({ n: count() }).from(keys().as('keys')).get(),
    ]);
    return c.json(paged(await sortingsFor(tdb, page), total?.n ?? 0, q));
  })
  .put('/admin/tutor-sortings', requireAuth, requirePermission('tutorSorting', ['edit']), validate('json', tutorSortingInput), async (c) => {
    const tdb = tenantDb(c);
    const { tutorIds, ...key } = c.req.valid('json');
    const [current] = await sortingsFor(tdb, [key]);
    const teaching = new Set(current!.tutors.map((t) => t._id));
    const stranger = tutorIds.findIndex((id) => !teaching.has(id));
    if (stranger >= 0) throw fieldError(`tutorIds.${stranger}`, `does not teach ${key.subject} for ${key.grade} in ${key.curriculum}`);
    await tdb.db
      .insert(tutorSortings)
      .values(tdb.values(tutorSortings, { ...key, tutorIds }))
      .onConflictDoUpdate({ target: [tutorSortings.tenantId, tutorSortings.curriculum, tutorSortings.subject, tutorSortings.grade], set: { tutorIds, updatedAt: new Date() } });
    const [updated] = await sortingsFor(tdb, [key]);
    return c.json(updated!);
  })
  // Booking guards are about tutors' time, so the permission that edits a tutor's availability sets their defaults.
  .get('/admin/booking-defaults', requireAuth, requirePermission('adminUsers', ['view']), async (c) => c.json(await tenantDefaults(tenantDb(c))))
  .put('/admin/booking-defaults', requireAuth, requirePermission('adminUsers', ['edit']), validate('json', bookingDefaultsInput), async (c) => {
    const tdb = tenantDb(c);
    const input = c.req.valid('json');
    const rules = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));
    await tdb.db
      .insert(bookingSettings)
      .values(tdb.values(bookingSettings, { _id: tenantDefaultsId(tdb.tenantId), userId: null, rules }))
      .onConflictDoUpdate({ target: bookingSettings._id, set: { rules, updatedAt: new Date() } });
    return c.json(await tenantDefaults(tdb));
  });

