import { createEvents, type EventAttributes } from 'ics';
import type { LessonWithStamp } from './lessons';

const PRODUCT_ID = '-//Studyhall//Schedule//EN';

/** Absolute, so a calendar app (which knows nothing of our origin) can open it. */
const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

function eventOf(lesson: LessonWithStamp, origin: string): EventAttributes {
  const people = lesson.attendees.map((a) => `${a.firstname} ${a.lastname}`.trim()).join(', ');
  const coursePage = absolute(origin, `/learning-portal/portal/courses/${lesson.course._id}`);
  return {
    // Stable per lesson, so re-importing or a feed refresh updates the event rather than adding a copy.
    uid: `${lesson._id}@studyhall`,
    // Seconds since the epoch only ever grow, which is all SEQUENCE asks for.
    sequence: Math.floor(lesson.updatedAt.getTime() / 1000),
    lastModified: lesson.updatedAt.getTime(),
    start: Date.parse(lesson.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: lesson.duration },
    title: `${lesson.title} · ${lesson.course.title}`,
    description: [
      `${lesson.course.subject}, ${lesson.course.curriculum}, ${lesson.course.grade}`,
      `${lesson.lessonType} lesson`,
      people && `With: ${people}`,
      `Join: ${absolute(origin, lesson.joinUrl)}`,
      `Course: ${coursePage}`,
    ]
      .filter(Boolean)
      .join('\n'),
    location: absolute(origin, lesson.joinUrl),
    url: coursePage,
    status: lesson.status === 'CANCELLED' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: lesson.status === 'CANCELLED' ? 'FREE' : 'BUSY',
    categories: [lesson.course.subject],
  };
}

/** An iCalendar document (RFC 5545) holding the lessons; cancelled ones stay in it as CANCELLED so apps remove them. */
export function lessonsCalendar(lessons: LessonWithStamp[], origin: string, calName: string): string {
  const { error, value } = createEvents(
    lessons.map((lesson) => eventOf(lesson, origin)),
    { productId: PRODUCT_ID, method: 'PUBLISH', calName },
  );
  if (error || value === null) throw error ?? new Error('Could not build the calendar');
  return value;
}
