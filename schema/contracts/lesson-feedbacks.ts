import { z } from 'zod';
import { listQuery, recordId } from './common';

/** Lesson feedbacks (issue 33): a tutor's to each student of a lesson with stars and rewards, a student's to the tutor. */

export const FEEDBACK_COMMENT_MAX = 2000;
export const MAX_REWARDS = 3;

/** The rewards a tutor can give with their feedback (`GET …/feedback-rewards`). */
export const feedbackRewards = [
  { key: 'STAR_LEARNER', label: 'Star learner', emoji: '🌟', description: 'Outstanding work all lesson.' },
  { key: 'GREAT_EFFORT', label: 'Great effort', emoji: '💪', description: 'Kept going when it was hard.' },
  { key: 'PROBLEM_SOLVER', label: 'Problem solver', emoji: '🧩', description: 'Worked a tricky problem out.' },
  { key: 'GREAT_QUESTIONS', label: 'Great questions', emoji: '🙋', description: 'Asked questions that moved the lesson on.' },
  { key: 'MOST_IMPROVED', label: 'Most improved', emoji: '📈', description: 'A clear step up since last time.' },
  { key: 'HOMEWORK_HERO', label: 'Homework hero', emoji: '📚', description: 'Homework done well and on time.' },
] as const;

export type FeedbackRewardKey = (typeof feedbackRewards)[number]['key'];
export type FeedbackReward = (typeof feedbackRewards)[number];
const rewardKeys = feedbackRewards.map((r) => r.key) as [FeedbackRewardKey, ...FeedbackRewardKey[]];

export const rewardOf = (key: string) => feedbackRewards.find((r) => r.key === key);

const stars = z
  .number({ error: 'must be a number from 1 to 5' })
  .int('must be a whole number of stars')
  .min(1, 'must be at least 1')
  .max(5, 'can be at most 5');
const comment = z.string().trim().max(FEEDBACK_COMMENT_MAX, `can be at most ${FEEDBACK_COMMENT_MAX} characters`).default('');
const rewards = z
  .array(z.enum(rewardKeys, { error: 'must be rewards from the list' }))
  .max(MAX_REWARDS, `can be at most ${MAX_REWARDS}`)
  .refine((list) => new Set(list).size === list.length, 'must not give the same reward twice')
  .default([]);

export const tutorFeedbackFields = z.object({ stars, rewards, comment });
export const tutorFeedbackInput = tutorFeedbackFields.extend({ section: recordId, student: recordId });
export type TutorFeedbackInput = z.input<typeof tutorFeedbackInput>;

export const studentFeedbackFields = z.object({ stars, comment });
/** `tutor` is needed only when the lesson has more than one tutor. */
export const studentFeedbackInput = studentFeedbackFields.extend({ section: recordId, tutor: recordId.optional() });
export type StudentFeedbackInput = z.input<typeof studentFeedbackInput>;

export const feedbackListQuery = listQuery.safeExtend({
  section: recordId.optional(),
  course: recordId.optional(),
  tutorId: recordId.optional(),
  studentId: recordId.optional(),
});
export type FeedbackListQuery = z.output<typeof feedbackListQuery>;

export const feedbackAuthors = ['TUTOR', 'STUDENT'] as const;
export type FeedbackAuthor = (typeof feedbackAuthors)[number];

export interface FeedbackPerson {
  _id: string;
  firstname: string;
  lastname: string;
}

export interface LessonFeedback {
  _id: string;
  section: string;
  course: string;
  author: FeedbackAuthor;
  lesson: { _id: string; title: string; start: string | null };
  tutor: FeedbackPerson;
  student: FeedbackPerson;
  stars: number;
  rewards: { key: string; label: string; emoji: string }[];
  comment: string;
  createdAt: string;
  updatedAt: string;
}

export const FEEDBACK_MESSAGES = {
  saved: 'Feedback saved!',
  updated: 'Feedback updated!',
  deleted: 'Feedback deleted!',
} as const;

/** "★★★★☆" */
export const starsText = (count: number) => `${'★'.repeat(count)}${'☆'.repeat(5 - count)}`;

/** A lesson of a course that takes feedback (started, not cancelled), with its people. */
export interface FeedbackLesson {
  _id: string;
  title: string;
  start: string;
  tutors: FeedbackPerson[];
  students: FeedbackPerson[];
}

/** `GET /lesson-tutor-feedbacks/lessons?course=`: the course's latest such lessons and the caller's part in them. */
export interface CourseFeedbackLessons {
  lessons: FeedbackLesson[];
  /** The caller tutors the course: they give feedback to its students. */
  gives: boolean;
  /** The caller is the student: they rate lessons (a parent acting for them reads). */
  rates: boolean;
}

export const FEEDBACK_LESSONS_SHOWN = 20;
