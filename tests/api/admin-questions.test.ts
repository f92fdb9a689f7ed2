import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { QuestionDoc, QuestionInput } from '../../schema/contracts/content';
import { questions } from '../../schema/tables';
import { api, bearer, expectFieldError, seedAdminAndSam } from '../helpers/auth';
import { db, PARTNER_HOST } from '../helpers/seed';

const SUB = 'sub_topic_studyhall_quadratic_equations';
const OTHER_SUB = 'sub_topic_studyhall_pythagoras';
const PARTNER_SUB = 'sub_topic_brightpath_percentages';
const SEEDED = 'question_studyhall_quadratic_equations_1';
const PARTNER_Q = 'question_brightpath_percentages_1';

let admin: string;
let sam: string;

beforeAll(async () => {
  ({ admin, sam } = await seedAdminAndSam());
});

const send = (method: string, path: string, body?: unknown, token = admin, host = 'localhost') =>
  api(path, { method, headers: { 'content-type': 'application/json', ...bearer(token) }, body: body === undefined ? undefined : JSON.stringify(body) }, host);
const get = (path: string, token = admin) => api(path, { headers: bearer(token) });
const allRows = () => db.select().from(questions).orderBy(questions._id).all();

const mcq: QuestionInput = {
  subTopicId: SUB,
  kind: 'MCQ',
  text: 'Solve $x^2 = 9$ for $x > 0$.',
  options: [{ text: '$3$' }, { text: '$-3$' }, { text: '$9$' }],
  correctOption: 0,
  explanation: 'Square root both sides.',
  hint: 'Which positive number squares to 9?',
  difficulty: 'EASY',
  level: 1,
};
const openQuestion: QuestionInput = {
  subTopicId: SUB,
  kind: 'OPEN',
  text: 'Explain why $x^2 + 1 = 0$ has no real roots.',
  answer: 'Because $x^2 \\ge 0$, so $x^2 + 1 \\ge 1$.',
  explanation: 'Squares are never negative.',
  hint: 'Can a square be negative?',
  markScheme: [
    { point: 'Squares are never negative', marks: 1, keywords: ['negative', 'square'] },
    { point: 'So the left side is at least 1', marks: 2, keywords: ['at least 1', '≥ 1'] },
  ],
  difficulty: 'HARD',
  level: 6,
};

