import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { questions, quizzes, subjects, subTopics, tags, topics } from '../../schema/tables';
import { db, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const total = async (table: typeof topics | typeof subTopics | typeof questions | typeof quizzes | typeof tags) =>
  (await db.select({ n: count() }).from(table).get())!.n;

describe('happy', () => {
  it('seeds a few hundred questions across every difficulty and level, and reseeding adds none', async () => {
    const before = {
      topics: await total(topics),
      subTopics: await total(subTopics),
      questions: await total(questions),
      quizzes: await total(quizzes),
      tags: await total(tags),
    };
    await seedDemo();
    expect({
      topics: await total(topics),
      subTopics: await total(subTopics),
      questions: await total(questions),
      quizzes: await total(quizzes),
      tags: await total(tags),
    }).toEqual(before);
    const rows = await db.select().from(questions).where(eq(questions.tenantId, 'tenant_studyhall')).all();
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(new Set(rows.map((q) => q.difficulty))).toEqual(new Set(['EASY', 'MEDIUM', 'HARD']));
    expect(new Set(rows.map((q) => q.level))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(rows.filter((q) => q.isApproved).length / rows.length).toBeGreaterThan(0.8);
    expect(rows.some((q) => !q.isApproved)).toBe(true);
  });

  it('gives every question a hint and explanation; MCQs four distinct options with the answer among them', async () => {
    const rows = await db.select().from(questions).all();
    const badOptions = (q: (typeof rows)[number]) =>
      q.options.length !== 4 || new Set(q.options.map((o) => o.text)).size !== 4 || !q.options.some((o) => o._id === q.correctOptionId);
    const broken = rows.filter((q) => !q.hint || !q.explanation || (q.kind === 'MCQ' && badOptions(q)));
    const withMath = rows.filter((q) => `${q.text}${q.options.map((o) => o.text).join('')}`.includes('$'));
    expect(withMath.length / rows.length).toBeGreaterThan(0.9);
    expect(broken.map((q) => q._id)).toEqual([]);
  });

  it('gives every open question a model answer and a mark scheme whose points carry keywords and add up to the max marks', async () => {
    const open = (await db.select().from(questions).all()).filter((q) => q.kind === 'OPEN');
    expect(open.length).toBeGreaterThan(20);
    for (const q of open) {
      expect(q.answer, q._id).not.toBe('');
      expect(q.markScheme.length, q._id).toBeGreaterThan(1);
      expect(
        q.markScheme.every((p) => p.point && p.keywords.length > 0 && p.marks > 0),
        q._id,
      ).toBe(true);
      expect(q.markScheme.reduce((sum, p) => sum + p.marks, 0)).toBe(q.maxMarks);
    }
  });

  it('stores sub topic content as editor HTML with math nodes, and publishes quizzes of approved questions', async () => {
    const sub = await db.select().from(subTopics).where(eq(subTopics._id, 'sub_topic_studyhall_quadratic_equations')).get();
    expect(sub!.contents[0]!.body).toContain('<div data-type="block-math" data-latex="x = \\frac{-b');
    const quizRows = await db.select().from(quizzes).where(eq(quizzes.subTopicId, sub!._id)).all();
    expect(quizRows.map((q) => q.isPublished)).toEqual([true, true]);
    const ids = quizRows.flatMap((q) => q.questionIds);
    const approved = await db.select({ _id: questions._id, isApproved: questions.isApproved }).from(questions).where(eq(questions.subTopicId, sub!._id)).all();
    expect(ids.every((id) => approved.find((q) => q._id === id)?.isApproved)).toBe(true);
  });

  it('stores the syllabus codes on the seeded subjects', async () => {
    const maths = await db.select().from(subjects).where(eq(subjects._id, 'subject_studyhall_cambridge_igcse_maths')).get();
    expect(maths!.subjectCode).toBe('0580');
  });
});
