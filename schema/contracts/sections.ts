import { z } from 'zod';
import { isTimeZone, titleText } from './common';
import { isLessonDuration } from './durations';
import type { LessonStatus } from './waiting-room';
import { isWebAddress, withScheme } from './web-address';

/** The same lists as schema/tables/courses.ts; contracts stay free of table code so the web app can import them. */
export const sectionKinds = ['SECTION', 'ZOOM', 'TEAMS', 'RESOURCE', 'HOMEWORK'] as const;
export const sectionStatuses = ['ACTIVE', 'CANCELLED', 'COMPLETED'] as const;
export const lessonKinds = ['TRIAL', 'DUMMY', 'LESSON'] as const;
export const billingKinds = ['BILLABLE', 'NON_BILLABLE'] as const;
export const attendeeKinds = ['STUDENT', 'TUTOR'] as const;

export type SectionKind = (typeof sectionKinds)[number];
export type MeetingKind = 'TEAMS' | 'ZOOM';
export type ResourceKind = 'RESOURCE' | 'HOMEWORK';

export interface SectionAttendee {
  user: string;
  kind: (typeof attendeeKinds)[number];
}

/** A section as the API sends it: `sections` holds its children in sortingKey order. */
export interface Section {
  _id: string;
  course: string;
  parent: string | null;
  sortingKey: number;
  kind: SectionKind;
  title: string;
  description: string;
  status: (typeof sectionStatuses)[number];
  start: string | null;
  duration: number | null;
  lessonKind: (typeof lessonKinds)[number] | null;
  billingKind: (typeof billingKinds)[number] | null;
  joinUrl: string | null;
  series: string | null;
  cancelReason: string | null;
  link: string | null;
  dueAt: string | null;
  fileName: string | null;
  fileSize: number | null;
  contentType: string | null;
  /** Where members fetch the uploaded file, when there is one. */
  download: string | null;
  attendees: SectionAttendee[];
  sections: Section[];
  createdAt: string;
  updatedAt: string;
  /** Lessons only (ZOOM, TEAMS with a start): the one join rule's status and window (worker/lib/lessons/join-window.ts). */
  lessonStatus?: LessonStatus;
  joinOpensAt?: string;
  joinClosesAt?: string;
  canJoin?: boolean;
}

const recordId = z.string().trim().min(1).max(64);
const title = titleText;
const description = z.string().trim().max(5000).default('');
const isoInstant = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

export const courseQuery = z.object({ course: recordId });

/** The 3 and 5 minute test durations are let through here; the API refuses them in production. */
export const lessonDuration = z.coerce
  .number()
  .int()
  .refine((minutes) => isLessonDuration(minutes, false), 'must be 15 to 180 minutes in steps of 15');

export const webAddress = z.string().trim().refine(isWebAddress, 'must be a web address like example.com/page').transform(withScheme);

/** A video provider's link must be https: it is opened from the lesson page as is. */
const providerLink = z.url({ protocol: /^https$/, error: 'must be an https link' }).max(2048);

export const attendeeInput = z.object({ user: recordId, kind: z.enum(attendeeKinds) });

const parent = recordId.nullable().default(null);

export const sectionCreateInput = z.object({
  course: recordId,
  parent,
  kind: z.literal('SECTION').default('SECTION'),
  title,
  description,
});
export type SectionCreateInput = z.input<typeof sectionCreateInput>;

export const sectionUpdateInput = z
  .object({
    title: title.optional(),
    description: z.string().trim().max(5000).optional(),
    parent: recordId.nullable().optional(),
    sortingKey: z.number().finite().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: 'needs at least one field', path: ['body'] });
export type SectionUpdateInput = z.input<typeof sectionUpdateInput>;

export const sortingKeysInput = z.object({
  course: recordId,
  items: z
    .array(z.object({ _id: recordId, parent: recordId.nullable(), sortingKey: z.number().finite() }))
    .min(1)
    .max(500)
    .refine((items) => new Set(items.map((i) => i._id)).size === items.length, 'must not name a section twice'),
});
export type SortingKeysInput = z.input<typeof sortingKeysInput>;

export const repeatWeeklyInput = z.object({
  occurrences: z.number().int().min(2).max(52),
  timezone: z.string().refine(isTimeZone, 'must be an IANA time zone like Europe/London'),
});

