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