describe('happy', () => {
  it('pages the questions of sub topics, newest first, with filters', async () => {
    const page = await (await get(`/admin/questions?subTopicIds=${SUB},${OTHER_SUB}&limit=5&offset=0`)).json<ListResponse<QuestionDoc>>();
    expect(page).toMatchObject({ limit: 5, offset: 0, totalDocs: 25 });
    expect(page.docs).toHaveLength(5);
    const hard = await (await get(`/admin/questions?subTopicIds=${SUB}&difficulty=HARD`)).json<ListResponse<QuestionDoc>>();
    expect(hard.docs.every((q) => q.difficulty === 'HARD' && q.subTopicId === SUB)).toBe(true);
    const waiting = await (await get(`/admin/questions?subTopicIds=${SUB}&isApproved=false`)).json<ListResponse<QuestionDoc>>();
    expect(waiting.docs.map((q) => q._id)).toEqual(['question_studyhall_quadratic_equations_8']);
  });

  it('answers questions by id and by a list of ids', async () => {
    const one = await (await get(`/admin/questions/${SEEDED}`)).json<QuestionDoc>();
    expect(one).toMatchObject({ _id: SEEDED, kind: 'MCQ', isApproved: true, approvedBy: 'user_admin' });
    expect(one.options.some((o) => o._id === one.correctOptionId)).toBe(true);
    const list = await (await get(`/admin/questions/list?questionId=${SEEDED},question_studyhall_pythagoras_2`)).json<ListResponse<QuestionDoc>>();
    expect(list.docs.map((q) => q._id).sort()).toEqual(['question_studyhall_pythagoras_2', SEEDED]);
  });

  it('creates a multiple-choice and an open question, unapproved, with derived marks', async () => {
    const res = await send('POST', '/admin/questions', mcq);
    expect(res.status).toBe(201);
    const made = await res.json<QuestionDoc>();
    expect(made).toMatchObject({ kind: 'MCQ', isApproved: false, approvedBy: null, createdBy: 'user_admin', maxMarks: 1, markScheme: [] });
    expect(made.correctOptionId).toBe(made.options[0]!._id);
    const open = await (await send('POST', '/admin/questions', openQuestion)).json<QuestionDoc>();
    expect(open).toMatchObject({ kind: 'OPEN', maxMarks: 3, options: [], correctOptionId: null });
    expect(open.markScheme.map((p) => p.keywords)).toEqual([
      ['negative', 'square'],
      ['at least 1', '≥ 1'],
    ]);
  });

  it('updates a question keeping option ids, and sends it back for approval', async () => {
    const made = await (await send('POST', '/admin/questions', mcq)).json<QuestionDoc>();
    await send('PUT', `/admin/questions/approve/${made._id}`, { isApproved: true });
    const [right, wrong] = made.options;
    const res = await send('PUT', `/admin/questions/${made._id}`, {
      ...mcq,
      options: [{ _id: wrong!._id, text: '$-3$' }, { _id: right!._id, text: '$+3$' }, { text: '$0$' }],
      correctOption: 1,
    });
    expect(res.status).toBe(200);
    const updated = await res.json<QuestionDoc>();
    expect(updated.options.map((o) => o._id).slice(0, 2)).toEqual([wrong!._id, right!._id]);
    expect(updated.correctOptionId).toBe(right!._id);
    expect(updated).toMatchObject({ isApproved: false, approvedBy: null });
  });

  it('approves and un-approves, recording who approved', async () => {
    const made = await (await send('POST', '/admin/questions', openQuestion)).json<QuestionDoc>();
    const approved = await (await send('PUT', `/admin/questions/approve/${made._id}`, { isApproved: true })).json<QuestionDoc>();
    expect(approved).toMatchObject({ isApproved: true, approvedBy: 'user_admin' });
    const back = await (await send('PUT', `/admin/questions/approve/${made._id}`, { isApproved: false })).json<QuestionDoc>();
    expect(back).toMatchObject({ isApproved: false, approvedBy: null });
  });

  it('deletes a question: gone from lists and lookups, kept in storage', async () => {
    const made = await (await send('POST', '/admin/questions', mcq)).json<QuestionDoc>();
    const before = (await (await get(`/admin/questions?subTopicIds=${SUB}`)).json<ListResponse<QuestionDoc>>()).totalDocs;
    expect((await send('PUT', `/admin/questions/delete/${made._id}`)).status).toBe(200);
    expect((await (await get(`/admin/questions?subTopicIds=${SUB}`)).json<ListResponse<QuestionDoc>>()).totalDocs).toBe(before - 1);
    expect((await get(`/admin/questions/${made._id}`)).status).toBe(404);
    expect((await db.select().from(questions).where(eq(questions._id, made._id)).get())!.deletedAt).toBeInstanceOf(Date);
  });

  it('imports many questions in one call', async () => {
    const res = await send('POST', '/admin/questions/create-many', { questions: [mcq, openQuestion, { ...mcq, subTopicId: OTHER_SUB }] });
    expect(res.status).toBe(201);
    const body = await res.json<{ created: number; docs: QuestionDoc[] }>();
    expect(body.created).toBe(3);
    expect(body.docs.map((q) => q.subTopicId)).toEqual([SUB, SUB, OTHER_SUB]);
  });
});

