import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import { DEFAULT_BOOKING_RULES, type EffectiveBookingRules } from '../../../schema/contracts/availability';
import type { BookingDefaults, bookingDefaultsInput, TutorSorting, tutorSortingInput } from '../../../schema/contracts/tutor-sortings';
import { bookingSettings, tutorSortings, userSubjects, users } from '../../../schema/tables';
import type { CatalogueKey } from '../availability/slot-options';
import { tenantDefaultsId } from '../availability/store';
import type { TenantDb } from '../tenant-db';

const keyOf = (k: CatalogueKey) => `${k.curriculum}\u0000${k.subject}\u0000${k.grade}`;
export const teachingTutor = (tdb: TenantDb) =>
  and(eq(users._id, userSubjects.userId), eq(users.tenantId, tdb.tenantId), eq(users.role, 'TUTOR'), isNull(users.deletedAt));

/** The tutors of each key, in the admin's order and then by name, whatever their availability state. */
export async function sortingsFor(tdb: TenantDb, keys: CatalogueKey[]): Promise<TutorSorting[]> {
  if (!keys.length) return [];
  const matchKey = (t: typeof userSubjects | typeof tutorSortings) =>
    or(...keys.map((k) => and(eq(t.curriculum, k.curriculum), eq(t.subject, k.subject), eq(t.grade, k.grade))));
  const [teaching, orders] = await Promise.all([
    tdb.db
      .select({
        curriculum: userSubjects.curriculum,
        subject: userSubjects.subject,
        grade: userSubjects.grade,
        _id: users._id,
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
        availabilityState: users.availabilityState,
      })
      .from(userSubjects)
      .innerJoin(users, teachingTutor(tdb))
      .where(tdb.where(userSubjects, matchKey(userSubjects)))
      .orderBy(asc(users.firstname), asc(users.lastname), asc(users._id))
      .all(),
    tdb.db
      .select()
      .from(tutorSortings)
      .where(tdb.where(tutorSortings, matchKey(tutorSortings)))
      .all(),
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

export async function tenantDefaults(tdb: TenantDb): Promise<BookingDefaults> {
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

/** The admin's trial order for one key: every tutor named must teach it. */
export async function saveTutorSorting(tdb: TenantDb, input: z.output<typeof tutorSortingInput>) {
  const { tutorIds, ...key } = input;
  const [current] = await sortingsFor(tdb, [key]);
  const teaching = new Set(current!.tutors.map((t) => t._id));
  const stranger = tutorIds.findIndex((id) => !teaching.has(id));
  if (stranger >= 0) throw fieldError(`tutorIds.${stranger}`, `does not teach ${key.subject} for ${key.grade} in ${key.curriculum}`);
  await tdb.db
    .insert(tutorSortings)
    .values(tdb.values(tutorSortings, { ...key, tutorIds }))
    .onConflictDoUpdate({
      target: [tutorSortings.tenantId, tutorSortings.curriculum, tutorSortings.subject, tutorSortings.grade],
      set: { tutorIds, updatedAt: new Date() },
    });
  const [updated] = await sortingsFor(tdb, [key]);
  return updated!;
}

/** The tenant's booking defaults; a rule left empty falls back to the platform's. */
export async function saveBookingDefaults(tdb: TenantDb, input: z.output<typeof bookingDefaultsInput>) {
  const rules = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));
  await tdb.db
    .insert(bookingSettings)
    .values(tdb.values(bookingSettings, { _id: tenantDefaultsId(tdb.tenantId), userId: null, rules }))
    .onConflictDoUpdate({ target: bookingSettings._id, set: { rules, updatedAt: new Date() } });
  return tenantDefaults(tdb);
}
