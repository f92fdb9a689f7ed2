import { TZDate } from '@date-fns/tz';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import { type EffectiveBookingRules, minutesOf, type WeeklyHoursInput } from '../../../schema/contracts/availability';
import { itemRule } from '../../../schema/contracts/availability-rule';
import type { SectionAttendee } from '../../../schema/contracts/sections';
import { courseTutors, sectionAttendees, sections, users } from '../../../schema/tables';
import { type Interval } from '../availability/slots';
import { liveLessonIn, slotSources } from '../availability/store';
import type { TenantDb } from '../tenant-db';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Who places the lesson decides which guards apply (docs/decisions/lessons.md): a student (or their parent) books
 * within every one of the tutor's rules; a course tutor planning lessons may go outside the tutor's weekly hours,
 * notice, booking window and daily cap; an admin may also record a lesson that already happened. Nobody places a
 * lesson over the tutor's time off or over another lesson of the tutor or of a student.
 */
export type Placer = 'student' | 'tutor' | 'admin';

export interface LessonPlacement {
  placer: Placer;
  /** The course the lesson belongs to: it must have an enabled tutor. A trial's course is written with the lesson. */
  courseId?: string;
  attendees: SectionAttendee[];
  slots: { start: Date; duration: number }[];
  /** The lesson being moved, which does not clash with itself. */
  exceptId?: string;
  /** Whose words the refusal is in ("You already have…") and whose clock it tells the time by. */
  viewerId?: string;
}

interface Person {
  _id: string;
  firstname: string;
  timezone: string;
}

const WEEKDAYS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

const refused = (sentence: string) => new ApiError(409, sentence, [{ path: 'start', message: sentence }]);

function durationWords(minutes: number) {
  if (minutes % 60 !== 0) return `${minutes} minutes'`;
  const hours = minutes / 60;
  return hours === 1 ? "an hour's" : `${hours} hours'`;
}

/** "Theo is" / "You are": the refusal speaks to the viewer about themselves in the second person. */
function speaker(person: Person, viewerId: string | undefined) {
  if (person._id === viewerId) return { name: 'You', is: 'You are', has: 'You already have' };
  const name = person.firstname || 'They';
  return { name, is: `${name} is`, has: `${name} already has` };
}

/** A time span as the viewer reads it, in their zone, without an ISO timestamp. */
function spanWords(span: Interval, timeZone: string, now: number) {
  const sameYear = new Date(span.start).getUTCFullYear() === new Date(now).getUTCFullYear();
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }) });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' });
  const sameDay = day.format(span.start) === day.format(span.end - 1);
  if (sameDay) return `from ${time.format(span.start)} to ${time.format(span.end)} on ${day.format(span.start)}`;
  return `from ${time.format(span.start)} on ${day.format(span.start)} to ${time.format(span.end)} on ${day.format(span.end)}`;
}

/** Whether the lesson lies inside one of the item's weekly ranges on its local day. */
function insideWeeklyHours(item: { timezone: string; weekly: WeeklyHoursInput }, slot: Interval) {
  const local = new TZDate(slot.start, item.timezone);
  const ranges = item.weekly[String(local.getDay()) as keyof WeeklyHoursInput] ?? [];
  return ranges.some((range) => {
    const at = (minutes: number) => new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 0, minutes, item.timezone).getTime();
    return slot.start >= at(minutesOf(range.start)) && slot.end <= at(minutesOf(range.end));
  });
}

type Sources = Awaited<ReturnType<typeof slotSources>>;

/** The first of the tutor's own rules (weekly hours, notice, window, daily cap) the slot breaks, as a sentence. */
function tutorRuleBroken(tutor: Person, sources: Sources, slot: Interval, now: number, viewerId: string | undefined): string | null {
  const rules: EffectiveBookingRules = sources.rules.get(tutor._id)!;
  const who = speaker(tutor, viewerId);
  if (slot.start < now + rules.minNoticeMinutes * MINUTE) return `Lessons need ${durationWords(rules.minNoticeMinutes)} notice.`;
  if (slot.start > now + rules.maxDaysAhead * DAY)
    return `That is past ${who.name === 'You' ? 'your' : `${who.name}'s`} ${rules.maxDaysAhead}-day booking window.`;
  const items = sources.items.filter((i) => i.userId === tutor._id && i.status === 'ENABLE');
  const duration = (slot.end - slot.start) / MINUTE;
  if (!items.length) return `${who.name === 'You' ? 'You have' : `${who.name} has`} not set any available hours yet.`;
  if (!items.some((item) => itemRule(item)(slot.start, duration) && insideWeeklyHours(item, slot))) {
    const zone = items[0]?.timezone ?? tutor.timezone;
    const weekday = new TZDate(slot.start, zone).getDay();
    const worksThatDay = items.some((item) => (item.weekly[String(weekday) as keyof WeeklyHoursInput] ?? []).length > 0);
    return worksThatDay ? `${who.is} not available at that time on ${WEEKDAYS[weekday]}.` : `${who.is} not available on ${WEEKDAYS[weekday]}.`;
  }
  const buffer = rules.bufferMinutes * MINUTE;
  const lessons = sources.lessons.get(tutor._id) ?? [];
  const tutorDay = new Intl.DateTimeFormat('en-CA', { timeZone: tutor.timezone });
  const dayOf = (ms: number) => tutorDay.format(ms);
  if (lessons.filter((l) => dayOf(l.start) === dayOf(slot.start)).length >= rules.maxLessonsPerDay) {
    return `${who.has} ${rules.maxLessonsPerDay} lessons that day, the most ${who.name === 'You' ? 'you take' : 'they take'} in a day.`;
  }
  const tooClose = lessons.find((l) => l.start - buffer < slot.end && slot.start < l.end + buffer);
  if (tooClose && buffer > 0) return `${who.name === 'You' ? 'You need' : `${tutor.firstname} needs`} ${rules.bufferMinutes} minutes between lessons.`;
  return null;
}