const meetingFields = {
  title,
  description,
  start: isoInstant,
  duration: lessonDuration,
  attendees: z.array(attendeeInput).max(200).optional(),
  lessonKind: z.enum(lessonKinds).default('LESSON'),
  billingKind: z.enum(billingKinds).default('BILLABLE'),
  joinUrl: z.union([providerLink, z.literal('').transform(() => undefined)]).optional(),
};

export const meetingCreateInput = z.object({ course: recordId, parent, ...meetingFields, repeatWeekly: repeatWeeklyInput.optional() });
export type MeetingCreateInput = z.input<typeof meetingCreateInput>;

export const meetingUpdateInput = z.object(meetingFields);
export type MeetingUpdateInput = z.input<typeof meetingUpdateInput>;

export const cancelInput = z.object({ reason: z.string().trim().min(1, 'is required').max(500) });

export const rescheduleMeetingInput = z.object({ start: isoInstant, duration: lessonDuration.optional() });

export const bookMeetingInput = z.object({
  course: recordId,
  start: isoInstant,
  duration: lessonDuration,
  /** Left out, the lesson is named for its course and tutor ("Mathematics with Theo"). */
  title: title.optional(),
  lessonKind: z.enum(lessonKinds).default('LESSON'),
});
export type BookMeetingInput = z.input<typeof bookMeetingInput>;

const resourceFields = {
  title,
  description,
  link: z.union([webAddress, z.literal('').transform(() => undefined)]).optional(),
  dueAt: isoInstant.optional(),
};

/** Homework always has a due date; a resource never does. */
const dueDateRule = (input: { kind: ResourceKind; dueAt?: Date }, ctx: z.RefinementCtx) => {
  if (input.kind === 'HOMEWORK' && !input.dueAt) ctx.addIssue({ code: 'custom', path: ['dueAt'], message: 'is required for homework' });
  if (input.kind === 'RESOURCE' && input.dueAt) ctx.addIssue({ code: 'custom', path: ['dueAt'], message: 'is only for homework' });
};

export const resourceCreateInput = z.object({ course: recordId, parent, kind: z.enum(['RESOURCE', 'HOMEWORK']), ...resourceFields }).superRefine(dueDateRule);
export type ResourceCreateInput = z.input<typeof resourceCreateInput>;

export const resourceUpdateInput = z.object(resourceFields);
export type ResourceUpdateInput = z.input<typeof resourceUpdateInput>;

export const rescheduleHomeworkInput = z.object({ dueAt: isoInstant });

/**
 * POST /sections takes any kind (SECTION when none is given); lessons and resources carry the same fields as on
 * their own routes.
 */
export const anySectionInput = z.preprocess(
  (body) => (body && typeof body === 'object' && !('kind' in body) ? { ...body, kind: 'SECTION' } : body),
  z.discriminatedUnion('kind', [
    sectionCreateInput.extend({ kind: z.literal('SECTION') }),
    meetingCreateInput.extend({ kind: z.enum(['ZOOM', 'TEAMS']) }),
    resourceCreateInput,
  ]),
);
export type AnySectionInput = z.output<typeof anySectionInput>;

export const MAX_RESOURCE_BYTES = 20 * 1024 * 1024;

/**
 * The kinds of file a course's resources take, by the extension a person's device gives them, and the one type each
 * is served as: what the uploader's browser declared is never used (a page could otherwise arrive as text/html).
 */
export const resourceFileKinds = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  odp: 'application/vnd.oasis.opendocument.presentation',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  txt: 'text/plain',
  csv: 'text/csv',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  zip: 'application/zip',
} as const;

export const RESOURCE_ACCEPT = Object.keys(resourceFileKinds)
  .map((ext) => `.${ext}`)
  .join(',');
export const RESOURCE_KINDS_WORDS = 'PDF, Word, PowerPoint, Excel, OpenDocument, text, CSV, picture, MP3, MP4 or ZIP';

/** The type a resource is served as, from its file name; a name off the list is only ever a download of bytes. */
export function resourceContentType(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return Object.hasOwn(resourceFileKinds, extension) ? resourceFileKinds[extension as keyof typeof resourceFileKinds] : null;
}
