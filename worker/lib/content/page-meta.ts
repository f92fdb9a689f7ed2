import { eq } from 'drizzle-orm';
import type { MetaTagResponse } from '../../../schema/contracts/site';
import { metaTags, subTopics, topics } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { curriculumBySlugOrName, subjectBySlugOrName } from './catalogue';

const PREFIX = '/learning-portal/';

/**
 * Titles and descriptions for curriculum, subject and sub topic pages that have no row of their own, made from the
 * content itself, so every page an admin adds is described to search engines without a second step.
 */
async function contentPageMeta(tdb: TenantDb, path: string, siteName: string): Promise<MetaTagResponse | null> {
  if (!path.startsWith(PREFIX)) return null;
  const [curriculumSlug, subjectSlug, topicSlug, subTopicSlug, ...rest] = path.slice(PREFIX.length).split('/');
  if (!curriculumSlug || rest.length > 0) return null;
  const curriculum = await curriculumBySlugOrName(tdb, curriculumSlug).catch(() => null);
  if (!curriculum) return null;
  if (!subjectSlug) return { title: `${curriculum.name} | ${siteName}`, description: curriculum.description };
  const subject = await subjectBySlugOrName(tdb, curriculum._id, subjectSlug).catch(() => null);
  if (!subject) return null;
  const subjectName = `${curriculum.name} ${subject.name}`;
  if (!topicSlug) {
    return {
      title: `${subjectName}: topics and practice | ${siteName}`,
      description: `Notes, worked examples and practice questions for every ${subjectName} topic.`,
    };
  }
  if (!subTopicSlug) return null;
  const row = await tdb.db
    .select({ name: subTopics.name, summary: subTopics.summary })
    .from(subTopics)
    .innerJoin(topics, eq(topics._id, subTopics.topicId))
    .where(tdb.where(subTopics, eq(topics.subjectId, subject._id), eq(topics.slug, topicSlug), eq(subTopics.slug, subTopicSlug)))
    .get();
  if (!row) return null;
  return { title: `${row.name} | ${subjectName} | ${siteName}`, description: row.summary || `${row.name}: notes and practice questions for ${subjectName}.` };
}

/** The page's own tags if an admin set them, else a description made from the content, else nulls (the app's defaults). */
export async function pageMeta(tdb: TenantDb, path: string, siteName: string): Promise<MetaTagResponse> {
  const row = await tdb.db
    .select({ title: metaTags.title, description: metaTags.description })
    .from(metaTags)
    .where(tdb.where(metaTags, eq(metaTags.path, path)))
    .get();
  return row ?? (await contentPageMeta(tdb, path, siteName)) ?? { title: null, description: null };
}
