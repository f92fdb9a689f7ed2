import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minutesOf, SLOT_STEP_MINUTES, type WeeklyHoursInput } from '../../schema/contracts/availability';
import { dayStartMs, lessonFitsItem } from '../../schema/contracts/availability-rule';
import { freeSlots, type Interval, type SlotInputs, type SlotItem } from '../../worker/lib/availability/slots';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Zones with daylight saving in 2027 (both hemispheres, a half-hour shift in Lord Howe), plus two without. */
const DST_ZONES = [
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'America/Santiago',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'Africa/Cairo',
  'Asia/Beirut',
];
const ZONES = [...DST_ZONES, 'Asia/Kolkata', 'Asia/Singapore'];

const offsetAt = (zone: string, ms: number) => new TZDate(ms, zone).getTimezoneOffset();

/** Each local day of 2027 in `zone` on which its UTC offset changes. */
function dstDays(zone: string): string[] {
  const days: string[] = [];
  for (let ms = Date.UTC(2027, 0, 1); ms < Date.UTC(2028, 0, 1); ms += DAY) {
    if (offsetAt(zone, ms) !== offsetAt(zone, ms + DAY)) days.push(format(new TZDate(ms + DAY / 2, zone), 'yyyy-MM-dd'));
  }
  return days;
}
const DST_DAYS = Object.fromEntries(DST_ZONES.map((zone) => [zone, dstDays(zone)]));

const hhmm = (minutes: number) =>
  minutes === 24 * 60 ? '24:00' : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const range = fc
  .tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 48 }))
  .map(([from, quarters]) => ({ start: hhmm(from * 15), end: hhmm(Math.min(from * 15 + quarters * 15, 24 * 60)) }));
const weekly = fc.dictionary(
  fc.constantFrom('0', '1', '2', '3', '4', '5', '6'),
  range.map((r) => [r]),
) as fc.Arbitrary<WeeklyHoursInput>;

const shiftDay = (date: string, days: number) => format(addDays(new Date(`${date}T12:00:00Z`), days), 'yyyy-MM-dd');

const scenario = fc
  .record({ tutorZone: fc.constantFrom(...DST_ZONES), viewerZone: fc.constantFrom(...ZONES), pick: fc.nat(), nearDay: fc.integer({ min: -1, max: 1 }) })
  .chain(({ tutorZone, viewerZone, pick, nearDay }) => {
    const days = DST_DAYS[tutorZone]!;
    const date = shiftDay(days[pick % days.length]!, nearDay);
    const anchor = dayStartMs(date, viewerZone);
    const nearby: fc.Arbitrary<Interval> = fc
      .tuple(fc.integer({ min: -36 * 4, max: 60 * 4 }), fc.integer({ min: 1, max: 16 }))
      .map(([q, length]) => ({ start: anchor + q * 15 * MINUTE, end: anchor + (q + length) * 15 * MINUTE }));
    const item: fc.Arbitrary<SlotItem & { weekly: WeeklyHoursInput }> = fc.record({
      status: fc.constantFrom('ENABLE' as const, 'ENABLE' as const, 'DISABLE' as const),
      startDate: fc.option(
        fc.integer({ min: -2, max: 1 }).map((d) => shiftDay(date, d)),
        { nil: null },
      ),
      endDate: fc.option(
        fc.integer({ min: -1, max: 2 }).map((d) => shiftDay(date, d)),
        { nil: null },
      ),
      timezone: fc.constantFrom(tutorZone, tutorZone, viewerZone),
      weekly,
    });
    return fc.record({
      items: fc.array(item, { minLength: 1, maxLength: 3 }),
      lessons: fc.array(nearby, { maxLength: 5 }),
      timeOff: fc.array(nearby, { maxLength: 3 }),
      rules: fc.record({
        minNoticeMinutes: fc.constantFrom(0, 60, 12 * 60),
        bufferMinutes: fc.constantFrom(0, 15, 30),
        maxLessonsPerDay: fc.integer({ min: 1, max: 8 }),
        maxDaysAhead: fc.constantFrom(1, 60),
      }),
      tutorTimezone: fc.constant(tutorZone),
      date: fc.constant(date),
      viewerTimezone: fc.constant(viewerZone),
      duration: fc.constantFrom(15, 30, 45, 60, 90, 120),
      now: fc.integer({ min: -2 * 24 * 4, max: 24 * 4 }).map((q) => anchor + q * 15 * MINUTE),
    }) satisfies fc.Arbitrary<SlotInputs>;
  });

/**
 * Whether [start, end) lies inside one of the item's weekly ranges on the item-zone day the lesson starts: the start
 * by wall clock (a range opening in a spring-forward gap opens when the clocks land), the end as an instant.
 */
function insideWeeklyHours(item: SlotItem, start: number, end: number) {
  const local = new TZDate(start, item.timezone);
  const ranges = item.weekly[String(local.getDay()) as keyof WeeklyHoursInput] ?? [];
  const at = (minutes: number) => new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 0, minutes, item.timezone).getTime();
  const wallClock = local.getHours() * 60 + local.getMinutes();
  return ranges.some((r) => minutesOf(r.start) <= wallClock && end <= at(minutesOf(r.end)));
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

describe('freeSlots over IANA zones and their daylight-saving days (property)', () => {
  it('knows the DST days of every zone it tries', () => {
    for (const zone of DST_ZONES) expect(DST_DAYS[zone]!.length, zone).toBeGreaterThanOrEqual(2);
  });

  it('never offers a slot that overlaps a lesson (with buffer) or time off, leaves the availability rule or weekly hours, or is in the past', () => {
    let offered = 0;
    fc.assert(
      fc.property(scenario, (input) => {
        const slots = freeSlots(input);
        offered += slots.length;
        const dayStart = dayStartMs(input.date, input.viewerTimezone);
        const dayEnd = dayStartMs(input.date, input.viewerTimezone, 1);
        const buffer = input.rules.bufferMinutes * MINUTE;
        for (const start of slots) {
          const lesson = { start, end: start + input.duration * MINUTE };
          expect(start).toBeGreaterThanOrEqual(input.now + input.rules.minNoticeMinutes * MINUTE);
          expect(start).toBeGreaterThanOrEqual(dayStart);
          expect(start).toBeLessThan(dayEnd);
          expect(start % (SLOT_STEP_MINUTES * MINUTE), 'on a quarter hour').toBe(0);
          expect(input.lessons.some((l) => overlaps(lesson, { start: l.start - buffer, end: l.end + buffer }))).toBe(false);
          expect(input.timeOff.some((t) => overlaps(lesson, t))).toBe(false);
          expect(input.items.some((item) => lessonFitsItem(item, new Date(start), input.duration) && insideWeeklyHours(item, lesson.start, lesson.end))).toBe(
            true,
          );
        }
        expect(new Set(slots).size).toBe(slots.length);
      }),
      { numRuns: 300 },
    );
    // Not vacuous: the scenarios do leave free time to check.
    expect(offered).toBeGreaterThan(300);
  }, 60_000);
});
