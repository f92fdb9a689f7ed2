import { and, eq, isNull } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { subjectLevelOf } from '../contracts/quiz';
import { slugify, subjectSlug as toSubjectSlug } from '../contracts/slug';
import { catalogue } from '../seed-data';
import { questions, quizzes, subjects, subTopics, tags, topics } from '../tables';
import { contentByTenant, seedTagNames } from './catalogue';
import { toEditorHtml } from './html';
import { gradeIdFor, idPart, subjectIdFor } from './ids';
import type { SeedSubjectContent } from './types';

type Rows = {
  topics: (typeof topics.$inferInsert)[];
  subTopics: (typeof subTopics.$inferInsert)[];
  questions: (typeof questions.$inferInsert)[];
  quizzes: (typeof quizzes.$inferInsert)[];
};

/** Questions per seeded quiz; each sub topic gets two published practice sets. */
export const SEED_QUIZ_SIZE = 8;

/** One in eight seeded questions waits for approval, so the admin list has work to do and learners never see it. */
const isSeededApproved = (index: number) => index % 8 !== 7;

export const seedQuestionId = (tenantKey: string, subTopicKey: string, index: number) => `question_${tenantKey}_${idPart(subTopicKey)}_${index + 1}`;

function rowsFor(tenantKey: string, tenantId: string, adminId: string | null, subject: SeedSubjectContent, rows: Rows) {
  const curriculum = catalogue.find((c) => c.slug === subject.curriculumSlug)!;
  const subjectName = curriculum.subjects.find((name) => toSubjectSlug(name) === subject.subjectSlug)!;
  const subjectId = subjectIdFor(tenantKey, subject.curriculumSlug, subject.subjectSlug);
  const gradeId = gradeIdFor(subjectId, subject.grade);
  subject.topics.forEach((topic, topicIndex) => {
    const topicId = `topic_${tenantKey}_${idPart(subject.subjectSlug)}_${idPart(topic.key)}`;
    rows.topics.push({
      _id: topicId,
      tenantId,
      subjectId,
      gradeId,
      name: topic.name,
      slug: slugify(topic.key),
      description: topic.description,
      sortingOrder: topicIndex,
    });
    topic.subTopics.forEach((sub, subIndex) => {
      const subTopicId = `sub_topic_${tenantKey}_${idPart(sub.key)}`;
      const stamp = (prefix: string, i: number) => `${prefix}_${idPart(sub.key)}_${i + 1}`;
      rows.subTopics.push({
        _id: subTopicId,
        tenantId,
        topicId,
        name: sub.name,
        slug: slugify(sub.key),
        summary: sub.summary,
        sortingOrder: subIndex,
        contents: sub.content.map((block, i) => ({ _id: stamp('content', i), title: block.title, body: toEditorHtml(block.body) })),
        faqs: sub.faqs.map((faq, i) => ({ _id: stamp('faq', i), ...faq })),
        videoLinks: (sub.videoLinks ?? []).map((link, i) => ({ _id: stamp('video', i), ...link, sortingOrder: i })),
        resources: (sub.resources ?? []).map((link, i) => ({ _id: stamp('resource', i), ...link })),
      });
      const questionIds: string[] = [];
      sub.questions.forEach((q, i) => {
        const _id = seedQuestionId(tenantKey, sub.key, i);
        // Rotate the correct option so it is not always first.
        const shift = i % (q.options?.length ?? 1);
        const options = (q.options ?? []).map((text, k) => ({ _id: `${_id}_o${k + 1}`, text }));
        const rotated = [...options.slice(shift), ...options.slice(0, shift)];
        const approved = isSeededApproved(i);
        if (approved) questionIds.push(_id);
        rows.questions.push({
          _id,
          tenantId,
          subTopicId,
          kind: q.kind,
          text: q.text,
          options: rotated,
          correctOptionId: options[0]?._id ?? null,
          answer: q.answer ?? '',
          explanation: q.explanation,
          hint: q.hint,
          markScheme: (q.markScheme ?? []).map((point, k) => ({ _id: `${_id}_m${k + 1}`, ...point })),
          maxMarks: q.markScheme ? q.markScheme.reduce((total, p) => total + p.marks, 0) : 1,
          difficulty: q.difficulty,
          level: q.level,
          isApproved: approved,
          approvedBy: approved ? adminId : null,
          openAimarking: q.kind === 'OPEN',
          aiHint: true,
          createdBy: adminId,
        });
      });
      ['A', 'B'].forEach((set, setIndex) => {
        const ids = questionIds.slice(setIndex * SEED_QUIZ_SIZE, (setIndex + 1) * SEED_QUIZ_SIZE);
        if (ids.length === 0) return;
        rows.quizzes.push({
          _id: `quiz_${tenantKey}_${idPart(sub.key)}_${set.toLowerCase()}`,
          tenantId,
          topicId,
          subTopicId,
          title: `${sub.name}: practice set ${set}`,
          curriculum: curriculum.name,
          subject: subjectName,
          grade: subject.grade,
          subjectLevel: subjectLevelOf(curriculum.name),
          subjectCode: subject.subjectCode,
          questionIds: ids,
          isPublished: true,
          publishedAt: new Date(Date.UTC(2026, 0, 5)),
          createdBy: adminId,
        });
      });
    });
  });
}

/** Topics, sub topics, questions and published quizzes for the demo tenants; ids are fixed, reseeding adds nothing. */
export async function seedContent<S extends Record<string, unknown>>(
  db: DrizzleD1Database<S>,
  tenants: Record<keyof typeof contentByTenant, { tenantId: string; adminId: string | null }>,
) {
  const rows: Rows = { topics: [], subTopics: [], questions: [], quizzes: [] };
  const codes: { subjectId: string; code: string }[] = [];
  const tagRows: (typeof tags.$inferInsert)[] = [];
  for (const [tenantKey, subjectsOfTenant] of Object.entries(contentByTenant) as [keyof typeof contentByTenant, SeedSubjectContent[]][]) {
    const { tenantId, adminId } = tenants[tenantKey];
    tagRows.push(...seedTagNames.map((name) => ({ _id: `tag_${tenantKey}_${idPart(name)}`, tenantId, name })));
    for (const subject of subjectsOfTenant) {
      rowsFor(tenantKey, tenantId, adminId, subject, rows);
      codes.push({ subjectId: subjectIdFor(tenantKey, subject.curriculumSlug, subject.subjectSlug), code: subject.subjectCode });
    }
  }
  const statements = [
    ...codes.map(({ subjectId, code }) =>
      db
        .update(subjects)
        .set({ subjectCode: code })
        .where(and(eq(subjects._id, subjectId), isNull(subjects.subjectCode))),
    ),
    ...tagRows.map((row) => db.insert(tags).values(row).onConflictDoNothing()),
    ...rows.topics.map((row) => db.insert(topics).values(row).onConflictDoNothing()),
    ...rows.subTopics.map((row) => db.insert(subTopics).values(row).onConflictDoNothing()),
    ...rows.questions.map((row) => db.insert(questions).values(row).onConflictDoNothing()),
    ...rows.quizzes.map((row) => db.insert(quizzes).values(row).onConflictDoNothing()),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
