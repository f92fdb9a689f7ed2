import { and, asc, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { SubjectDataResponse, TopicWithSubTopics } from '../../../schema/contracts/content';
import { slugify, subjectSlug } from '../../../schema/contracts/slug';
import { curricula, grades, subjects, topics } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { subTopicSummaries, toTopicDoc } from './records';

/** Callers may send a slug or a display name ("Cambridge IGCSE" or `cambridge-igcse`): both reduce to the slug. */
export async function curriculumBySlugOrName(tdb: TenantDb, value: string) {
  const row = await tdb.db
    .select()
    .from(curricula)
    .where(tdb.where(curricula, eq(curricula.slug, slugify(value))))
    .get();
  if (!row) throw new ApiError(404, 'Curriculum not found');
  return row;
}

export async function subjectBySlugOrName(tdb: TenantDb, curriculumId: string, value: string) {
  const row = await tdb.db
    .select()
    .from(subjects)
    .where(tdb.where(subjects, eq(subjects.curriculumId, curriculumId), eq(subjects.slug, subjectSlug(value))))
    .get();
  if (!row) throw new ApiError(404, 'Subject not found');
  return row;
}

/** Topics of the given subjects (optionally one grade) with their sub topics, in sorting order. */
export async function topicsWithSubTopics(tdb: TenantDb, subjectIds: string[], gradeId?: string): Promise<TopicWithSubTopics[]> {
  if (subjectIds.length === 0) return [];
  const topicRows = await tdb.db
    .select()
    .from(topics)
    .where(tdb.where(topics, inArray(topics.subjectId, subjectIds), gradeId ? eq(topics.gradeId, gradeId) : undefined))
    .orderBy(asc(topics.sortingOrder), asc(topics.name))
    .all();
  const subs = await subTopicSummaries(
    tdb,
    topicRows.map((t) => t._id),
  );
  return topicRows.map((t) => ({ ...toTopicDoc(t), subTopics: subs.get(t._id) ?? [] }));
}

export async function subjectData(tdb: TenantDb, curriculumValue: string, subjectValue?: string, gradeValue?: string): Promise<SubjectDataResponse> {
  const curriculum = await curriculumBySlugOrName(tdb, curriculumValue);
  const subject = subjectValue ? await subjectBySlugOrName(tdb, curriculum._id, subjectValue) : null;
  const subjectIds = subject
    ? [subject._id]
    : (
        await tdb.db
          .select({ _id: subjects._id })
          .from(subjects)
          .where(tdb.where(subjects, eq(subjects.curriculumId, curriculum._id)))
          .all()
      ).map((s) => s._id);
  let gradeId: string | undefined;
  if (subject && gradeValue) {
    const grade = await tdb.db
      .select()
      .from(grades)
      .where(and(tdb.where(grades, eq(grades.subjectId, subject._id)), eq(grades.grade, gradeValue)))
      .get();
    if (!grade) throw new ApiError(404, 'Grade not found');
    gradeId = grade._id;
  }
  return {
    curriculum: { _id: curriculum._id, name: curriculum.name, slug: curriculum.slug, description: curriculum.description },
    subject: subject ? { _id: subject._id, name: subject.name, slug: subject.slug, subjectCode: subject.subjectCode } : null,
    topicsWithSubTopics: await topicsWithSubTopics(tdb, subjectIds, gradeId),
  };
}
