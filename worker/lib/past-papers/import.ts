import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldError } from '../../../platform/errors';
import { type PastPaperImportResult, pastPaperCode, type pastPaperImportInput } from '../../../schema/contracts/past-papers';
import { subjectLevelOf } from '../../../schema/contracts/quiz';
import { curricula, grades, pastPapers, questions, quizzes, subjects, subTopics, topics } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';

type Input = z.infer<typeof pastPaperImportInput>;
type PaperFields = Pick<typeof pastPapers.$inferSelect, 'code' | 'board' | 'year' | 'session' | 'label' | 'subjectCode'>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** D1 binds at most 100 parameters a statement, so lookups by a list go in slices. */
async function inSlices<T>(values: string[], read: (slice: string[]) => Promise<T[]>) {
  const found: T[] = [];
  for (let i = 0; i < values.length; i += 90) found.push(...(await read(values.slice(i, i + 90))));
  return found;
}

/** A stable id from the tenant and what names a record, so importing the same paper again updates instead of adding. */
async function stableId(prefix: string, ...parts: string[]) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\u0000')));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${prefix}_${hex.slice(0, 32)}`;
}

/** Every sub topic of the tenant with the names a quiz copies, found by id or by its exact name (case aside). */
async function subTopicFinder(tdb: TenantDb) {
  const rows = await tdb.db
    .select({
      _id: subTopics._id,
      name: subTopics.name,
      topicId: topics._id,
      subject: subjects.name,
      subjectCode: subjects.subjectCode,
      curriculum: curricula.name,
      grade: grades.grade,
    })
    .from(subTopics)
    .innerJoin(topics, eq(topics._id, subTopics.topicId))
    .innerJoin(subjects, eq(subjects._id, topics.subjectId))
    .innerJoin(curricula, eq(curricula._id, subjects.curriculumId))
    .innerJoin(grades, eq(grades._id, topics.gradeId))
    .where(tdb.where(subTopics))
    .all();
  const byName = new Map<string, typeof rows>();
  for (const row of rows) byName.set(row.name.toLowerCase(), [...(byName.get(row.name.toLowerCase()) ?? []), row]);
  return (ref: string, path: string) => {
    const byId = rows.find((r) => r._id === ref);
    if (byId) return byId;
    const named = byName.get(ref.toLowerCase()) ?? [];
    if (named.length === 1) return named[0]!;
    if (named.length > 1) throw fieldError(path, `names ${named.length} sub topics (${ref}); use the sub topic's id instead`);
    throw fieldError(path, `is not a sub topic of this site (${ref})`);
  };
}

/**
 * Imports a catalogue upload all or nothing: every row was checked field by field by the contract, a paper or a
 * question named twice is refused here with both rows, and only then is the whole upload written in one batch. A
 * paper already in the catalogue (same code) takes the new links, so a board's corrected list can be uploaded again.
 * Questions belong to a paper of the upload or of the catalogue and to one of our sub topics; each paper's questions
 * on one sub topic become (or join) that paper's published topical set, which is how learners practise them.
 */
