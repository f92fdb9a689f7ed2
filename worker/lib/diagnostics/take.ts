import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import type { DiagnosticCreateInput, DiagnosticTestDoc } from '../../../schema/contracts/diagnostics';
import { courses, diagnostics, diagnosticTests, flexiblePlans, questions, subTopics, topics } from '../../../schema/tables';
import type { Actor } from '../../env';
import { learnerFor } from '../quiz/learner';
import { helperQuestion } from '../quiz/submissions';
import type { TenantDb } from '../tenant-db';
import type { TutorHelper } from '../tutor-helper';
import { diagnosticDoc } from './read';
import { type MarkedAnswer, recommend } from './rules';

type TestRow = typeof diagnosticTests.$inferSelect;

const testDoc = (row: TestRow): DiagnosticTestDoc => ({
  _id: row._id,
  title: row.title,
  description: row.description,
  curriculum: row.curriculum,
  subject: row.subject,
  grade: row.grade,
  questionCount: row.questionIds.length,
});

/** The tests on offer, optionally of one subject and grade. */
export async function listTests(tdb: TenantDb, filter: { subject?: string; grade?: string }) {
  const rows = await tdb.db
    .select()
    .from(diagnosticTests)
    .where(
      tdb.where(
        diagnosticTests,
        filter.subject ? eq(diagnosticTests.subject, filter.subject) : undefined,
        filter.grade ? eq(diagnosticTests.grade, filter.grade) : undefined,
        eq(diagnosticTests.isPublished, true),
      ),
    )
    .orderBy(asc(diagnosticTests.subject), asc(diagnosticTests.grade), asc(diagnosticTests.title))
    .all();
  return rows.map(testDoc);
}

/** Learners reach published tests only; a draft answers as if it were not there. */
async function testRow(tdb: TenantDb, testId: string) {
  return tdb.db
    .select()
    .from(diagnosticTests)
    .where(tdb.where(diagnosticTests, eq(diagnosticTests._id, testId), eq(diagnosticTests.isPublished, true)))
    .get();
}

/** The test's questions with their topic and sub topic, in the test's order; never the answers. */
async function testQuestions(tdb: TenantDb, test: TestRow) {
  if (!test.questionIds.length) return [];
  const rows = await tdb.db
    .select({
      question: questions,
      topicId: topics._id,
      topicName: topics.name,
      subTopicName: subTopics.name,
    })
    .from(questions)
    .innerJoin(subTopics, eq(subTopics._id, questions.subTopicId))
    .innerJoin(topics, eq(topics._id, subTopics.topicId))
    .where(tdb.where(questions, inArray(questions._id, test.questionIds)))
    .all();
  const byId = new Map(rows.map((r) => [r.question._id, r]));
  return test.questionIds.flatMap((id) => byId.get(id) ?? []);
}

export async function testWithQuestions(tdb: TenantDb, testId: string): Promise<DiagnosticTestDoc> {
  const test = await testRow(tdb, testId);
  if (!test) throw new ApiError(404, 'Diagnostic test not found');
  const rows = await testQuestions(tdb, test);
  return {
    ...testDoc(test),
    questions: rows.map(({ question: q, topicName }) => ({ _id: q._id, kind: q.kind, text: q.text, options: q.options, topicName })),
  };
}

/** The course a family would join: an open course of the same curriculum, subject and grade. */
async function matchingCourse(tdb: TenantDb, test: TestRow) {
  return (
    (await tdb.db
      .select({ _id: courses._id, title: courses.title })
      .from(courses)
      .where(
        tdb.where(
          courses,
          eq(courses.status, 'ACTIVE'),
          isNull(courses.deletedAt),
          eq(courses.curriculum, test.curriculum),
          eq(courses.subject, test.subject),
          eq(courses.grade, test.grade),
        ),
      )
      .orderBy(asc(courses.title))
      .get()) ?? null
  );
}

