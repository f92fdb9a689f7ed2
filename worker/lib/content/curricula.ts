import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../../platform/errors';
import type { subjectCodeInput, subjectsQuery, tagsQuery } from '../../../schema/contracts/content';
import type { CurriculumListItem, HomeCurriculum, SearchOption, SubjectMapData } from '../../../schema/contracts/learning';
import { curricula, grades, subjects, subTopics, tags, topics } from '../../../schema/tables';
import { listPage } from '../pagination';
import { contains } from '../search';
import type { TenantDb } from '../tenant-db';

function groupBy<T>(rows: T[], key: (row: T) => string) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** The tenant's whole catalogue in three queries, nested in memory (it is a few hundred rows at most). */
export async function catalogue(tdb: TenantDb): Promise<HomeCurriculum[]> {
  const [curriculumRows, subjectRows, gradeRows] = await Promise.all([
    tdb.db.select().from(curricula).where(tdb.where(curricula)).orderBy(curricula.sortingOrder, curricula.name).all(),
    tdb.db.select().from(subjects).where(tdb.where(subjects)).orderBy(subjects.sortingOrder, subjects.name).all(),
    tdb.db.select().from(grades).where(tdb.where(grades)).orderBy(grades.sortingOrder, grades.grade).all(),
  ]);
  const gradesBySubject = groupBy(gradeRows, (g) => g.subjectId);
  const subjectsByCurriculum = groupBy(subjectRows, (s) => s.curriculumId);
  return curriculumRows.map((cur) => ({
    _id: cur._id,
    curriculum: cur.name,
    slug: cur.slug,
    description: cur.description,
    subjects: (subjectsByCurriculum.get(cur._id) ?? []).map((sub) => ({
      _id: sub._id,
      subject: sub.name,
      slug: sub.slug,
      grade: (gradesBySubject.get(sub._id) ?? []).map((g) => ({ _id: g._id, grade: g.grade })),
    })),
  }));
}

/** Every curriculum, subject, topic and sub topic as a search option, each with the page it opens. */
export async function searchOptions(tdb: TenantDb): Promise<SearchOption[]> {
  const [tree, topicRows, subTopicRows] = await Promise.all([
    catalogue(tdb),
    tdb.db
      .select({ _id: topics._id, name: topics.name, slug: topics.slug, subjectId: topics.subjectId })
      .from(topics)
      .where(tdb.where(topics))
      .orderBy(asc(topics.sortingOrder))
      .all(),
    tdb.db
      .select({ _id: subTopics._id, name: subTopics.name, slug: subTopics.slug, topicId: subTopics.topicId })
      .from(subTopics)
      .where(tdb.where(subTopics))
      .orderBy(asc(subTopics.sortingOrder))
      .all(),
  ]);
  const options: SearchOption[] = [];
  const subjectPaths = new Map<string, { path: string; label: string }>();
  for (const cur of tree) {
    options.push({ _id: cur._id, type: 'CURRICULUM', label: cur.curriculum, path: `/${cur.slug}` });
    for (const sub of cur.subjects) {
      const entry = { path: `/${cur.slug}/${sub.slug}`, label: `${cur.curriculum} ${sub.subject}` };
      subjectPaths.set(sub._id, entry);
      options.push({ _id: sub._id, type: 'SUBJECT', ...entry });
    }
  }
  const topicPaths = new Map<string, { path: string; label: string }>();
  for (const topic of topicRows) {
    const parent = subjectPaths.get(topic.subjectId);
    if (!parent) continue;
    const entry = { path: `${parent.path}/${topic.slug}`, label: `${topic.name} · ${parent.label}` };
    topicPaths.set(topic._id, entry);
    options.push({ _id: topic._id, type: 'TOPIC', ...entry });
  }
  for (const sub of subTopicRows) {
    const parent = topicPaths.get(sub.topicId);
    if (parent) options.push({ _id: sub._id, type: 'SUB_TOPIC', path: `${parent.path}/${sub.slug}`, label: `${sub.name} · ${parent.label}` });
  }
  return options;
}

