import { and, desc, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { DiagnosticDoc, DiagnosticSubmission, SubTopicResult } from '../../../schema/contracts/diagnostics';
import { percentOf } from '../../../schema/contracts/quiz';
import { callbackRequests, diagnostics, diagnosticTests, questions, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { isLinkedChild } from '../family-links';
import { paged } from '../pagination';
import { helperQuestion } from '../quiz/submissions';
import type { TenantDb } from '../tenant-db';
import { modelAnswer } from '../tutor-helper';
import type { DiagnosticRow } from './access';

export async function diagnosticDoc(tdb: TenantDb, row: DiagnosticRow, access: DiagnosticDoc['access']): Promise<DiagnosticDoc> {
  const [test, learner, callback] = await Promise.all([
    tdb.db
      .select({ title: diagnosticTests.title })
      .from(diagnosticTests)
      .where(tdb.where(diagnosticTests, eq(diagnosticTests._id, row.testId)))
      .get(),
    tdb.db
      .select({ firstname: users.firstname, role: users.role })
      .from(users)
      .where(tdb.where(users, eq(users._id, row.userId)))
      .get(),
    tdb.db
      .select({ _id: callbackRequests._id })
      .from(callbackRequests)
      .where(tdb.where(callbackRequests, eq(callbackRequests.diagnosticId, row._id)))
      .get(),
  ]);
  const isLead = row.leadEmail !== null;
  const stillGuest = learner?.role === 'GUEST';
  return {
    _id: row._id,
    testId: row.testId,
    title: test?.title ?? `${row.subject} diagnostic`,
    curriculum: row.curriculum,
    subject: row.subject,
    grade: row.grade,
    score: row.score,
    maxScore: row.maxScore,
    percent: percentOf(row.score, row.maxScore),
    topics: row.topics,
    recommendation: row.recommendation,
    helper: { text: row.helperText, source: row.helperSource },
    learnerName: (stillGuest ? row.leadName?.split(' ')[0] : learner?.firstname) || row.leadName || 'The learner',
    // A visitor's details make them a lead; their result is kept under their own id, which the web remembers.
    user: { _id: row.userId, isLeadGenSubmitted: isLead, tutopiyaUserId: isLead && stillGuest ? row.userId : null },
    access,
    callbackRequested: Boolean(callback),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Each question as it was asked, with the answer given, the right one and the reasons for the mark. */
export async function diagnosticSubmission(tdb: TenantDb, row: DiagnosticRow): Promise<DiagnosticSubmission> {
  const ids = row.answers.map((a) => a.questionId);
  const rows = ids.length
    ? await tdb.db
        .select()
        .from(questions)
        .where(tdb.where(questions, inArray(questions._id, ids)))
        .all()
    : [];
  const byId = new Map(rows.map((q) => [q._id, q]));
  return {
    diagnosticId: row._id,
    questions: row.answers.flatMap((a, position) => {
      const q = byId.get(a.questionId);
      if (!q) return [];
      return [
        {
          questionId: q._id,
          position,
          text: q.text,
          kind: q.kind,
          options: q.options,
          topicName: a.topicName,
          subTopicName: a.subTopicName,
          optionId: a.optionId,
          answer: a.answer,
          correctOptionId: q.correctOptionId,
          modelAnswer: modelAnswer(helperQuestion(q)),
          score: a.score,
          maxMarks: a.maxMarks,
          reasons: a.reasons,
        },
      ];
    }),
  };
}

/** The learner a read about a person is for: the caller or whom they act for, or a parent's linked child. */
async function learnerInReach(tdb: TenantDb, actor: Actor, userId: string) {
  if (userId === actor.actingUserId) return;
  if (actor.role === 'PARENT' && (await isLinkedChild(tdb, actor.userId, userId))) return;
  throw new ApiError(404, 'Learner not found');
}

/** How the learner did on one sub topic in each diagnostic that asked about it, newest first. */
export async function subTopicResults(tdb: TenantDb, actor: Actor, input: { userId: string; subTopicId: string; limit: number; offset: number }) {
  await learnerInReach(tdb, actor, input.userId);
  const rows = await tdb.db
    .select({ _id: diagnostics._id, answers: diagnostics.answers, createdAt: diagnostics.createdAt, title: diagnosticTests.title })
    .from(diagnostics)
    .innerJoin(diagnosticTests, eq(diagnosticTests._id, diagnostics.testId))
    .where(tdb.where(diagnostics, eq(diagnostics.userId, input.userId)))
    .orderBy(desc(diagnostics.createdAt))
    .all();
  const docs: SubTopicResult[] = rows.flatMap((r) => {
    const asked = r.answers.filter((a) => a.subTopicId === input.subTopicId);
    if (!asked.length) return [];
    return [
      {
        diagnosticId: r._id,
        title: r.title,
        createdAt: r.createdAt.toISOString(),
        score: asked.reduce((sum, a) => sum + a.score, 0),
        maxScore: asked.reduce((sum, a) => sum + a.maxMarks, 0),
      },
    ];
  });
  return paged(docs.slice(input.offset, input.offset + input.limit), docs.length, input);
}

/** The latest recommendation for the learner the caller acts for, in one subject and grade. */
export async function latestRecommendation(tdb: TenantDb, actor: Actor, input: { subject: string; grade: string }) {
  const row = await tdb.db
    .select()
    .from(diagnostics)
    .where(tdb.where(diagnostics, and(eq(diagnostics.userId, actor.actingUserId), eq(diagnostics.subject, input.subject), eq(diagnostics.grade, input.grade))))
    .orderBy(desc(diagnostics.createdAt))
    .get();
  if (!row) throw new ApiError(404, `There is no ${input.grade} ${input.subject} diagnostic yet`);
  return diagnosticDoc(tdb, row, 'own');
}
