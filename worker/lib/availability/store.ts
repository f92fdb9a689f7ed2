import { and, eq, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
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

const rulesQuery = (tdb: TenantDb, userIds: string[]) =>
  tdb.db
    .select({ userId: bookingSettings.userId, rules: bookingSettings.rules })
    .from(bookingSettings)
    .where(tdb.where(bookingSettings, or(isNull(bookingSettings.userId), inArray(bookingSettings.userId, userIds))));

function rulesFrom(rows: { userId: string | null; rules: Partial<Record<keyof EffectiveBookingRules, number | null>> }[], userIds: string[]) {
  const tenant = rows.find((r) => r.userId === null)?.rules ?? {};
  const keys = Object.keys(DEFAULT_BOOKING_RULES) as (keyof EffectiveBookingRules)[];
  return new Map(
    userIds.map((userId) => {
      const own = rows.find((r) => r.userId === userId)?.rules ?? {};
      return [userId, Object.fromEntries(keys.map((k) => [k, own[k] ?? tenant[k] ?? DEFAULT_BOOKING_RULES[k]])) as EffectiveBookingRules];
    }),
  );
}

/** Each tutor's rules: their own value, else the tenant's default, else the platform's. */
export async function effectiveRules(tdb: TenantDb, userIds: string[]): Promise<Map<string, EffectiveBookingRules>> {
  return rulesFrom(await rulesQuery(tdb, userIds).all(), userIds);
}

const itemsQuery = (tdb: TenantDb, userIds: string[]) =>
  tdb.db
    .select()
    .from(availabilityItems)
    .where(tdb.where(availabilityItems, inArray(availabilityItems.userId, userIds)))
    .orderBy(availabilityItems.createdAt, availabilityItems._id);

const itemFrom = (r: typeof availabilityItems.$inferSelect): AvailabilityItem & { userId: string } => ({
  _id: r._id,
  userId: r.userId,
  status: r.status,
  startDate: r.startDate,
  endDate: r.endDate,
  timezone: r.timezone,
  weekly: r.weekly as WeeklyHoursInput,
});

export async function itemsOf(tdb: TenantDb, userIds: string[]): Promise<(AvailabilityItem & { userId: string })[]> {
  return (await itemsQuery(tdb, userIds).all()).map(itemFrom);
}

const timeOffQuery = (tdb: TenantDb, userIds: string[], window?: Interval) =>
  tdb.db
    .select()
    .from(timeOff)
    .where(
      tdb.where(
        timeOff,
        inArray(timeOff.userId, userIds),
        window ? lt(timeOff.start, new Date(window.end)) : undefined,
        window ? gte(timeOff.end, new Date(window.start)) : undefined,
      ),
    )
    .orderBy(timeOff.start);

const timeOffFrom = (r: typeof timeOff.$inferSelect): TimeOff & { userId: string } => ({
  _id: r._id,
  userId: r.userId,
  start: r.start.toISOString(),
  end: r.end.toISOString(),
  reason: r.reason,
  note: r.note,
});

export async function timeOffOf(tdb: TenantDb, userIds: string[], window?: Interval): Promise<(TimeOff & { userId: string })[]> {
  return (await timeOffQuery(tdb, userIds, window).all()).map(timeOffFrom);
}

/** The tenant's live lessons starting inside `window`, but for `exceptId` (the lesson being moved). */
export const liveLessonIn = (tdb: TenantDb, window: Interval, exceptId?: string) =>
  tdb.where(
    sections,
    inArray(sections.kind, ['TEAMS', 'ZOOM']),
    eq(sections.status, 'ACTIVE'),
    isNull(sections.deletedAt),
    gte(sections.start, new Date(window.start)),
    lt(sections.start, new Date(window.end)),
    exceptId ? ne(sections._id, exceptId) : undefined,
  );

/**
 * Everything slot search reads for several tutors, in one D1 batch (one round trip): their items, time off and
 * rules, and the lessons each attends or whose course they tutor (a lesson found both ways counts once).
 */
export async function slotSources(tdb: TenantDb, tutorIds: string[], window: Interval, exceptId?: string) {
  const lessonColumns = { _id: sections._id, start: sections.start, duration: sections.duration };
  const [items, off, rules, attended, taught] = await tdb.db.batch([
    itemsQuery(tdb, tutorIds),
    timeOffQuery(tdb, tutorIds, window),
    rulesQuery(tdb, tutorIds),
    tdb.db
      .select({ ...lessonColumns, tutorId: sectionAttendees.userId })
      .from(sections)
      .innerJoin(sectionAttendees, eq(sectionAttendees.sectionId, sections._id))
      .where(and(liveLessonIn(tdb, window, exceptId), inArray(sectionAttendees.userId, tutorIds))),
    tdb.db
      .select({ ...lessonColumns, tutorId: courseTutors.userId })
      .from(sections)
      .innerJoin(courseTutors, and(eq(courseTutors.courseId, sections.courseId), eq(courseTutors.status, 'ENABLE')))
      .where(and(liveLessonIn(tdb, window, exceptId), inArray(courseTutors.userId, tutorIds))),
  ]);
  const lessons = new Map<string, Map<string, Interval>>(tutorIds.map((id) => [id, new Map()]));
  for (const row of [...attended, ...taught]) {
    if (row.start) lessons.get(row.tutorId)?.set(row._id, { start: row.start.getTime(), end: row.start.getTime() + (row.duration ?? 0) * 60_000 });
  }
  return {
    items: items.map(itemFrom),
    timeOff: off.map(timeOffFrom),
    rules: rulesFrom(rules, tutorIds),
    lessons: new Map([...lessons].map(([id, byId]) => [id, [...byId.values()]])),
  };
}

export interface AvailabilityWrite {
  items: { _id?: string; status: 'ENABLE' | 'DISABLE'; startDate?: string | null; endDate?: string | null; timezone: string; weekly: WeeklyHoursInput }[];
  timeOff: { _id?: string; start: Date; end: Date; reason: TimeOff['reason']; note: string }[];
  bookingRules: Partial<Record<keyof EffectiveBookingRules, number | null | undefined>>;
  availabilityState?: AvailabilityState | null;
}

/** Replaces the tutor's items, time off and rules in one D1 batch, so a reader never sees half of an edit. */
/**
 * An id sent back for one of the tutor's own rows keeps it, so writing back what was read changes nothing; any other
 * id (another tutor's, made up, or sent twice) gets a new one.
 */
function idKeeper(own: { _id: string }[]) {
  const free = new Set(own.map((row) => row._id));
  return (sent: string | undefined) => (sent !== undefined && free.delete(sent) ? sent : newId());
}

export async function replaceAvailability(tdb: TenantDb, userId: string, input: AvailabilityWrite) {
  const now = Date.now();
  const [ownItems, ownTimeOff] = await tdb.db.batch([
    tdb.db
      .select({ _id: availabilityItems._id })
      .from(availabilityItems)
      .where(tdb.where(availabilityItems, eq(availabilityItems.userId, userId))),
    tdb.db
      .select({ _id: timeOff._id })
      .from(timeOff)
      .where(tdb.where(timeOff, eq(timeOff.userId, userId))),
  ]);
  const itemId = idKeeper(ownItems);
  const timeOffId = idKeeper(ownTimeOff);
  const rules = Object.fromEntries(Object.entries(input.bookingRules).filter(([, v]) => v !== undefined));
  const statements: BatchItem<'sqlite'>[] = [
    tdb.db.delete(availabilityItems).where(tdb.where(availabilityItems, eq(availabilityItems.userId, userId))),
    tdb.db.delete(timeOff).where(tdb.where(timeOff, eq(timeOff.userId, userId))),
    // Items keep the order they were sent in: createdAt is stamped a millisecond apart, and reads sort by it.
    ...input.items.map((item, i) =>
      tdb.db.insert(availabilityItems).values(
        tdb.values(availabilityItems, {
          _id: itemId(item._id),
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
    ...input.timeOff.map((t) =>
      tdb.db.insert(timeOff).values(tdb.values(timeOff, { _id: timeOffId(t._id), userId, start: t.start, end: t.end, reason: t.reason, note: t.note })),
    ),
    tdb.db
      .insert(bookingSettings)
      .values(tdb.values(bookingSettings, { _id: tutorRulesId(userId), userId, rules }))
      .onConflictDoUpdate({ target: bookingSettings._id, set: { rules, updatedAt: new Date() } }),
  ];
  if (input.availabilityState)
    statements.push(
      tdb.db
        .update(users)
        .set({ availabilityState: input.availabilityState })
        .where(tdb.where(users, eq(users._id, userId))),
    );
  const [first, ...rest] = statements;
  await tdb.db.batch([first!, ...rest]);
}
