import { eq, isNull } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { EssayQuestionDoc, EssayResponseDoc, LearnerEssayQuestion } from '../../../schema/contracts/essays';
import { essayQuestions, essayResponses } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

type EssayRow = typeof essayQuestions.$inferSelect;
type ResponseRow = typeof essayResponses.$inferSelect;

export const toEssayDoc = ({ tenantId: _t, deletedAt: _d, ...row }: EssayRow): EssayQuestionDoc => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toLearnerEssay = (row: EssayRow): LearnerEssayQuestion => ({
  _id: row._id,
  subTopicId: row.subTopicId,
  stem: row.stem,
  subQuestions: row.subQuestions.map(({ _id, prompt, marks }) => ({ _id, prompt, marks })),
  totalMarks: row.totalMarks,
});

export const toResponseDoc = ({ tenantId: _t, updatedAt: _u, ...row }: ResponseRow): EssayResponseDoc => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** Essay questions marked deleted are gone for every caller; marked responses keep their own copy. */
export async function findEssay(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(essayQuestions)
    .where(tdb.where(essayQuestions, eq(essayQuestions._id, id), isNull(essayQuestions.deletedAt)))
    .get();
  if (!row) throw new ApiError(404, 'Essay question not found');
  return row;
}

export async function findResponse(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(essayResponses)
    .where(tdb.where(essayResponses, eq(essayResponses._id, id)))
    .get();
  if (!row) throw new ApiError(404, 'Essay answer not found');
  return row;
}
