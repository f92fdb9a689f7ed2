import type { ScheduleLesson } from './schedule';

/** Homework still to hand in, from a course the student is enrolled in. */
export interface HomeworkDue {
  _id: string;
  title: string;
  /** ISO 8601 */
  dueAt: string;
  course: { _id: string; title: string };
}

/** A quiz the student started and has not finished. */
export interface QuizInProgress {
  /** the attempt (submission) */
  _id: string;
  quizId: string;
  title: string;
  subject: string;
  /** ISO 8601: when the attempt was last saved */
  updatedAt: string;
}

/** `GET /api/home`: what a student's home lists beside the lessons, for the person the caller acts for. */
export interface StudentHomeData {
  homeworkDue: HomeworkDue[];
  quizzesInProgress: QuizInProgress[];
}

/** Someone named on a home. */
export interface HomePerson {
  _id: string;
  name: string;
}

/** A lesson on a home with its course, for the lists that are not schedules. */
export interface HomeLessonRef {
  lessonId: string;
  title: string;
  course: { _id: string; title: string };
  /** ISO 8601 */
  start: string;
}

/** One of the tutor's lessons whose join window is open, with the students in its waiting room now. */
export interface WaitingNow extends HomeLessonRef {
  /** The lesson's waiting room. */
  joinUrl: string;
  students: HomePerson[];
}

/** A lesson under way whose tutor has not arrived. */
export interface LateTutor extends HomeLessonRef {
  tutor: HomePerson | null;
  /** Whole minutes since the start. */
  minutesLate: number;
}

/** A lesson of a parent's children, labelled with the children it is for. */
export type FamilyLesson = ScheduleLesson & { children: { _id: string; firstname: string }[] };

/** A finished quiz attempt of a parent's child. */
export interface ChildQuizResult {
  /** the attempt (submission) */
  _id: string;
  quizId: string;
  title: string;
  subject: string;
  score: number | null;
  maxScore: number | null;
  /** ISO 8601 */
  finishedAt: string;
}

/** One child of a parent, with their latest results. */
export interface ChildResults {
  child: { _id: string; firstname: string; lastname: string };
  quizResults: ChildQuizResult[];
}

/**
 * `GET /api/home`: the person's own parts (homework due and quizzes in progress, for the person the caller acts for)
 * and, for the roles they belong to, the tutor's waiting students, the admin's late tutors and a parent's children.
 * A part that is not the caller's role's is an empty list.
 */
export interface HomeData extends StudentHomeData {
  waitingNow: WaitingNow[];
  lateTutors: LateTutor[];
  children: ChildResults[];
  /** The children's lessons still to come or under way, soonest first. */
  familySchedule: FamilyLesson[];
}
