import { z } from 'zod';
import { listQuery } from './common';

const id = z.string().trim().min(1).max(64);

export const sessionQuestionInput = z.object({
  text: z.string().trim().min(1).max(2000),
  /** the board page the question is worked on, counted from 1 */
  pageNo: z.number().int().min(1).max(500),
});

/** The tutor sets a lesson's session: its questions by page, and optionally the sub topic and the student. */
export const sessionSaveInput = z.object({
  sectionId: id,
  subTopicId: id.optional(),
  studentId: id.optional(),
  questions: z.array(sessionQuestionInput).max(200),
});
export type SessionSaveInput = z.infer<typeof sessionSaveInput>;

/** POST sessions/list: one session's questions, a page at a time. */
export const sessionListInput = z.object({
  session: id,
  limit: z.number().int().min(1).max(100).default(100),
  offset: z.number().int().min(0).default(0),
});

export const sessionQuestion = z.object({ _id: z.string(), pageNo: z.number(), text: z.string(), number: z.number() });
export type SessionQuestionView = z.infer<typeof sessionQuestion>;

export const sessionView = z.object({
  _id: z.string(),
  sectionId: z.string(),
  student: z.string().nullable(),
  subTopicId: z.string().nullable(),
  questions: z.array(sessionQuestion),
  isMeetingEnded: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;

export const bookmarkInput = z.object({
  sectionId: id,
  pageNo: z.number().int().min(1).max(500),
  pageId: z.string().trim().min(1).max(64),
  subject: z.string().trim().min(1).max(100),
  subTopicId: id.optional(),
  subTopicName: z.string().trim().min(1).max(200).optional(),
  /** for a tutor bookmarking for one student of a group lesson */
  studentId: id.optional(),
});
export type BookmarkInput = z.infer<typeof bookmarkInput>;

export const bookmarksQuery = listQuery.and(
  z.object({
    tutorId: id.optional(),
    studentId: id.optional(),
    subject: z.string().trim().min(1).max(100).optional(),
    /** one lesson's bookmarks: the room's list and the replay's chapters */
    sectionId: id.optional(),
  }),
);

export interface BookmarkView {
  _id: string;
  sectionId: string;
  tutorId: string | null;
  studentId: string | null;
  subject: string;
  subTopicId: string | null;
  subTopicName: string | null;
  pageNo: number;
  pageId: string;
  createdAt: string;
}

/** Sorted by page, then numbered 1, 2, 3… in that order (spec 3, section 4). */
export function numberQuestions<T extends { pageNo: number }>(questions: readonly T[]): (T & { number: number })[] {
  return [...questions].sort((a, b) => a.pageNo - b.pageNo).map((question, i) => ({ ...question, number: i + 1 }));
}
