import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../../platform/errors';
import type { TopicalPaper, TopicalSubTopic, TopicalSubTopicPapers, topicalQuery } from '../../../schema/contracts/past-papers';
import { curricula, pastPapers, quizzes, subjects, subTopics, topics } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { byYear, toPastPaperDoc } from './catalogue';

/** Topical practice is a published quiz on one sub topic whose `paper` names the paper its questions came from. */
const topicalQuizzes = (tdb: TenantDb, ...conditions: Parameters<TenantDb['where']>[1][]) =>
  tdb.where(quizzes, eq(quizzes.isPublished, true), isNotNull(quizzes.paper), isNotNull(quizzes.subTopicId), ...conditions);

/** The sub topics a learner can practise from past papers, in syllabus order, with how much there is of each. */
export async function topicalSubTopics(tdb: TenantDb, query: z.infer<typeof topicalQuery>): Promise<TopicalSubTopic[]> {
  const rows = await tdb.db
    .select({
      subTopicId: subTopics._id,
      subTopic: subTopics.name,
      topic: topics.name,
      curriculum: quizzes.curriculum,
      subject: quizzes.subject,
      paper: quizzes.paper,
      questionIds: quizzes.questionIds,
    })
    .from(quizzes)
    .innerJoin(subTopics, and(eq(subTopics._id, quizzes.subTopicId), eq(subTopics.tenantId, tdb.tenantId)))
    .innerJoin(topics, and(eq(topics._id, subTopics.topicId), eq(topics.tenantId, tdb.tenantId)))
    .where(
      topicalQuizzes(
        tdb,
        query.curriculum ? eq(quizzes.curriculum, query.curriculum) : undefined,
        query.subject ? eq(quizzes.subject, query.subject) : undefined,
      ),
    )
    .orderBy(asc(quizzes.curriculum), asc(quizzes.subject), asc(topics.sortingOrder), asc(subTopics.sortingOrder));
  const bySubTopic = new Map<string, TopicalSubTopic & { paperNames: Set<string> }>();
  for (const row of rows) {
    const entry = bySubTopic.get(row.subTopicId) ?? {
      subTopicId: row.subTopicId,
      subTopic: row.subTopic,
      topic: row.topic,
      curriculum: row.curriculum,
      subject: row.subject,
      papers: 0,
      questions: 0,
      paperNames: new Set<string>(),
    };
    entry.paperNames.add(row.paper ?? '');
    entry.questions += row.questionIds.length;
    entry.papers = entry.paperNames.size;
    bySubTopic.set(row.subTopicId, entry);
  }
  return [...bySubTopic.values()].map(({ paperNames: _names, ...entry }) => entry);
}

/** One sub topic's past-paper sets, latest paper first, each with the paper's links when the catalogue holds it. */
export async function topicalPapers(tdb: TenantDb, subTopicId: string): Promise<TopicalSubTopicPapers> {
  const subTopic = await tdb.db
    .select({ _id: subTopics._id, name: subTopics.name, topic: topics.name, subject: subjects.name, curriculum: curricula.name })
    .from(subTopics)
    .innerJoin(topics, eq(topics._id, subTopics.topicId))
    .innerJoin(subjects, eq(subjects._id, topics.subjectId))
    .innerJoin(curricula, eq(curricula._id, subjects.curriculumId))
    .where(tdb.where(subTopics, eq(subTopics._id, subTopicId)))
    .get();
  if (!subTopic) throw new ApiError(404, 'Sub topic not found');
  const sets = await tdb.db
    .select()
    .from(quizzes)
    .where(topicalQuizzes(tdb, eq(quizzes.subTopicId, subTopicId)))
    .orderBy(desc(quizzes.publishedAt));
  const codes = [...new Set(sets.map((s) => s.paper!))];
  const catalogue = codes.length
    ? (
        await tdb.db
          .select()
          .from(pastPapers)
          .where(tdb.where(pastPapers, inArray(pastPapers.code, codes)))
      ).map(toPastPaperDoc)
    : [];
  const byCode = new Map(catalogue.map((p) => [p.code, p]));
  // The catalogue's own order (latest year first) decides; sets of papers it does not hold follow by name.
  const order = new Map(
    byYear(catalogue)
      .flatMap((y) => y.papers)
      .map((p, i) => [p.code, i]),
  );
  const papers: TopicalPaper[] = sets
    .map((s) => ({ quizId: s._id, title: s.title, questions: s.questionIds.length, paperName: s.paper!, paper: byCode.get(s.paper!) ?? null }))
    .sort((a, b) => (order.get(a.paperName) ?? order.size) - (order.get(b.paperName) ?? order.size) || a.paperName.localeCompare(b.paperName));
  return { subTopic, papers };
}
