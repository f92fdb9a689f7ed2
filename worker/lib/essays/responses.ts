import { eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../../platform/errors';
import { type essayOverrideInput, type essayResponseInput, verdictOf } from '../../../schema/contracts/essays';
import { type EssayAnswer, essayQuestions, essayResponses } from '../../../schema/tables';
import type { Actor } from '../../env';
import { findSubTopic } from '../content/records';
import { learnerFor } from '../quiz/learner';
import { mayMark, type Reviewer } from '../quiz/reviewers';
import type { TenantDb } from '../tenant-db';
import type { TutorHelper } from '../tutor-helper';
import { findEssay, findResponse, toLearnerEssay, toResponseDoc } from './records';

/** One approved structured question of the sub topic, picked at random, without model answers or rubric. */
export async function randomEssay(tdb: TenantDb, subTopicId: string) {
  const subTopic = await findSubTopic(tdb, subTopicId);
  const row = await tdb.db
    .select()
    .from(essayQuestions)
    .where(tdb.where(essayQuestions, eq(essayQuestions.subTopicId, subTopic._id), eq(essayQuestions.isApproved, true), isNull(essayQuestions.deletedAt)))
    .orderBy(sql`random()`)
    .limit(1)
    .get();
  if (!row) throw new ApiError(404, 'This sub topic has no structured questions yet');
  return toLearnerEssay(row);
}

/**
 * Marks every part against its rubric through the helper adapter (which falls back to the offline rules on any
 * failure) and keeps the marked answer, with a copy of what was asked, for the learner and their tutor.
 */
export async function markEssayResponse(tdb: TenantDb, actor: Actor, input: z.infer<typeof essayResponseInput>, helper: TutorHelper) {
  const learner = await learnerFor(tdb, actor);
  const essay = await findEssay(tdb, input.essayQuestionId);
  // A learner only ever reaches approved questions; a draft answers as if it were not there.
  if (!essay.isApproved) throw new ApiError(404, 'Essay question not found');
  const given = new Map<string, string>();
  input.answers.forEach((a, i) => {
    if (!essay.subQuestions.some((p) => p._id === a.subQuestionId)) throw fieldError(`answers.${i}.subQuestionId`, 'is not a part of this question');
    given.set(a.subQuestionId, a.answer);
  });
  const marks = await Promise.all(
    essay.subQuestions.map((part) =>
      helper.markOpenAnswer(
        {
          text: `${essay.stem}\n\n${part.prompt}`,
          kind: 'OPEN',
          options: [],
          correctOptionId: null,
          answer: part.modelAnswer,
          explanation: '',
          hint: '',
          markScheme: part.markScheme,
          maxMarks: part.marks,
        },
        given.get(part._id) ?? '',
      ),
    ),
  );
  const answers: EssayAnswer[] = essay.subQuestions.map((part, i) => {
    const mark = marks[i]!;
    return {
      subQuestionId: part._id,
      answer: given.get(part._id) ?? '',
      verdict: verdictOf(mark.score, part.marks),
      givenMarks: mark.score,
      maxMarks: part.marks,
      analysis: mark.reasons,
      source: mark.source,
      overrideReason: null,
      overriddenBy: null,
    };
  });
  const offline = marks.find((m) => m.source === 'offline');
  const label = offline ?? marks[0]!;
  const created = await tdb.db
    .insert(essayResponses)
    .values(
      tdb.values(essayResponses, {
        essayQuestionId: essay._id,
        userId: learner._id,
        stem: essay.stem,
        subQuestions: essay.subQuestions,
        answers,
        givenMarks: answers.reduce((sum, a) => sum + a.givenMarks, 0),
        totalMarks: essay.totalMarks,
        source: label.source,
        version: label.version,
      }),
    )
    .returning()
    .get();
  return toResponseDoc(created);
}

/** A tutor of the learner (or an admin who may mark) changes one part's mark, with the reason shown to the learner. */
export async function overrideEssayMark(tdb: TenantDb, reviewer: Reviewer, input: z.infer<typeof essayOverrideInput>) {
  const row = await findResponse(tdb, input.responseId);
  if (!(await mayMark(tdb, reviewer, row.userId))) throw new ApiError(404, 'Essay answer not found');
  const index = row.answers.findIndex((a) => a.subQuestionId === input.subQuestionId);
  if (index < 0) throw fieldError('subQuestionId', 'is not a part of this question');
  const before = row.answers[index]!;
  if (input.givenMarks > before.maxMarks) throw fieldError('givenMarks', `must be at most ${before.maxMarks}`);
  const answers = row.answers.map((a, i) =>
    i === index
      ? {
          ...a,
          givenMarks: input.givenMarks,
          verdict: verdictOf(input.givenMarks, a.maxMarks),
          source: 'TUTOR' as const,
          overrideReason: input.reason,
          overriddenBy: reviewer.actor.userId,
          analysis: [`Marked by your tutor: ${input.reason}`, ...a.analysis.filter((line) => !line.startsWith('Marked by your tutor'))],
        }
      : a,
  );
  const updated = await tdb.db
    .update(essayResponses)
    .set({ answers, givenMarks: answers.reduce((sum, a) => sum + a.givenMarks, 0) })
    .where(tdb.where(essayResponses, eq(essayResponses._id, row._id)))
    .returning()
    .get();
  return toResponseDoc(updated);
}
