import { eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import { type QuizCreateInput, type quizPublishInput, quizToasts, subjectLevelOf } from '../../../schema/contracts/quiz';
import { curricula, grades, questions, quizzes, subjects, subTopics, topics } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { quizDocs, tenantQuiz } from './quizzes';

/** A quiz of a topic (or one of its sub topics) from that place's questions, with the place's names copied for filters. */
export async function createQuiz(tdb: TenantDb, actor: Actor, input: QuizCreateInput) {
  const place = await tdb.db
    .select({ topic: topics, subject: subjects.name, subjectCode: subjects.subjectCode, curriculum: curricula.name, grade: grades.grade })
    .from(topics)
    .innerJoin(subjects, eq(subjects._id, topics.subjectId))
    .innerJoin(curricula, eq(curricula._id, subjects.curriculumId))
    .innerJoin(grades, eq(grades._id, topics.gradeId))
    .where(tdb.where(topics, eq(topics._id, input.topicId)))
    .get();
  if (!place) throw fieldError('topicId', 'no such topic');
  const subTopicIds = input.subTopicId
    ? [input.subTopicId]
    : (
        await tdb.db
          .select({ _id: subTopics._id })
          .from(subTopics)
          .where(tdb.where(subTopics, eq(subTopics.topicId, input.topicId)))
      ).map((s) => s._id);
  if (input.subTopicId) {
    const sub = await tdb.db
      .select({ _id: subTopics._id })
      .from(subTopics)
      .where(tdb.where(subTopics, eq(subTopics._id, input.subTopicId), eq(subTopics.topicId, input.topicId)))
      .get();
    if (!sub) throw fieldError('subTopicId', 'is not a sub topic of this topic');
  }
  const found = subTopicIds.length
    ? await tdb.db
        .select({ _id: questions._id })
        .from(questions)
        .where(tdb.where(questions, inArray(questions._id, input.questionIds), inArray(questions.subTopicId, subTopicIds), isNull(questions.deletedAt)))
    : [];
  const missing = input.questionIds.filter((id) => !found.some((f) => f._id === id));
  if (missing.length) throw fieldError('questionIds', `not in this ${input.subTopicId ? 'sub topic' : 'topic'}: ${missing.join(', ')}`);
  const row = await tdb.db
    .insert(quizzes)
    .values(
      tdb.values(quizzes, {
        title: input.title,
        topicId: input.topicId,
        subTopicId: input.subTopicId ?? null,
        paper: input.paper ?? null,
        curriculum: place.curriculum,
        subject: place.subject,
        grade: place.grade,
        subjectLevel: input.subjectLevel ?? subjectLevelOf(place.curriculum),
        subjectCode: place.subjectCode,
        questionIds: [...new Set(input.questionIds)],
        timeLimitSeconds: input.timeLimitSeconds ?? null,
        createdBy: actor.userId,
      }),
    )
    .returning()
    .get();
  const [doc] = await quizDocs(tdb, [row]);
  return { message: quizToasts.created, quiz: doc };
}

/** Publishing keeps the first publication date, so a republished quiz keeps its place in the learners' list. */
export async function publishQuiz(tdb: TenantDb, id: string, input: z.infer<typeof quizPublishInput>) {
  const quiz = await tenantQuiz(tdb, id);
  const row = await tdb.db
    .update(quizzes)
    .set({
      isPublished: input.isPublished,
      publishedAt: input.isPublished ? (quiz.publishedAt ?? new Date()) : null,
      ...(input.title !== undefined && { title: input.title }),
      ...(input.timeLimitSeconds !== undefined && { timeLimitSeconds: input.timeLimitSeconds }),
    })
    .where(tdb.where(quizzes, eq(quizzes._id, quiz._id)))
    .returning()
    .get();
  const [doc] = await quizDocs(tdb, [row]);
  return { message: quizToasts.updated, quiz: doc };
}