/** Plans anyone may buy: a visitor has no group yet, so only those offered to everyone are advised. */
const openPlans = (tdb: TenantDb) =>
  tdb.db
    .select({ _id: flexiblePlans._id, name: flexiblePlans.name, minutes: flexiblePlans.minutes })
    .from(flexiblePlans)
    .where(tdb.where(flexiblePlans, and(eq(flexiblePlans.status, 'ACTIVE'), eq(flexiblePlans.inclusionMode, 'ALL'))))
    .all();

/**
 * Marks the answers handed in, works out the recommendation by the rules and asks the helper to add words (the
 * offline helper repeats the rules). A visitor leaves their name and address with it: that is the lead.
 */
export async function createDiagnostic(tdb: TenantDb, actor: Actor, input: DiagnosticCreateInput, helper: TutorHelper) {
  const learner = await learnerFor(tdb, actor);
  const test = await testRow(tdb, input.testId);
  if (!test) throw fieldError('testId', 'is not a diagnostic test here');
  if (learner.role === 'GUEST' && !input.lead) throw fieldError('lead', 'is required: tell us your name and e-mail address to see the result');
  const asked = await testQuestions(tdb, test);
  const given = new Map<string, (typeof input.answers)[number]>();
  input.answers.forEach((a, i) => {
    const row = asked.find((q) => q.question._id === a.questionId);
    if (!row) throw fieldError(`answers.${i}.questionId`, 'is not a question of this test');
    if (given.has(a.questionId)) throw fieldError(`answers.${i}.questionId`, 'is answered twice');
    if (row.question.kind === 'MCQ' && a.optionId !== undefined && !row.question.options.some((o) => o._id === a.optionId))
      throw fieldError(`answers.${i}.optionId`, 'is not an option of this question');
    given.set(a.questionId, a);
  });
  const marked: MarkedAnswer[] = [];
  for (const { question: q, topicId, topicName, subTopicName } of asked) {
    const a = given.get(q._id);
    const base = { questionId: q._id, topicId, topicName, subTopicId: q.subTopicId, subTopicName, maxMarks: q.maxMarks, difficulty: q.difficulty };
    if (q.kind === 'MCQ') {
      const optionId = a?.optionId ?? null;
      const right = optionId !== null && optionId === q.correctOptionId;
      const reasons = [optionId === null ? 'Not answered.' : right ? 'Correct option chosen.' : 'A different option was correct.'];
      marked.push({ ...base, optionId, answer: null, score: right ? q.maxMarks : 0, reasons });
    } else {
      const text = a?.answer ?? '';
      const mark = text ? await helper.markOpenAnswer(helperQuestion(q), text) : { score: 0, reasons: ['Not answered.'] };
      marked.push({ ...base, optionId: null, answer: text || null, score: mark.score, reasons: mark.reasons });
    }
  }
  const [course, plans] = await Promise.all([matchingCourse(tdb, test), openPlans(tdb)]);
  const { score, maxScore, topics: byTopic, recommendation } = recommend(marked, course, plans);
  const advice = await helper.diagnosticAdvice({
    subject: test.subject,
    grade: test.grade,
    percent: maxScore > 0 ? Math.round((score / maxScore) * 100) : 0,
    level: recommendation.level,
    topics: byTopic.map((t) => ({ name: t.name, percent: t.percent })),
    hours: recommendation.hours,
    course: course?.title ?? null,
    reasons: recommendation.reasons,
  });
  const row = await tdb.db
    .insert(diagnostics)
    .values(
      tdb.values(diagnostics, {
        userId: learner._id,
        testId: test._id,
        curriculum: test.curriculum,
        subject: test.subject,
        grade: test.grade,
        score,
        maxScore,
        answers: marked.map(({ difficulty: _, ...answer }) => answer),
        topics: byTopic,
        recommendation,
        helperText: advice.text,
        helperSource: advice.source,
        helperVersion: advice.version,
        leadName: input.lead?.name ?? null,
        leadEmail: input.lead?.email ?? null,
        leadPhone: input.lead?.phone ?? null,
      }),
    )
    .returning()
    .get();
  return diagnosticDoc(tdb, row, 'own');
}
