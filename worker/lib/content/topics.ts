import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../../platform/errors';
import type { topicSortingInput, topicsQuery } from '../../../schema/contracts/content';
import { topics } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { toTopicDoc } from './records';

/** A subject's topics (of one grade, if named) in sorting order. */
export async function subjectTopics(tdb: TenantDb, input: z.infer<typeof topicsQuery>) {
  const rows = await tdb.db
    .select()
    .from(topics)
    .where(tdb.where(topics, eq(topics.subjectId, input.subjectId), input.gradeId ? eq(topics.gradeId, input.gradeId) : undefined))
    .orderBy(asc(topics.sortingOrder), asc(topics.name))
    .all();
  return rows.map(toTopicDoc);
}

/** Stores a new order in one batch: every topic named must be this tenant's, or nothing changes. */
export async function sortTopics(tdb: TenantDb, input: z.infer<typeof topicSortingInput>) {
  const ids = input.topics.map((t) => t._id);
  const found = await tdb.db
    .select({ _id: topics._id })
    .from(topics)
    .where(tdb.where(topics, inArray(topics._id, ids)))
    .all();
  if (found.length !== ids.length) throw new ApiError(404, 'Topic not found');
  const [first, ...rest] = input.topics.map((t) =>
    tdb.db
      .update(topics)
      .set({ sortingOrder: t.sortingOrder })
      .where(tdb.where(topics, eq(topics._id, t._id))),
  );
  await tdb.db.batch([first!, ...rest]);
  return { updated: input.topics.length };
}
