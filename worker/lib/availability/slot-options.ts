import { and, eq, isNull } from 'drizzle-orm';
import type { FreeDays, SlotOption } from '../../../schema/contracts/availability';
import { tutorSortings, userSubjects, users } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { freeSlots } from './slots';
import { slotSources } from './store';

const DAY = 24 * 60 * 60_000;

export interface CatalogueKey {
  curriculum: string;
  subject: string;
  grade: string;
}

/** Free starts of each tutor on `date` in `timezone`, as slot options; everything a tutor is busy with is read in one window. */
export async function slotsFor(
  tdb: TenantDb,
  tutors: { _id: string; timezone: string }[],
  date: string,
  timezone: string,
  duration: number,
  exceptSectionId?: string,
) {
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
    return starts.map(
      (start): SlotOption => ({ user: tutor._id, start: new Date(start).toISOString(), end: new Date(start + duration * 60_000).toISOString() }),
    );
  });
  return perTutor.flat();
}

const dayIn = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));

/**
 * Which of `days` days from `from` (the viewer's calendar) have a free start with this tutor, by the same rule as the
 * slots of one day, read from one load of the tutor's hours, time off and lessons; and where the tutor's booking
 * window ends, so a calendar can stop there and say why.
 */
export async function freeDaysFor(
  tdb: TenantDb,
  tutor: { _id: string; timezone: string },
  input: { from: string; days: number; timezone: string; duration: number; sectionId?: string },
): Promise<FreeDays> {
  const anchor = Date.parse(`${input.from}T00:00:00Z`);
  const window = { start: anchor - 2 * DAY, end: anchor + (input.days + 3) * DAY };
  const { items, timeOff: off, rules, lessons } = await slotSources(tdb, [tutor._id], window, input.sectionId);
  const now = Date.now();
  const tutorRules = rules.get(tutor._id)!;
  const common = {
    items: items.filter((i) => i.userId === tutor._id),
    lessons: lessons.get(tutor._id) ?? [],
    timeOff: off.filter((t) => t.userId === tutor._id).map((t) => ({ start: Date.parse(t.start), end: Date.parse(t.end) })),
    rules: tutorRules,
    tutorTimezone: tutor.timezone,
    viewerTimezone: input.timezone,
    duration: input.duration,
    now,
  };
  const dates = Array.from({ length: input.days }, (_, i) => new Date(anchor + i * DAY).toISOString().slice(0, 10));
  return {
    freeDays: dates.filter((date) => freeSlots({ ...common, date }).length > 0),
    lastBookableDay: dayIn(now + tutorRules.maxDaysAhead * DAY, input.timezone),
    maxDaysAhead: tutorRules.maxDaysAhead,
  };
}

/**
 * The tutors who teach this curriculum, subject and grade and take trials now (no availability state, or
 * `available`), in the admin's tutor sorting order; tutors the sorting does not name follow, by id.
 */
export async function trialTutors(tdb: TenantDb, key: CatalogueKey) {
  // Who teaches it and how admins ranked them, in one round trip.
  const [tutors, sortings] = await tdb.db.batch([
    tdb.db
      .selectDistinct({ _id: users._id, timezone: users.timezone, availabilityState: users.availabilityState })
      .from(userSubjects)
      .innerJoin(users, and(eq(users._id, userSubjects.userId), eq(users.tenantId, tdb.tenantId)))
      .where(
        tdb.where(
          userSubjects,
          eq(userSubjects.curriculum, key.curriculum),
          eq(userSubjects.subject, key.subject),
          eq(userSubjects.grade, key.grade),
          eq(users.role, 'TUTOR'),
          isNull(users.deletedAt),
        ),
      ),
    tdb.db
      .select({ tutorIds: tutorSortings.tutorIds })
      .from(tutorSortings)
      .where(tdb.where(tutorSortings, eq(tutorSortings.curriculum, key.curriculum), eq(tutorSortings.subject, key.subject), eq(tutorSortings.grade, key.grade)))
      .limit(1),
  ]);
  const sorting = sortings[0];
  const rank = (id: string) => {
    const at = sorting?.tutorIds.indexOf(id) ?? -1;
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  const offering = tutors.filter((t) => t.availabilityState === null || t.availabilityState === 'available');
  return { tutors: offering.sort((a, b) => rank(a._id) - rank(b._id) || a._id.localeCompare(b._id)), rank };
}
