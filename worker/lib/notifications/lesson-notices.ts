import { inArray } from 'drizzle-orm';
import type { MeetingRequestAnswer } from '../../../schema/contracts/meeting-requests';
import { userMappers } from '../../../schema/tables';
import { lessonsCalendar } from '../schedule/ics';
import { findLessons, type LessonWithStamp } from '../schedule/lessons';
import { type Notice, type NotifyContext, notify, type Recipient } from './send';

export type LessonEvent = 'booked' | 'cancelled' | 'moved' | 'reminder-24h' | 'reminder-15m';

const whenFor = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: timezone }).format(
    new Date(iso),
  );
const timeFor = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: timezone }).format(new Date(iso));

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

/** Who hears of a lesson: its students and tutors, and the students' linked parents. */
async function audienceOf(ctx: NotifyContext, lesson: LessonWithStamp) {
  const students = lesson.attendees.filter((a) => a.kind === 'STUDENT').map((a) => a._id);
  const parents = students.length
    ? await ctx.tdb.db
        .select({ parentId: userMappers.parentId, studentId: userMappers.studentId })
        .from(userMappers)
        .where(ctx.tdb.where(userMappers, inArray(userMappers.studentId, students)))
        .all()
    : [];
  return { ids: [...lesson.attendees.map((a) => a._id), ...parents.map((p) => p.parentId)], parents };
}

/**
 * Who else is in the lesson, as the reader would say it: "with Sam Student", or for a parent "for Sam"; someone the
 * lesson's own title already names ("Mathematics with Theo") is not named twice.
 */
function peopleLine(lesson: LessonWithStamp, reader: string, children: string[]) {
  const titleWords = lesson.title.split(/[\s,.;:()]+/);
  const named = (person: { firstname: string }) => titleWords.includes(person.firstname);
  if (children.length) {
    const names = lesson.attendees.filter((a) => children.includes(a._id)).map((a) => a.firstname);
    const tutors = lesson.attendees.filter((a) => a.kind === 'TUTOR' && !named(a)).map(fullName);
    return `for ${names.join(' and ')}${tutors.length ? ` with ${tutors.join(' and ')}` : ''}`;
  }
  const others = lesson.attendees.filter((a) => a._id !== reader && !named(a)).map(fullName);
  return others.length ? `with ${others.join(', ')}` : '';
}

function lessonNotice(ctx: NotifyContext, lesson: LessonWithStamp, event: LessonEvent, person: Recipient, children: string[]): Notice {
  const when = whenFor(lesson.start, person.timezone);
  const people = peopleLine(lesson, person._id, children);
  const what = `${lesson.title}${people ? ` ${people}` : ''}`;
  const base = { kind: 'lessons' as const, link: `/portal/courses/${lesson.course._id}` };
  const calendar = [{ filename: 'lesson.ics', contentType: 'text/calendar', content: lessonsCalendar([lesson], ctx.origin, ctx.productName) }];
  switch (event) {
    case 'booked':
      return {
        ...base,
        key: `lesson-booked:${lesson._id}`,
        title: `Lesson booked: ${lesson.title}, ${when}`,
        body: `${what} is booked for ${when} (${lesson.duration} minutes). Add it to your calendar with the attached file.`,
        attachments: calendar,
      };
    case 'cancelled':
      return {
        ...base,
        key: `lesson-cancelled:${lesson._id}`,
        title: `Lesson cancelled: ${lesson.title}, ${when}`,
        body: `${what} on ${when} is cancelled.${lesson.cancelReason ? ` The reason given: ${lesson.cancelReason}` : ''}`,
        attachments: calendar,
      };
    case 'moved':
      return {
        ...base,
        key: `lesson-moved:${lesson._id}:${lesson.start}`,
        title: `Lesson moved: ${lesson.title} is now ${when}`,
        body: `${what} has a new time: ${when} (${lesson.duration} minutes). The attached file updates your calendar.`,
        attachments: calendar,
      };
    case 'reminder-24h':
      return {
        ...base,
        key: `lesson-reminder-24h:${lesson._id}:${lesson.start}`,
        title: `Tomorrow: ${lesson.title} at ${timeFor(lesson.start, person.timezone)}`,
        body: `A reminder: ${what} starts ${when}.`,
      };
    case 'reminder-15m':
      return {
        ...base,
        link: `/portal/courses/${lesson.course._id}`,
        key: `lesson-reminder-15m:${lesson._id}:${lesson.start}`,
        title: `Starting soon: ${lesson.title} at ${timeFor(lesson.start, person.timezone)}`,
        body: `${what} starts in 15 minutes. Join it from the course page.`,
      };
  }
}

/** Tells everyone in a lesson (and the students' parents) what happened to it, each in their own time zone. */
export async function notifyLesson(ctx: NotifyContext, sectionId: string, event: LessonEvent) {
  const [lesson] = await findLessons(ctx.tdb, { sectionId });
  if (!lesson) return;
  const { ids, parents } = await audienceOf(ctx, lesson);
  await notify(ctx, ids, (person) =>
    lessonNotice(
      ctx,
      lesson,
      event,
      person,
      parents.filter((p) => p.parentId === person._id).map((p) => p.studentId),
    ),
  );
}

const requestWords = { CANCEL: 'cancel', RESCHEDULE: 'move', DELETE: 'remove' } as const;

/**
 * An admin's answer to a request about a lesson: the person who asked hears the outcome, and when it was approved,
 * everyone in the lesson hears what happened to it.
 */
export async function notifyRequestAnswer(ctx: NotifyContext, answer: MeetingRequestAnswer) {
  if (answer.status !== 'APPROVED' && answer.status !== 'REJECTED') return;
  const approved = answer.status === 'APPROVED';
  const tellings: Promise<unknown>[] = [];
  if (answer.requestedBy) {
    const askedFor = `${requestWords[answer.type]} ${answer.section.title}`;
    tellings.push(
      notify(ctx, [answer.requestedBy._id], (person) => ({
        kind: 'requests',
        key: `request-${answer.status.toLowerCase()}:${answer._id}`,
        title: approved ? `Request approved: ${answer.section.title}` : `Request declined: ${answer.section.title}`,
        body: `Your request to ${askedFor} on ${whenFor(answer.start, person.timezone)} was ${approved ? 'approved' : 'declined'}.${answer.responseNote ? ` The team wrote: ${answer.responseNote}` : ''}`,
        link: `/portal/courses/${answer.course._id}`,
      })),
    );
  }
  if (approved && answer.type !== 'DELETE') tellings.push(notifyLesson(ctx, answer.section._id, answer.type === 'CANCEL' ? 'cancelled' : 'moved'));
  await Promise.all(tellings);
}