describe('errors', () => {
  it('names the field of a bad question and writes nothing', async () => {
    const before = await allRows();
    await expectFieldError(await send('POST', '/admin/questions', { ...mcq, text: '' }), 'text');
    await expectFieldError(await send('POST', '/admin/questions', { ...mcq, options: [{ text: 'only' }] }), 'options');
    await expectFieldError(await send('POST', '/admin/questions', { ...mcq, options: [{ text: 'a' }, { text: 'A' }] }), 'options');
    await expectFieldError(await send('POST', '/admin/questions', { ...mcq, correctOption: 3 }), 'correctOption');
    await expectFieldError(await send('POST', '/admin/questions', { ...openQuestion, markScheme: [] }), 'markScheme');
    await expectFieldError(await send('POST', '/admin/questions', { ...openQuestion, answer: '' }), 'answer');
    await expectFieldError(await send('POST', '/admin/questions', { ...mcq, difficulty: 'EXTREME' }), 'difficulty');
    await expectFieldError(await send('POST', '/admin/questions', { ...mcq, level: 7 }), 'level');
    await expectFieldError(await send('POST', '/admin/questions', { ...mcq, subTopicId: 'sub_topic_nowhere' }), 'subTopicId');
    await expectFieldError(
      await send('PUT', `/admin/questions/${SEEDED}`, { ...mcq, options: [{ _id: 'invented', text: 'x' }, { text: 'y' }] }),
      'options.0._id',
    );
    await expectFieldError(await send('PUT', `/admin/questions/approve/${SEEDED}`, { isApproved: 'yes' }), 'isApproved');
    await expectFieldError(await get('/admin/questions'), 'subTopicIds');
    await expectFieldError(await get('/admin/questions/list'), 'questionId');
    expect(await allRows()).toEqual(before);
  });

  it('rejects a whole import when one row is bad, naming the row and field', async () => {
    const before = await allRows();
    const body = await expectFieldError(
      await send('POST', '/admin/questions/create-many', { questions: [mcq, openQuestion, { ...openQuestion, markScheme: [{ point: '', marks: 1 }] }] }),
      'questions.2.markScheme.0.point',
    );
    expect(body.message).toContain('questions 3');
    await expectFieldError(
      await send('POST', '/admin/questions/create-many', { questions: [mcq, { ...mcq, subTopicId: 'nowhere' }] }),
      'questions.1.subTopicId',
    );
    await expectFieldError(await send('POST', '/admin/questions/create-many', { questions: [] }), 'questions');
    expect(await allRows()).toEqual(before);
  });

  it('answers 404 for an unknown question', async () => {
    expect((await get('/admin/questions/question_nowhere')).status).toBe(404);
    expect((await send('PUT', '/admin/questions/approve/question_nowhere', { isApproved: true })).status).toBe(404);
    expect((await send('PUT', '/admin/questions/delete/question_nowhere')).status).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses every question-bank call to signed-out callers and learners, and writes nothing', async () => {
    const before = await allRows();
    expect((await api(`/admin/questions?subTopicIds=${SUB}`)).status).toBe(401);
    expect((await get(`/admin/questions?subTopicIds=${SUB}`, sam)).status).toBe(403);
    expect((await get(`/admin/questions/${SEEDED}`, sam)).status).toBe(403);
    expect((await get(`/admin/questions/list?questionId=${SEEDED}`, sam)).status).toBe(403);
    expect((await send('POST', '/admin/questions', mcq, sam)).status).toBe(403);
    expect((await send('POST', '/admin/questions/create-many', { questions: [mcq] }, sam)).status).toBe(403);
    expect((await send('PUT', `/admin/questions/${SEEDED}`, mcq, sam)).status).toBe(403);
    expect((await send('PUT', `/admin/questions/approve/${SEEDED}`, { isApproved: false }, sam)).status).toBe(403);
    expect((await send('PUT', `/admin/questions/delete/${SEEDED}`, undefined, sam)).status).toBe(403);
    expect(await allRows()).toEqual(before);
  });

  it('answers a learner 403 with no field errors on an empty or bad body, before reading it', async () => {
    for (const res of [
      await get('/admin/questions', sam),
      await send('POST', '/admin/questions', {}, sam),
      await send('POST', '/admin/questions/create-many', { questions: 'none' }, sam),
      await send('PUT', `/admin/questions/${SEEDED}`, {}, sam),
    ]) {
      expect(res.status).toBe(403);
      expect((await res.json<{ errors: unknown[] }>()).errors).toEqual([]);
    }
  });

  it('hides unapproved questions from learners', async () => {
    const waiting = 'question_studyhall_quadratic_equations_8';
    const seen = new Set<string>();
    for (let i = 0; i < 30; i += 1) seen.add((await (await get(`/subtopic/random/${SUB}`, sam)).json<{ _id: string }>())._id);
    expect(seen.has(waiting)).toBe(false);
    expect(seen.size).toBeGreaterThan(1);
  });

  it("keeps another tenant's questions invisible and unchangeable", async () => {
    const before = await allRows();
    expect((await get(`/admin/questions/${PARTNER_Q}`)).status).toBe(404);
    expect((await (await get(`/admin/questions?subTopicIds=${PARTNER_SUB}`)).json<ListResponse<QuestionDoc>>()).totalDocs).toBe(0);
    expect((await (await get(`/admin/questions/list?questionId=${PARTNER_Q}`)).json<ListResponse<QuestionDoc>>()).docs).toEqual([]);
    expect((await send('PUT', `/admin/questions/${PARTNER_Q}`, mcq)).status).toBe(404);
    expect((await send('PUT', `/admin/questions/approve/${PARTNER_Q}`, { isApproved: false })).status).toBe(404);
    expect((await send('PUT', `/admin/questions/delete/${PARTNER_Q}`)).status).toBe(404);
    await expectFieldError(await send('POST', '/admin/questions', { ...mcq, subTopicId: PARTNER_SUB }), 'subTopicId');
    expect((await send('POST', '/admin/questions', mcq, admin, PARTNER_HOST)).status).toBe(401);
    expect(await allRows()).toEqual(before);
  });
});
