import { z } from 'zod';
import { recordId } from './common';
import type { LearnerRef, ScoreBand } from './quiz';

/** One subject a learner follows, by its syllabus code (spec 3 §3), and the sub topic they last opened in it. */
export const progressSubjectChoice = z
  .object({
    subjectCode: z.string({ error: 'is required' }).trim().min(1, 'is required').max(20),
    lastSubTopicId: recordId.nullish(),
  })
  .strict();
export type ProgressSubjectChoice = z.infer<typeof progressSubjectChoice>;

/**
 * POST /api/progress: what a learner saves is their choice of subjects and where they were, never a score (scores
 * come from finished attempts and lessons), so any other field is refused by name.
 */
export const saveProgressInput = z.object({ subjects: z.array(progressSubjectChoice).max(30, 'can hold at most 30 subjects') }).strict();
export type SaveProgressInput = z.infer<typeof saveProgressInput>;

/** GET /api/progress/:id (the learner's id); with a curriculum, the curriculum's progress alone (spec 3 §7). */
export const progressQuery = z.object({ curriculumId: recordId.optional() });

/** POST /api/progress/getSubjectProgress: one subject of a learner (the caller's own learner when left out). */
export const subjectProgressInput = z.object({ userId: recordId.optional(), subjectId: recordId }).strict();

/** POST /api/progress/unsubscribe: the signed token of a digest's "stop these e-mails" link. */
export const progressUnsubscribeInput = z.object({ token: z.string({ error: 'is required' }).trim().min(1, 'is required').max(2000) });

/** How many weeks the charts look back. */
export const PROGRESS_WEEKS = 8;

export interface WeekPoint {
  /** The Monday (UTC) that starts the week, `YYYY-MM-DD`. */
  week: string;
  attempts: number;
  /** Marks scored of marks available that week; null in a week with no finished attempt. */
  scorePercent: number | null;
}

export interface ProgressNumbers {
  /** How much of the subject is mastered: each sub topic's score, unpractised ones as 0, averaged; 0–100. */
  percent: number;
  /** Marks scored of marks available over every finished attempt; null with none. */
  scorePercent: number | null;
  attempts: number;
  practisedSubTopics: number;
  totalSubTopics: number;
  /** Closed lessons of the subject, and those the learner joined. */
  lessons: number;
  lessonsAttended: number;
  /** Minutes the learner spent in those lessons' rooms. */
  lessonMinutes: number;
  lastActivityAt: string | null;
}

export interface SubjectProgress extends ProgressNumbers {
  subjectId: string;
  subject: string;
  subjectCode: string | null;
  curriculumId: string;
  curriculum: string;
  /** The subject's own page under /learning-portal, where its topics are practised. */
  path: string;
  /** The learner chose to follow it (POST /progress); other subjects appear once they have work in them. */
  followed: boolean;
  lastSubTopicId: string | null;
  weeks: WeekPoint[];
}

/** Spec 3 §3: curriculum progress has curriculumId.name, userId and subjects. */
export interface CurriculumProgress {
  _id: string;
  curriculumId: { _id: string; name: string };
  userId: string;
  percent: number;
  subjects: SubjectProgress[];
}

/** Spec 3 §3: progress has userId and subjects (each with subjectCode); curricula group the same subjects. */
export interface ProgressDoc {
  _id: string;
  userId: string;
  learner: LearnerRef;
  subjects: SubjectProgress[];
  curricula: CurriculumProgress[];
}

export interface SubTopicProgress {
  subTopicId: string;
  name: string;
  attempts: number;
  scorePercent: number | null;
  band: ScoreBand | null;
  lastAttemptAt: string | null;
}

export interface TopicProgress {
  topicId: string;
  name: string;
  percent: number;
  attempts: number;
  scorePercent: number | null;
  subTopics: SubTopicProgress[];
}

export interface NextStep {
  subTopicId: string;
  name: string;
  kind: 'REVISE' | 'START' | 'CONTINUE';
  text: string;
}

/** POST /api/progress/getSubjectProgress: the subject with its topics and sub topics, and what to do next. */
export interface SubjectProgressDoc extends SubjectProgress {
  userId: string;
  learner: LearnerRef;
  topics: TopicProgress[];
  next: NextStep[];
}

/** GET /api/progress/learners: whose progress the caller follows (a parent's children, a tutor's students). */
export interface ProgressLearner {
  learner: LearnerRef;
  scorePercent: number | null;
  attempts: number;
  lessonsAttended: number;
  lastActivityAt: string | null;
}

export const PROGRESS_MESSAGES = {
  unsubscribed: 'Done: progress e-mails are off. You can turn them on again in your notification settings.',
  badLink: 'This link is not valid. Open your notification settings to change what reaches you.',
} as const;
