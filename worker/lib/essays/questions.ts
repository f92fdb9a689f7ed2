import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import type { approveInput } from '../../../schema/contracts/content';
import type { EssayDraft, EssayDraftResult, essayDraftInput, essayListQuery, essayQuestionInput } from '../../../schema/contracts/essays';
import { essayQuestions, questions } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { Actor } from '../../env';
import { findSubTopic } from '../content/records';
import { listPage, sortBy } from '../pagination';
import { contains } from '../search';
import type { TenantDb } from '../tenant-db';
import { offlineDraftNote, type TutorHelper } from '../tutor-helper';
import { findEssay, toEssayDoc } from './records';

type Input = z.infer<typeof essayQuestionInput>;

const live = isNull(essayQuestions.deletedAt);
const sortColumns = { createdAt: essayQuestions.createdAt, updatedAt: essayQuestions.updatedAt, totalMarks: essayQuestions.totalMarks };

/** A sub topic named in a body is a bad field when it is not this tenant's. */
async function subTopicField(tdb: TenantDb, id: string) {
  return findSubTopic(tdb, id).catch(() => {
    throw fieldError('subTopicId', 'is not a sub topic of this site');
  });
}

/** Parts and rubric points get ids; a part keeps the id it was sent with when the question already has it. */
function essayValues(input: Input, existing: typeof essayQuestions.$inferSelect | null) {
  const known = new Set((existing?.subQuestions ?? []).map((p) => p._id));
  const subQuestions = input.subQuestions.map(({ _id, markScheme, ...part }) => ({
    ...part,
    _id: _id && known.has(_id) ? _id : newId(),
    markScheme: markScheme.map((point) => ({ _id: newId(), ...point })),
  }));
  return {
    subTopicId: input.subTopicId,
    stem: input.stem,
    subQuestions,
    totalMarks: subQuestions.reduce((sum, p) => sum + p.marks, 0),
  };
}

/** The admin essay list of one sub topic, filtered and sorted as asked, newest first by default. */
export async function essayPage(tdb: TenantDb, query: z.infer<typeof essayListQuery>) {
  const where = tdb.where(
    essayQuestions,
    live,
    eq(essayQuestions.subTopicId, query.subTopicId),
    query.isApproved === undefined ? undefined : eq(essayQuestions.isApproved, query.isApproved),
    query.origin ? eq(essayQuestions.origin, query.origin) : undefined,
    query.searchText ? contains(essayQuestions.stem, query.searchText) : undefined,
  );
  const order = sortBy(query, sortColumns, desc(essayQuestions.createdAt));
  return listPage(tdb.db, essayQuestions, where, query, async ({ limit, offset }) =>
    (await tdb.db.select().from(essayQuestions).where(where).orderBy(order, desc(essayQuestions._id)).limit(limit).offset(offset).all()).map(toEssayDoc),
  );
}

export async function createEssay(tdb: TenantDb, actor: Actor, input: Input) {
  await subTopicField(tdb, input.subTopicId);
  const created = await tdb.db
    .insert(essayQuestions)
    .values(tdb.values(essayQuestions, { ...essayValues(input, null), origin: input.origin, createdBy: actor.userId }))
    .returning()
    .get();
  return toEssayDoc(created);
}

/** An edited question goes back for approval: what was approved is no longer what learners would see. */
export async function updateEssay(tdb: TenantDb, id: string, input: Input) {
  const row = await findEssay(tdb, id);
  await subTopicField(tdb, input.subTopicId);
  const updated = await tdb.db
    .update(essayQuestions)
    .set({ ...essayValues(input, row), isApproved: false, approvedBy: null })
    .where(tdb.where(essayQuestions, eq(essayQuestions._id, row._id)))
    .returning()
    .get();
  return toEssayDoc(updated);
}

export async function approveEssay(tdb: TenantDb, actor: Actor, id: string, input: z.infer<typeof approveInput>) {
  const row = await findEssay(tdb, id);
  const updated = await tdb.db
    .update(essayQuestions)
    .set({ isApproved: input.isApproved, approvedBy: input.isApproved ? actor.userId : null })
    .where(tdb.where(essayQuestions, eq(essayQuestions._id, row._id)))
    .returning()
    .get();
  return toEssayDoc(updated);
}

/** Marked deleted, not removed: learners' marked answers still name the question. */
export async function deleteEssay(tdb: TenantDb, id: string) {
  const row = await findEssay(tdb, id);
  await tdb.db
    .update(essayQuestions)
    .set({ deletedAt: new Date() })
    .where(and(tdb.where(essayQuestions, eq(essayQuestions._id, row._id)), live));
  return { _id: row._id };
}

/**
 * Drafts through the helper adapter from the sub topic and its own question bank; nothing is stored until an admin
 * saves a draft through create. `many` answers an array (the `gpt/question` call), otherwise one draft.
 */
export async function draftEssays(tdb: TenantDb, input: z.infer<typeof essayDraftInput>, helper: TutorHelper, many: boolean): Promise<EssayDraftResult> {
  const subTopic = await subTopicField(tdb, input.subTopicId);
  const bank = await tdb.db
    .select()
    .from(questions)
    .where(tdb.where(questions, eq(questions.subTopicId, subTopic._id), isNull(questions.deletedAt)))
    .orderBy(questions.level, questions._id)
    .limit(30)
    .all();
  const count = many ? input.count : 1;
  const replies = [];
  for (let variant = 0; variant < count; variant += 1) {
    replies.push(await helper.draftEssay({ subTopic: { name: subTopic.name, summary: subTopic.summary }, instructions: input.instructions, bank, variant }));
  }
  const drafts: EssayDraft[] = replies.map(({ draft, source }) => ({ subTopicId: subTopic._id, ...draft, origin: source === 'offline' ? 'OFFLINE' : 'AI' }));
  // One fallback is enough to label the batch offline: the screen never claims a model wrote what rules wrote.
  const offline = replies.some((r) => r.source === 'offline');
  const source = offline ? 'offline' : replies[0]!.source;
  return {
    questions: many ? drafts : drafts[0]!,
    threadId: offline ? null : newId(),
    source,
    note: offline ? offlineDraftNote : `Drafted by the AI helper (${replies[0]!.version}). Check every part and its rubric before saving.`,
  };
}
