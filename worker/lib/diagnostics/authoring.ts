import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../../platform/errors';
import type {
  AdminDiagnosticTestDoc,
  DiagnosticQuestionChoice,
  diagnosticPublishInput,
  diagnosticQuestionQuery,
  diagnosticTestInput,
} from '../../../schema/contracts/diagnostics';
import { curricula, diagnosticTests, grades, questions, subjects, subTopics, topics } from '../../../schema/tables';
import { listPage } from '../pagination';
import { contains } from '../search';
import type { TenantDb } from '../tenant-db';

type TestRow = typeof diagnosticTests.$inferSelect;
type Place = { curriculum: string; subject: string; grade: string };

const toAdminDoc = (row: TestRow): AdminDiagnosticTestDoc => ({
  _id: row._id,
  title: row.title,
  description: row.description,
  curriculum: row.curriculum,
  subject: row.subject,
  grade: row.grade,
  questionCount: row.questionIds.length,
  questionIds: row.questionIds,
  isPublished: row.isPublished,
  updatedAt: row.updatedAt.toISOString(),
});

/** The approved, live questions of the bank in one curriculum's subject and grade: what a test there may ask. */
function placedQuestions(tdb: TenantDb, place: Place) {
  return tdb.db
    .select({
      _id: questions._id,
      text: questions.text,
      kind: questions.kind,
      difficulty: questions.difficulty,
      topicName: topics.name,
      subTopicName: subTopics.name,
    })
    .from(questions)
    .innerJoin(subTopics, eq(subTopics._id, questions.subTopicId))
    .innerJoin(topics, eq(topics._id, subTopics.topicId))
    .innerJoin(subjects, and(eq(subjects._id, topics.subjectId), eq(subjects.name, place.subject)))
    .innerJoin(curricula, and(eq(curricula._id, subjects.curriculumId), eq(curricula.name, place.curriculum)))
    .innerJoin(grades, and(eq(grades._id, topics.gradeId), eq(grades.grade, place.grade)));
}

const live = (tdb: TenantDb, ...more: Parameters<TenantDb['where']>[1][]) =>
  tdb.where(questions, eq(questions.isApproved, true), isNull(questions.deletedAt), ...more);

/** Every test of the tenant, drafts too, last changed first. */
export async function adminTestPage(tdb: TenantDb, query: { limit: number; offset: number }) {
  const where = tdb.where(diagnosticTests);
  return listPage(tdb.db, diagnosticTests, where, query, async (page) =>
    (
      await tdb.db
        .select()
        .from(diagnosticTests)
        .where(where)
        .orderBy(desc(diagnosticTests.updatedAt), asc(diagnosticTests._id))
        .limit(page.limit)
        .offset(page.offset)
        .all()
    ).map(toAdminDoc),
  );
}

async function findTest(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(diagnosticTests)
    .where(tdb.where(diagnosticTests, eq(diagnosticTests._id, id)))
    .get();
  if (!row) throw new ApiError(404, 'Diagnostic test not found');
  return row;
}

/** One test with its questions in order; a question since withdrawn from the bank is left out, so the editor shows it gone. */
export async function adminTest(tdb: TenantDb, id: string): Promise<AdminDiagnosticTestDoc> {
  const row = await findTest(tdb, id);
  const found = row.questionIds.length
    ? await placedQuestions(tdb, row)
        .where(live(tdb, inArray(questions._id, row.questionIds)))
        .all()
    : [];
  const byId = new Map(found.map((q) => [q._id, q]));
  return { ...toAdminDoc(row), questions: row.questionIds.flatMap((qid) => byId.get(qid) ?? []) };
}

/** The editor's question picker: up to 100 approved questions of the subject and grade, easiest first. */
export async function questionChoices(tdb: TenantDb, query: z.infer<typeof diagnosticQuestionQuery>): Promise<DiagnosticQuestionChoice[]> {
  return placedQuestions(tdb, query)
    .where(live(tdb, query.searchText ? contains(questions.text, query.searchText) : undefined))
    .orderBy(asc(topics.sortingOrder), asc(subTopics.sortingOrder), asc(questions.level), asc(questions._id))
    .limit(100)
    .all();
}

/** The subject and grade must be in the catalogue, and every question an approved one of them. */
async function checkedInput(tdb: TenantDb, input: z.infer<typeof diagnosticTestInput>) {
  const place = await tdb.db
    .select({ subjectId: subjects._id })
    .from(subjects)
    .innerJoin(curricula, eq(curricula._id, subjects.curriculumId))
    .innerJoin(grades, and(eq(grades.subjectId, subjects._id), eq(grades.grade, input.grade)))
    .where(tdb.where(subjects, eq(subjects.name, input.subject), eq(curricula.name, input.curriculum)))
    .get();
  if (!place) throw fieldError('subject', `is not in the catalogue: ${input.curriculum} has no ${input.subject} for ${input.grade}`);
  const found = await placedQuestions(tdb, input)
    .where(live(tdb, inArray(questions._id, input.questionIds)))
    .all();
  const missing = input.questionIds.filter((qid) => !found.some((q) => q._id === qid));
  if (missing.length) throw fieldError('questionIds', `must be approved questions of ${input.subject}, ${input.grade}: ${missing.join(', ')} is not`);
  return input;
}

/** A new test starts as a draft: learners see it only once it is published. */
export async function createTest(tdb: TenantDb, input: z.infer<typeof diagnosticTestInput>) {
  const values = await checkedInput(tdb, input);
  const row = await tdb.db
    .insert(diagnosticTests)
    .values(tdb.values(diagnosticTests, { ...values, isPublished: false }))
    .returning()
    .get();
  return adminTest(tdb, row._id);
}

/** Results already handed in keep what they were marked against, so editing a published test is safe for them. */
export async function updateTest(tdb: TenantDb, id: string, input: z.infer<typeof diagnosticTestInput>) {
  await findTest(tdb, id);
  const values = await checkedInput(tdb, input);
  await tdb.db
    .update(diagnosticTests)
    .set(values)
    .where(tdb.where(diagnosticTests, eq(diagnosticTests._id, id)));
  return adminTest(tdb, id);
}

/** Publishing needs every question still in the bank and approved, so learners never meet a withdrawn one. */
export async function publishTest(tdb: TenantDb, id: string, input: z.infer<typeof diagnosticPublishInput>) {
  const row = await findTest(tdb, id);
  if (input.isPublished) {
    const doc = await adminTest(tdb, id);
    const gone = row.questionIds.length - (doc.questions?.length ?? 0);
    if (gone > 0) throw new ApiError(409, `${gone} of this test’s questions are no longer approved in the bank. Edit the test before publishing it.`);
  }
  await tdb.db
    .update(diagnosticTests)
    .set({ isPublished: input.isPublished })
    .where(tdb.where(diagnosticTests, eq(diagnosticTests._id, id)));
  return adminTest(tdb, id);
}
