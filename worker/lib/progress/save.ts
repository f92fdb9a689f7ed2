import { and, eq, inArray } from 'drizzle-orm';
import { fieldError } from '../../../platform/errors';
import type { SaveProgressInput } from '../../../schema/contracts/progress';
import { progress, subjects, subTopics, topics } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

/**
 * Saves the subjects a learner follows, each by its code, and where in it they last were. Every code must name a
 * subject of this site and every sub topic must sit in its subject, else the field is named and nothing is written.
 */
export async function saveProgress(tdb: TenantDb, learnerId: string, input: SaveProgressInput) {
  const codes = input.subjects.map((s) => s.subjectCode);
  const seen = new Set<string>();
  input.subjects.forEach((s, i) => {
    if (seen.has(s.subjectCode)) throw fieldError(`subjects.${i}.subjectCode`, 'is listed twice');
    seen.add(s.subjectCode);
  });
  const subTopicIds = input.subjects.flatMap((s) => (s.lastSubTopicId ? [s.lastSubTopicId] : []));
  const [known, placed] = await Promise.all([
    codes.length
      ? tdb.db
          .select({ _id: subjects._id, subjectCode: subjects.subjectCode })
          .from(subjects)
          .where(tdb.where(subjects, inArray(subjects.subjectCode, codes)))
          .all()
      : [],
    subTopicIds.length
      ? tdb.db
          .select({ subTopicId: subTopics._id, subjectId: topics.subjectId })
          .from(subTopics)
          .innerJoin(topics, and(eq(topics._id, subTopics.topicId), eq(topics.tenantId, tdb.tenantId)))
          .where(tdb.where(subTopics, inArray(subTopics._id, subTopicIds)))
          .all()
      : [],
  ]);
  input.subjects.forEach((s, i) => {
    const subjectIds = known.filter((k) => k.subjectCode === s.subjectCode).map((k) => k._id);
    if (subjectIds.length === 0) throw fieldError(`subjects.${i}.subjectCode`, 'is not a subject taught here');
    const at = placed.find((p) => p.subTopicId === s.lastSubTopicId);
    if (s.lastSubTopicId && !(at && subjectIds.includes(at.subjectId))) throw fieldError(`subjects.${i}.lastSubTopicId`, 'is not a sub topic of this subject');
  });
  const chosen = input.subjects.map((s) => ({ subjectCode: s.subjectCode, lastSubTopicId: s.lastSubTopicId ?? null }));
  await tdb.db
    .insert(progress)
    .values(tdb.values(progress, { userId: learnerId, subjects: chosen }))
    .onConflictDoUpdate({ target: [progress.tenantId, progress.userId], set: { subjects: chosen, updatedAt: new Date() } });
}
