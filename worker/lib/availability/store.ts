import type { BatchItem } from 'drizzle-orm/batch';
import { and, eq, exists, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  type AvailabilityItem,
  type AvailabilityState,
  DEFAULT_BOOKING_RULES,
  type EffectiveBookingRules,
  type TimeOff,
  type WeeklyHoursInput,
} from '../../../schema/contracts/availability';
import { availabilityItems, bookingSettings, courseTutors, sectionAttendees, sections, timeOff, users, type WeeklyHours } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { TenantDb } from '../tenant-db';
import type { Interval } from './slots';

/** The tenant's defaults row has a fixed id: its null user id would never collide in the unique index. */
export const tenantDefaultsId = (tenantId: string) => `booking_defaults_${tenantId}`;
export const tutorRulesId = (userId: string) => `booking_rules_${userId}`;

export async function tenantUser(tdb: TenantDb, userId: string) {
  return tdb.db
    .select({ _id: users._id, role: users.role, timezone: users.timezone, availabilityState: users.availabilityState })
    .from(users)
    .where(tdb.where(users, eq(users._id, userId), isNull(users.deletedAt)))
    .get();
}

/** Each tutor's rules: their own value, else the tenant's default, else the platform's. */
export async function effectiveRules(tdb: TenantDb, userIds: string[]): Promise<Map<string, EffectiveBookingRules>> {
  const rows = await tdb.db
    .select({ userId: bookingSettings.userId, rules: bookingSettings.rules })
    .from(bookingSettings)
    .where(tdb.where(bookingSettings, or(isNull(bookingSettings.userId), inArray(bookingSettings.userId, userIds))))
    .all();
  const tenant = rows.find((r) => r.userId === null)?.rules ?? {};
  const keys = Object.keys(DEFAULT_BOOKING_RULES) as (keyof EffectiveBookingRules)[];
  return new Map(
    userIds.map((userId) => {
      const own = rows.find((r) => r.userId === userId)?.rules ?? {};
      return [userId, Object.fromEntries(keys.map((k) => [k, own[k] ?? tenant[k] ?? DEFAULT_BOOKING_RULES[k]])) as EffectiveBookingRules];
    }),
  );
}

export async function itemsOf(tdb: TenantDb, userIds: string[]): Promise<(AvailabilityItem & { userId: string })[]> {
  const rows = await tdb.db.select().from(availabilityItems).where(tdb.where(availabilityItems, inArray(availabilityItems.userId, userIds))).orderBy(availabilityItems.createdAt, availabilityItems._id).all();
  return rows.map((r) => ({ _id: r._id, userId: r.userId, status: r.status, startDate: r.startDate, endDate: r.endDate, timezone: r.timezone, weekly: r.weekly as WeeklyHoursInput }));
}

export async function timeOffOf(tdb: TenantDb, userIds: string[], window?: Interval): Promise<(TimeOff & { userId: string })[]> {
  const rows = await tdb.db
    .select()
    .from(timeOff)
    .where(tdb.where(timeOff, inArray(timeOff.userId, userIds), window ? lt(timeOff.start, new Date(window.end)) : undefined, window ? gte(timeOff.end, new Date(window.start)) : undefined))
    .orderBy(timeOff.start)
    .all();
  return rows.map((r) => ({ _id: r._id, userId: r.userId, start: r.start.toISOString(), end: r.end.toISOString(), reason: r.reason, note: r.note }));
}

/** Lessons occupy a tutor when they attend it or tutor its course: ACTIVE meetings only, `exceptId` left out. */
export async function lessonsOf(tdb: TenantDb, tutorId: string, window: Interval, exceptId?: string): Promise<Interval[]> {
  const attends = tdb.db
    .select({ one: sql`1` })
    .from(sectionAttendees)
    .where(and(eq(sectionAttendees.sectionId, sections._id), eq(sectionAttendees.userId, tutorId)));
  const tutorsCourse = tdb.db
    .select({ one: sql`1` })
    .from(courseTutors)
    .where(and(eq(courseTutors.courseId, sections.courseId), eq(courseTutors.userId, tutorId), eq(courseTutors.status, 'ENABLE')));
  const rows = await tdb.db
    .select({ start: sections.start, duration: sections.duration })
    .from(sections)
    .where(
      tdb.where(
        sections,
        inArray(sections.kind, ['TEAMS', 'ZOOM']),
        eq(sections.status, 'ACTIVE'),
        isNull(sections.deletedAt),
        gte(sections.start, new Date(window.start)),
        lt(sections.start, new Date(window.end)),
        exceptId ? ne(sections._id, exceptId) : undefined,
        or(exists(attends), exists(tutorsCourse)),
      ),
    )
    .all();
  return rows.flatMap((r) => (r.start ? [{ start: r.start.getTime(), end: r.start.getTime() + (r.duration ?? 0) * 60_000 }] : []));
}

export interface AvailabilityWrite {
  items: { status: 'ENABLE' | 'DISABLE'; startDate?: string | null; endDate?: string | null; timezone: string; weekly: WeeklyHoursInput }[];
  timeOff: { start: Date; end: Date; reason: TimeOff['reason']; note: string }[];
  bookingRules: Partial<Record<keyof EffectiveBookingRules, number | null | undefined>>;
  availabilityState?: AvailabilityState;
}

/** Replaces the tutor's items, time off and rules in one D1 batch, so a reader never sees half of an edit. */
export async function replaceAvailability(tdb: TenantDb, userId: string, input: AvailabilityWrite) {
  const now = Date.now();
  const rules = Object.fromEntries(Object.entries(input.bookingRules).filter(([, v]) => v !== undefined));
  const statements: BatchItem<'sqlite'>[] = [
    tdb.db.delete(availabilityItems).where(tdb.where(availabilityItems, eq(availabilityItems.userId, userId))),
    tdb.db.delete(timeOff).where(tdb.where(timeOff, eq(timeOff.userId, userId))),
    // Items keep the order they were sent in: createdAt is stamped a millisecond apart, and reads sort by it.
    ...input.items.map((item, i) =>
      tdb.db.insert(availabilityItems).values(
        tdb.values(availabilityItems, {
          _id: newId(),
          userId,
          status: item.status,
          startDate: item.startDate ?? null,
          endDate: item.endDate ?? null,
          timezone: item.timezone,
          weekly: item.weekly as WeeklyHours,
          createdAt: new Date(now + i),
        }),
      ),
    ),
    ...input.timeOff.map((t) => tdb.db.insert(timeOff).values(tdb.values(timeOff, { _id: newId(), userId, start: t.start, end: t.end, reason: t.reason, note: t.note }))),
    tdb.db
      .insert(bookingSettings)
      .values(tdb.values(bookingSettings, { _id: tutorRulesId(userId), userId, rules }))
      .onConflictDoUpdate({ target: bookingSettings._id, set: { rules, updatedAt: new Date() } }),
  ];
  if (input.availabilityState) statements.push(tdb.db.update(users).set({ availabilityState: input.availabilityState }).where(tdb.where(users, eq(users._id, userId))));
  const [first, ...rest] = statements;
  await tdb.db.batch([first!, ...rest]);
}
