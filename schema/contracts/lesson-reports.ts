import { z } from 'zod';

/** A lesson report (issue 30): the tutor's account of one lesson for one student and the parents who act for them. */

export const REPORT_SUMMARY_MAX = 5000;
export const REPORT_COVERED_MAX = 30;

const coveredItem = z.string().trim().min(1, 'cannot be empty').max(200, 'can be at most 200 characters');

/** What the tutor writes: the summary, and the list of what was covered (drafted from the notes' headings). */
export const lessonReportInput = z.object({
  summary: z.string({ error: 'is required' }).trim().max(REPORT_SUMMARY_MAX, `can be at most ${REPORT_SUMMARY_MAX} characters`),
  covered: z.array(coveredItem).max(REPORT_COVERED_MAX, `can list at most ${REPORT_COVERED_MAX} topics`),
});
export type LessonReportInput = z.infer<typeof lessonReportInput>;

/** Sending needs a summary: a parent is never sent an empty report. */
export const sendLessonReportInput = lessonReportInput.extend({
  summary: lessonReportInput.shape.summary.min(1, 'is needed before the report can be sent'),
});

export const lessonReportStatusValues = ['DRAFT', 'SENT'] as const;

export interface ReportPerson {
  _id: string;
  firstname: string;
  lastname: string;
}

export interface LessonReportView {
  /** null while the draft has never been saved: its facts are read from the rooms each time it is opened. */
  _id: string | null;
  sectionId: string;
  status: (typeof lessonReportStatusValues)[number];
  lesson: { title: string; start: string; duration: number; course: { _id: string; title: string } };
  tutor: ReportPerson | null;
  student: ReportPerson;
  summary: string;
  covered: string[];
  bookmarkedPages: number[];
  boardPages: number;
  minutesInRoom: number;
  homework: { title: string; dueAt: string | null }[];
  /** ISO 8601 */
  sentAt: string | null;
}

export interface LessonReportList {
  docs: LessonReportView[];
  totalDocs: number;
  limit: number;
  offset: number;
}

export const REPORT_MESSAGES = { saved: 'Draft saved!', sent: 'Lesson report sent!' } as const;