/** The catalogue as the trial form lists it: subject and grade names only. */
export async function curriculumList(tdb: TenantDb): Promise<CurriculumListItem[]> {
  return (await catalogue(tdb)).map((cur) => ({
    _id: cur._id,
    curriculum: cur.curriculum,
    subjects: cur.subjects.map((sub) => ({ subject: sub.subject, grade: sub.grade.map((g) => ({ grade: g.grade })) })),
  }));
}

export async function curriculumDocs(tdb: TenantDb) {
  const rows = await tdb.db.select().from(curricula).where(tdb.where(curricula)).orderBy(asc(curricula.sortingOrder), asc(curricula.name)).all();
  return rows.map((row) => ({ _id: row._id, curriculum: row.name, slug: row.slug, description: row.description }));
}

/** Grade names repeat per subject; the list is the distinct names in the order they first appear. */
export async function gradeNames(tdb: TenantDb) {
  const rows = await tdb.db
    .select({ grade: grades.grade })
    .from(grades)
    .innerJoin(subjects, eq(subjects._id, grades.subjectId))
    .innerJoin(curricula, eq(curricula._id, subjects.curriculumId))
    .where(tdb.where(grades))
    .orderBy(asc(curricula.sortingOrder), asc(subjects.sortingOrder), asc(grades.sortingOrder))
    .all();
  return [...new Set(rows.map((row) => row.grade))].map((grade) => ({ grade }));
}

/** Where a subject code leads: its curriculum, subject, grades and page. */
export async function subjectMapData(tdb: TenantDb, input: z.infer<typeof subjectCodeInput>): Promise<SubjectMapData> {
  const row = await tdb.db
    .select({ subject: subjects, curriculum: curricula })
    .from(subjects)
    .innerJoin(curricula, eq(curricula._id, subjects.curriculumId))
    .where(tdb.where(subjects, eq(subjects.subjectCode, input.subjectCode)))
    .get();
  if (!row) throw new ApiError(404, 'No subject has this code');
  const gradeRows = await tdb.db
    .select()
    .from(grades)
    .where(tdb.where(grades, eq(grades.subjectId, row.subject._id)))
    .orderBy(asc(grades.sortingOrder))
    .all();
  return {
    subjectCode: input.subjectCode,
    curriculum: { _id: row.curriculum._id, name: row.curriculum.name, slug: row.curriculum.slug },
    subject: { _id: row.subject._id, name: row.subject.name, slug: row.subject.slug },
    grades: gradeRows.map((g) => ({ _id: g._id, grade: g.grade })),
    path: `/${row.curriculum.slug}/${row.subject.slug}`,
  };
}

export async function subjectDocs(tdb: TenantDb, query: z.infer<typeof subjectsQuery>) {
  return tdb.db
    .select({
      _id: subjects._id,
      name: subjects.name,
      slug: subjects.slug,
      subjectCode: subjects.subjectCode,
      curriculumId: subjects.curriculumId,
      curriculum: curricula.name,
    })
    .from(subjects)
    .innerJoin(curricula, eq(curricula._id, subjects.curriculumId))
    .where(tdb.where(subjects, query.curriculumId ? eq(subjects.curriculumId, query.curriculumId) : undefined))
    .orderBy(asc(curricula.sortingOrder), asc(subjects.sortingOrder))
    .all();
}

export async function tagPage(tdb: TenantDb, query: z.infer<typeof tagsQuery>) {
  const where = tdb.where(tags, query.name ? contains(tags.name, query.name) : undefined);
  return listPage(tdb.db, tags, where, query, ({ limit, offset }) =>
    tdb.db.select({ _id: tags._id, name: tags.name }).from(tags).where(where).orderBy(asc(tags.name)).limit(limit).offset(offset).all(),
  );
}
