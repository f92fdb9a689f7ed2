import { z } from 'zod';
import { listQuery, recordId } from './common';

/** Homework hand-ins (issue 33): what a student hands in for a homework a tutor set, and the tutor's mark. */

export const MAX_HAND_IN_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_HAND_IN_FILES = 5;
export const MAX_HAND_IN_TEXT = 10_000;
export const MAX_FEEDBACK_TEXT = 5000;

/** The kinds of file a hand-in takes, by the extension a person's device gives them. */
export const handInFileKinds = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
} as const;

export const HAND_IN_ACCEPT = Object.keys(handInFileKinds)
  .map((ext) => `.${ext}`)
  .join(',');
export const HAND_IN_KINDS_WORDS = 'PDF, PNG, JPEG, WebP, Word (.docx) or plain text (.txt)';

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The content type a file's name claims, if it is one a hand-in takes; the server checks the bytes as well. */
export const claimedHandInType = (name: string): string | null =>
  Object.hasOwn(handInFileKinds, extensionOf(name)) ? handInFileKinds[extensionOf(name) as keyof typeof handInFileKinds] : null;

/** What is wrong with one chosen file, as the end of a sentence ("… must be 10 MB or smaller"), or null. */
export function handInFileProblem(file: { name: string; size: number }): string | null {
  if (!claimedHandInType(file.name)) return `must be a ${HAND_IN_KINDS_WORDS} file`;
  if (file.size === 0) return 'is empty';
  if (file.size > MAX_HAND_IN_FILE_BYTES) return 'must be 10 MB or smaller';
  return null;
}

export const handInText = z.string().trim().max(MAX_HAND_IN_TEXT, `can be at most ${MAX_HAND_IN_TEXT} characters`).default('');

/** The multipart fields beside the files: `section` on the first hand-in, `keep` (file ids) on a replacement. */
export const handInFields = z.object({ section: recordId, text: handInText });
export const handInReplaceFields = z.object({ text: handInText, keep: z.array(recordId).max(MAX_HAND_IN_FILES).default([]) });

export const markInput = z
  .object({
    mark: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'cannot be below 0'),
    outOf: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(1000, 'can be at most 1000'),
    feedback: z.string().trim().max(MAX_FEEDBACK_TEXT, `can be at most ${MAX_FEEDBACK_TEXT} characters`).default(''),
  })
  .superRefine((input, ctx) => {
    if (input.mark > input.outOf) ctx.addIssue({ code: 'custom', path: ['mark'], message: 'cannot be more than the marks it is out of' });
  });
export type MarkInput = z.input<typeof markInput>;

export const handInStatuses = ['HANDED_IN', 'MARKED'] as const;

export const handInListQuery = listQuery.safeExtend({ section: recordId, student: recordId.optional() });
export const handInCourseQuery = listQuery.safeExtend({ course: recordId, section: recordId.optional() });
export const handInStudentQuery = z.object({ student: recordId.optional() });
export const adminHandInQuery = listQuery.safeExtend({
  course: recordId.optional(),
  section: recordId.optional(),
  student: recordId.optional(),
  status: z.enum(handInStatuses).optional(),
});

export interface HandInPerson {
  _id: string;
  firstname: string;
  lastname: string;
}

export interface HandInFileView {
  _id: string;
  name: string;
  size: number;
  contentType: string;
  /** Where the file is fetched (with the bearer token). */
  download: string;
}

export interface HandIn {
  _id: string;
  section: string;
  course: string;
  student: HandInPerson;
  status: (typeof handInStatuses)[number];
  text: string;
  files: HandInFileView[];
  /** ISO 8601 */
  handedInAt: string;
  /** Handed in after the homework's due date. */
  late: boolean;
  mark: number | null;
  outOf: number | null;
  feedback: string | null;
  markedBy: HandInPerson | null;
  markedAt: string | null;
  homework: { _id: string; title: string; dueAt: string | null };
}

/** A homework of a course with the hand-ins the caller may see, and what the caller may do with it. */
export interface HomeworkWithHandIns {
  _id: string;
  title: string;
  description: string;
  dueAt: string | null;
  status: 'ACTIVE' | 'CANCELLED' | 'COMPLETED';
  handIns: HandIn[];
  /** The students of the course who have not handed it in (tutors and admins only). */
  missing: HandInPerson[];
}

export interface CourseHomework {
  homework: HomeworkWithHandIns[];
  /** The student hands in (never a parent acting for them, a tutor or an admin). */
  canHandIn: boolean;
  /** Every student's hand-ins (a tutor of the course, an admin); otherwise one student's or one family's. */
  seesAll: boolean;
  canMark: boolean;
}

export interface StudentHandInSummary {
  student: HandInPerson;
  homework: number;
  handedIn: number;
  late: number;
  marked: number;
  /** The mean of the marked hand-ins' percentages, rounded; null before any is marked. */
  averagePercent: number | null;
}

export const HAND_IN_MESSAGES = {
  handedIn: 'Homework handed in!',
  replaced: 'Hand-in updated!',
  withdrawn: 'Hand-in withdrawn.',
  marked: 'Mark saved. The student and their parents have been told.',
} as const;

/** "8 / 10 (80%)" */
export const markText = (mark: number, outOf: number) => `${mark} / ${outOf} (${Math.round((mark / outOf) * 100)}%)`;