/** The students' ACTIVE lessons around the slots, by student. */
async function studentLessons(tdb: TenantDb, studentIds: string[], window: Interval, exceptId?: string) {
  const byStudent = new Map<string, Interval[]>(studentIds.map((id) => [id, []]));
  if (!studentIds.length) return byStudent;
  const rows = await tdb.db
    .select({ userId: sectionAttendees.userId, start: sections.start, duration: sections.duration })
    .from(sections)
    .innerJoin(sectionAttendees, eq(sectionAttendees.sectionId, sections._id))
    .where(and(liveLessonIn(tdb, window, exceptId), inArray(sectionAttendees.userId, studentIds)))
    .all();
  for (const row of rows)
    if (row.start) byStudent.get(row.userId)?.push({ start: row.start.getTime(), end: row.start.getTime() + (row.duration ?? 0) * MINUTE });
  return byStudent;
}

async function people(tdb: TenantDb, ids: string[]): Promise<Map<string, Person>> {
  if (!ids.length) return new Map();
  const rows = await tdb.db
    .select({ _id: users._id, firstname: users.firstname, timezone: users.timezone })
    .from(users)
    .where(tdb.where(users, inArray(users._id, ids)))
    .all();
  return new Map(rows.map((r) => [r._id, r]));
}

async function courseTutorIds(tdb: TenantDb, courseId: string) {
  const rows = await tdb.db
    .select({ userId: courseTutors.userId })
    .from(courseTutors)
    .where(tdb.where(courseTutors, and(eq(courseTutors.courseId, courseId), eq(courseTutors.status, 'ENABLE'))))
    .all();
  return rows.map((r) => r.userId);
}

/**
 * The one rule for placing a lesson (booking, planning, a series, a reschedule, a trial): whether it may go at each
 * slot, as the sentence of the first rule it breaks, or null. Reads only; nothing is written.
 */
export async function lessonRefusal(tdb: TenantDb, placement: LessonPlacement, now = Date.now()): Promise<string | null> {
  const courseTutorList = placement.courseId ? await courseTutorIds(tdb, placement.courseId) : [];
  const attending = placement.attendees.filter((a) => a.kind === 'TUTOR').map((a) => a.user);
  const tutorIds = attending.length ? attending : courseTutorList;
  if ((placement.courseId && !courseTutorList.length) || !tutorIds.length)
    return 'This course has no tutor yet, so no lesson can be placed on it. An admin can add one.';
  const studentIds = placement.attendees.filter((a) => a.kind === 'STUDENT').map((a) => a.user);
  const slots = placement.slots.map((s) => ({ start: s.start.getTime(), end: s.start.getTime() + s.duration * MINUTE }));
  if (!slots.length) return null;
  const window = { start: Math.min(...slots.map((s) => s.start)) - DAY, end: Math.max(...slots.map((s) => s.end)) + DAY };
  const [sources, students, named] = await Promise.all([
    slotSources(tdb, tutorIds, window, placement.exceptId),
    studentLessons(tdb, studentIds, window, placement.exceptId),
    people(tdb, [...tutorIds, ...studentIds, ...(placement.viewerId ? [placement.viewerId] : [])]),
  ]);
  const viewerZone = (placement.viewerId && named.get(placement.viewerId)?.timezone) || named.get(tutorIds[0]!)?.timezone || 'UTC';
  const personOf = (id: string): Person => named.get(id) ?? { _id: id, firstname: '', timezone: 'UTC' };
  const overrides =
    placement.placer === 'admin'
      ? " Admins may place lessons in the past or outside a tutor's hours, notice and booking window, but never over time off or another lesson."
      : '';
  for (const slot of slots) {
    if (slot.start < now && placement.placer !== 'admin') return 'That time has already passed. Choose a time from now on.';
    for (const tutorId of tutorIds) {
      const tutor = personOf(tutorId);
      if (placement.placer === 'student') {
        const broken = tutorRuleBroken(tutor, sources, slot, now, placement.viewerId);
        if (broken) return broken;
      }
      const away = sources.timeOff.find((t) => t.userId === tutorId && Date.parse(t.start) < slot.end && slot.start < Date.parse(t.end));
      if (away)
        return `${speaker(tutor, placement.viewerId).is} away ${spanWords({ start: Date.parse(away.start), end: Date.parse(away.end) }, viewerZone, now)}.${overrides}`;
      const clash = (sources.lessons.get(tutorId) ?? []).find((l) => l.start < slot.end && slot.start < l.end);
      if (clash) return `${speaker(tutor, placement.viewerId).has} a lesson ${spanWords(clash, viewerZone, now)}.${overrides}`;
    }
    for (const studentId of studentIds) {
      const clash = (students.get(studentId) ?? []).find((l) => l.start < slot.end && slot.start < l.end);
      if (clash) return `${speaker(personOf(studentId), placement.viewerId).has} a lesson ${spanWords(clash, viewerZone, now)}.${overrides}`;
    }
  }
  return null;
}

/** As lessonRefusal, refusing with its sentence (409 naming `start`) so the caller writes nothing. */
export async function assertLessonPlacement(tdb: TenantDb, placement: LessonPlacement, now = Date.now()) {
  const refusal = await lessonRefusal(tdb, placement, now);
  if (refusal) throw refused(refusal);
}
