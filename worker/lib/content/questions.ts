import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import type { approveInput, createManyInput, questionIdsQuery, questionInput, questionListQuery } from '../../../schema/contracts/content';
import { questions, subTopics } from '../../../schema/tables';
import type { Actor } from '../../env';
import { listPage, sortBy } from '../pagination';
import { contains } from '../search';
import type { TenantDb } from '../tenant-db';
import { questionValues } from './question-rows';
import { findQuestion, toQuestionDoc } from './records';

const sortColumns = { createdAt: questions.createdAt, updatedAt: questions.updatedAt, difficulty: questions.difficulty, level: questions.level };

const live = isNull(questions.deletedAt);

/** Every sub topic the rows name must be this tenant's; the first stranger is reported at its row's field. */
async function assertSubTopics(tdb: TenantDb, ids: string[], pathOf: (index: number) => string) {
  const found = new Set(
    (
      await tdb.db
        .select({ _id: subTopics._id })
        .from(subTopics)
        .where(tdb.where(subTopics, inArray(subTopics._id, [...new Set(ids)])))
        .all()
    ).map((r) => r._id),
  );
  const bad = ids.findIndex((id) => !found.has(id));
  if (bad >= 0) throw fieldError(pathOf(bad), 'is not a sub topic of this site');
}

/** The bank of some sub topics, filtered and sorted as asked, newest first by default. */
export async function questionPage(tdb: TenantDb, query: z.infer<typeof questionListQuery>) {
  const where = tdb.where(
    questions,
    live,
    inArray(questions.subTopicId, query.subTopicIds),
    query.difficulty ? eq(questions.difficulty, query.difficulty) : undefined,
    query.isApproved === undefined ? undefined : eq(questions.isApproved, query.isApproved),
    query.searchText ? contains(questions.text, query.searchText) : undefined,
  );
  const order = sortBy(query, sortColumns, desc(questions.createdAt));
  return listPage(tdb.db, questions, where, query, async ({ limit, offset }) =>
    (await tdb.db.select().from(questions).where(where).orderBy(order, desc(questions._id)).limit(limit).offset(offset).all()).map(toQuestionDoc),
  );
}

/** The named questions (a quiz's, say), a page at a time. */
export async function questionsById(tdb: TenantDb, query: z.infer<typeof questionIdsQuery>) {
  const where = tdb.where(questions, live, inArray(questions._id, query.questionId));
  const order = [desc(questions.createdAt), desc(questions._id)];
  return listPage(tdb.db, questions, where, query, async ({ limit, offset }) =>
    (
      await tdb.db
        .select()
        .from(questions)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .all()
    ).map(toQuestionDoc),
  );
}

export async function createQuestion(tdb: TenantDb, actor: Actor, input: z.infer<typeof questionInput>) {
  await assertSubTopics(tdb, [input.subTopicId], () => 'subTopicId');
  const created = await tdb.db
    .insert(questions)
    .values(tdb.values(questions, { ...questionValues(input, null), createdBy: actor.userId }))
    .returning()
    .get();
  return toQuestionDoc(created);
}

/** An import: one statement per row in one batch, so it lands whole or not at all. */
export async function createQuestions(tdb: TenantDb, actor: Actor, input: z.infer<typeof createManyInput>) {
  await assertSubTopics(
    tdb,
    input.questions.map((r) => r.subTopicId),
    (i) => `questions.${i}.subTopicId`,
  );
  const values = input.questions.map((row, i) => tdb.values(questions, { ...questionValues(row, null, `questions.${i}.`), createdBy: actor.userId }));
  const [first, ...rest] = values.map((v) => tdb.db.insert(questions).values(v).returning());
  const created = (await tdb.db.batch([first!, ...rest])).flat();
  return { created: created.length, docs: created.map(toQuestionDoc) };
}

export async function approveQuestion(tdb: TenantDb, actor: Actor, id: string, input: z.infer<typeof approveInput>) {
  const row = await findQuestion(tdb, id);
  const updated = await tdb.db
    .update(questions)
    .set({ isApproved: input.isApproved, approvedBy: input.isApproved ? actor.userId : null })
    .where(tdb.where(questions, eq(questions._id, row._id)))
    .returning()
    .get();
  return toQuestionDoc(updated);
}

/** Marked deleted, not removed: past attempts still name the question. */
export async function deleteQuestion(tdb: TenantDb, id: string) {
  const row = await findQuestion(tdb, id);
  await tdb.db
    .update(questions)
    .set({ deletedAt: new Date() })
    .where(and(tdb.where(questions, eq(questions._id, row._id)), live));
  return { _id: row._id };
}

/** An edited question goes back for approval: what was approved is no longer what learners would see. */
export async function updateQuestion(tdb: TenantDb, id: string, input: z.infer<typeof questionInput>) {
  const row = await findQuestion(tdb, id);
  await assertSubTopics(tdb, [input.subTopicId], () => 'subTopicId');
  const updated = await tdb.db
    .update(questions)
    .set({ ...questionValues(input, row), isApproved: false, approvedBy: null })
    .where(tdb.where(questions, eq(questions._id, row._id)))
    .returning()
    .get();
  return toQuestionDoc(updated);
}
