import { and, eq } from 'drizzle-orm';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { questions, quizzes, submissionAnswers, submissions } from '../../schema/tables';
import { db } from './seed';

/** Seeded records (schema/seed-content) the quiz tests lean on, and the extra quizzes they add. */
export const QUIZ_IDS = {
  topic: 'topic_studyhall_maths_algebra',
  subTopic: 'sub_topic_studyhall_linear_equations',
  published: 'quiz_studyhall_linear_equations_a',
  partnerQuiz: 'quiz_brightpath_percentages_a',
  unpublished: 'quiz_test_unpublished',
  mixed: 'quiz_test_mixed',
  timed: 'quiz_test_timed',
  samSubmission: 'submission_test_sam',
} as const;

export async function linearQuestions() {
  const rows = await db
    .select()
    .from(questions)
    .where(and(eq(questions.subTopicId, QUIZ_IDS.subTopic), eq(questions.isApproved, true)));
  const open = rows.find((q) => q.kind === 'OPEN');
  if (!open) throw new Error('the seed has no approved open question on linear equations');
  return { mcq: rows.filter((q) => q.kind === 'MCQ'), open };
}

/** An unpublished quiz, a quiz mixing two multiple-choice questions with an open one, a 10-minute timed quiz, and an attempt of Sam's. */
export async function seedQuizFixtures() {
  const { mcq, open } = await linearQuestions();
  const base = {
    tenantId: TENANT_IDS.studyhall,
    topicId: QUIZ_IDS.topic,
    subTopicId: QUIZ_IDS.subTopic,
    curriculum: 'Cambridge IGCSE',
    subject: 'Mathematics',
    grade: 'Grade 10',
  };
  const twoMcq = mcq.slice(0, 2).map((q) => q._id);
  await db.batch([
    db.insert(quizzes).values({ ...base, _id: QUIZ_IDS.unpublished, title: 'Draft quiz', questionIds: twoMcq, isPublished: false }),
    db.insert(quizzes).values({
      ...base,
      _id: QUIZ_IDS.mixed,
      title: 'Mixed quiz',
      paper: 'Paper 2',
      questionIds: [...twoMcq, open._id],
      isPublished: true,
      publishedAt: new Date(Date.UTC(2026, 0, 1)),
    }),
    db.insert(quizzes).values({
      ...base,
      _id: QUIZ_IDS.timed,
      title: 'Timed quiz',
      questionIds: twoMcq,
      timeLimitSeconds: 600,
      isPublished: true,
      publishedAt: new Date(Date.UTC(2026, 0, 2)),
    }),
    db.insert(submissions).values({
      _id: QUIZ_IDS.samSubmission,
      tenantId: TENANT_IDS.studyhall,
      userId: DEMO_USERS.student._id,
      quizId: QUIZ_IDS.mixed,
      subTopicId: QUIZ_IDS.subTopic,
    }),
    db
      .insert(submissionAnswers)
      .values(
        [...twoMcq, open._id].map((questionId, position) => ({ tenantId: TENANT_IDS.studyhall, submissionId: QUIZ_IDS.samSubmission, questionId, position })),
      ),
  ]);
  return { mcq, open };
}