export async function importPastPapers(tdb: TenantDb, actor: Actor, input: Input): Promise<PastPaperImportResult> {
  const seen = new Map<string, number>();
  input.rows.forEach((row, i) => {
    const code = pastPaperCode(row);
    const first = seen.get(code);
    if (first !== undefined) throw fieldError(`rows.${i}.code`, `repeats the paper of row ${first + 1} (${code})`);
    seen.set(code, i);
  });
  const codes = [...seen.keys()];
  const questionCodes = [...new Set(input.questionRows.map((q) => q.paperCode))];
  const stored = await inSlices([...new Set([...codes, ...questionCodes])], (slice) =>
    tdb.db
      .select({
        code: pastPapers.code,
        board: pastPapers.board,
        year: pastPapers.year,
        session: pastPapers.session,
        label: pastPapers.label,
        subjectCode: pastPapers.subjectCode,
      })
      .from(pastPapers)
      .where(tdb.where(pastPapers, inArray(pastPapers.code, slice))),
  );
  const existing = new Set(stored.map((p) => p.code));
  const papers = new Map<string, PaperFields>(stored.map((p) => [p.code, p]));
  for (const row of input.rows)
    papers.set(pastPaperCode(row), { ...row, code: pastPaperCode(row), session: row.session ?? '', subjectCode: row.subjectCode || null });

  const subTopicOf = input.questionRows.length ? await subTopicFinder(tdb) : null;
  const numbers = new Map<string, number>();
  const placed = input.questionRows.map((q, i) => {
    const paper = papers.get(q.paperCode);
    if (!paper) throw fieldError(`questionRows.${i}.paperCode`, `is not a paper of this upload or of the catalogue (${q.paperCode})`);
    const key = `${q.paperCode}\u0000${q.number.toLowerCase()}`;
    const first = numbers.get(key);
    if (first !== undefined) throw fieldError(`questionRows.${i}.number`, `repeats question ${q.number} of question row ${first + 1}`);
    numbers.set(key, i);
    return { q, paper, subTopic: subTopicOf!(q.subTopic, `questionRows.${i}.subTopic`) };
  });

  const now = new Date();
  const paperStatements = input.rows.map((row) => {
    const values = {
      board: row.board,
      subjectKey: row.subjectKey,
      subjectCode: row.subjectCode || null,
      year: row.year,
      session: row.session ?? '',
      label: row.label,
      code: pastPaperCode(row),
      link: row.link,
      marking: row.marking ?? '',
    };
    return tdb.db
      .insert(pastPapers)
      .values(tdb.values(pastPapers, values))
      .onConflictDoUpdate({ target: [pastPapers.tenantId, pastPapers.code], set: { ...values, updatedAt: now } });
  });

  const questionIds = await Promise.all(placed.map(({ q }) => stableId('ppq', tdb.tenantId, q.paperCode, q.number.toLowerCase())));
  const storedQuestions = new Set(
    (
      await inSlices(questionIds, (slice) =>
        tdb.db
          .select({ _id: questions._id })
          .from(questions)
          .where(tdb.where(questions, inArray(questions._id, slice))),
      )
    ).map((r) => r._id),
  );
  const questionStatements = placed.map(({ q, subTopic }, i) => {
    const _id = questionIds[i]!;
    const markScheme = q.markScheme.map((p, k) => ({ _id: `${_id}_m${k + 1}`, ...p }));
    // The board's own paper and mark scheme stand behind the question, so the import is its approval.
    const values = {
      subTopicId: subTopic._id,
      kind: 'OPEN' as const,
      text: `Question ${q.number}. ${q.text}`,
      answer: q.answer,
      explanation: q.explanation ?? '',
      hint: q.hint ?? '',
      markScheme,
      maxMarks: markScheme.reduce((sum, p) => sum + p.marks, 0),
      difficulty: q.difficulty,
      level: q.level,
      isApproved: true,
      approvedBy: actor.userId,
      openAimarking: true,
      deletedAt: null,
    };
    return tdb.db
      .insert(questions)
      .values(tdb.values(questions, { _id, ...values, createdBy: actor.userId }))
      .onConflictDoUpdate({ target: questions._id, set: { ...values, updatedAt: now } });
  });

  // One topical set per paper and sub topic; a set already there keeps its questions and gains the new ones.
  const sets = new Map<string, { paper: PaperFields; subTopic: (typeof placed)[number]['subTopic']; ids: string[] }>();
  placed.forEach(({ paper, subTopic }, i) => {
    const key = `${paper.code}\u0000${subTopic._id}`;
    const set = sets.get(key) ?? { paper, subTopic, ids: [] };
    set.ids.push(questionIds[i]!);
    sets.set(key, set);
  });
  const setIds = await Promise.all([...sets.values()].map((s) => stableId('ppz', tdb.tenantId, s.paper.code, s.subTopic._id)));
  const storedSets = new Map(
    (
      await inSlices(setIds, (slice) =>
        tdb.db
          .select({ _id: quizzes._id, questionIds: quizzes.questionIds })
          .from(quizzes)
          .where(tdb.where(quizzes, inArray(quizzes._id, slice))),
      )
    ).map((r) => [r._id, r.questionIds]),
  );
  const setStatements = [...sets.values()].map(({ paper, subTopic, ids }, i) => {
    const _id = setIds[i]!;
    const merged = [...new Set([...(storedSets.get(_id) ?? []), ...ids])];
    return tdb.db
      .insert(quizzes)
      .values(
        tdb.values(quizzes, {
          _id,
          topicId: subTopic.topicId,
          subTopicId: subTopic._id,
          title: `${subTopic.name}: ${paper.board} ${paper.session ? `${paper.session} ` : ''}${paper.year} ${paper.label}`,
          paper: paper.code,
          curriculum: subTopic.curriculum,
          subject: subTopic.subject,
          grade: subTopic.grade,
          subjectLevel: subjectLevelOf(subTopic.curriculum),
          subjectCode: paper.subjectCode ?? subTopic.subjectCode,
          questionIds: merged,
          isPublished: true,
          publishedAt: now,
          createdBy: actor.userId,
        }),
      )
      .onConflictDoUpdate({ target: quizzes._id, set: { questionIds: merged, isPublished: true, updatedAt: now } });
  });

  const [first, ...rest] = [...paperStatements, ...questionStatements, ...setStatements];
  if (first) await tdb.db.batch([first, ...rest]);
  const updated = codes.filter((c) => existing.has(c)).length;
  const created = codes.length - updated;
  const questionsUpdated = questionIds.filter((id) => storedQuestions.has(id)).length;
  const questionSummary = {
    created: questionIds.length - questionsUpdated,
    updated: questionsUpdated,
    sets: sets.size,
  };
  const sentences = [];
  if (codes.length) sentences.push(`Imported ${plural(codes.length, 'paper')}: ${created} new, ${updated} updated.`);
  if (questionIds.length) {
    sentences.push(
      `Imported ${plural(questionIds.length, 'question')} into ${plural(sets.size, 'topical set')}: ${questionSummary.created} new, ${questionSummary.updated} updated.`,
    );
  }
  return { created, updated, questions: questionSummary, message: sentences.join(' ') };
}
