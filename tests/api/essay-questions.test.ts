import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { EssayDraft, EssayDraftResult, EssayQuestionDoc, EssayQuestionInput, EssayResponseDoc, LearnerEssayQuestion } from '../../schema/contracts/essays';
import { TENANT_IDS } from '../../schema/seed';
import { SEED_ESSAY_IDS } from '../../schema/seed-essays';
import { courseStudents, essayQuestions, essayResponses } from '../../schema/tables';
import { tutorHelper } from '../../worker/lib/tutor-helper';
import { api, bearer, expectFieldError, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const SUB = 'sub_topic_studyhall_percentages';
const OTHER_SUB = 'sub_topic_studyhall_pythagoras';
const PARTNER_SUB = 'sub_topic_brightpath_percentages';
const SEEDED = SEED_ESSAY_IDS.percentages;
const PARTNER_ESSAY = 'essay_question_brightpath_matrix';

let admin: string;
let sam: string;
let maya: string;
let tutor: string;
let partner: string;

beforeAll(async () => {
  await seedDemo();
  [admin, sam, maya, tutor, partner] = await Promise.all([
    signIn('admin@studyhall.test'),
    signIn('student@studyhall.test'),
    signIn('student2@studyhall.test'),
    signIn('tutor@studyhall.test'),
    signIn('learner@partner.test', PARTNER_HOST),
  ]);
  await db.insert(essayQuestions).values({
    _id: PARTNER_ESSAY,
    tenantId: TENANT_IDS.brightpath,
    subTopicId: PARTNER_SUB,
    stem: 'Partner stem',
    subQuestions: [
      { _id: 'partner_part', prompt: 'Partner part', marks: 1, modelAnswer: '', markScheme: [{ _id: 'pp', point: 'Point', marks: 1, keywords: ['x'] }] },
    ],
    totalMarks: 1,
    isApproved: true,
  });
});

const send = (method: string, path: string, body?: unknown, token = admin, host = 'localhost') =>
  api(path, { method, headers: { 'content-type': 'application/json', ...bearer(token) }, body: body === undefined ? undefined : JSON.stringify(body) }, host);
const get = (path: string, token = admin, host = 'localhost') => api(path, { headers: bearer(token) }, host);
const allRows = () => db.select().from(essayQuestions).orderBy(essayQuestions._id).all();
const responseRows = () => db.select().from(essayResponses).orderBy(essayResponses._id).all();

const essay: EssayQuestionInput = {
  subTopicId: SUB,
  stem: 'A shop buys a lamp for £40 and sells it for £50.',
  subQuestions: [
    { prompt: 'Work out the profit.', marks: 1, modelAnswer: '£10', markScheme: [{ point: 'Profit £10', marks: 1, keywords: ['10'] }] },
    {
      prompt: 'Work out the percentage profit.',
      marks: 2,
      modelAnswer: '10 ÷ 40 × 100 = 25%',
      markScheme: [
        { point: 'Divides the profit by the cost', marks: 1, keywords: ['10 ÷ 40', '10/40', '0.25'] },
        { point: 'Percentage profit 25%', marks: 1, keywords: ['25'] },
      ],
    },
  ],
};

async function created(input: EssayQuestionInput = essay) {
  const res = await send('POST', '/admin/essay-questions', input);
  expect(res.status).toBe(201);
  return res.json<EssayQuestionDoc>();
}

describe('admin: happy', () => {
  it('creates an essay question unapproved, with part ids, rubric ids and the total of its parts', async () => {
    const doc = await created();
    expect(doc).toMatchObject({ subTopicId: SUB, isApproved: false, approvedBy: null, totalMarks: 3, origin: 'ADMIN', createdBy: 'user_admin' });
    expect(doc.subQuestions.map((p) => p._id).every(Boolean)).toBe(true);
    expect(doc.subQuestions[1]!.markScheme.map((p) => p._id).every(Boolean)).toBe(true);
    expect(await (await get(`/admin/essay-questions/${doc._id}`)).json()).toEqual(doc);
  });

  it('lists a sub topic’s essay questions newest first, filtered by approval, origin and text', async () => {
    const doc = await created({ ...essay, stem: 'A unique lamp stem', origin: 'OFFLINE' });
    const all = await (await get(`/admin/essay-questions?subTopicId=${SUB}`)).json<ListResponse<EssayQuestionDoc>>();
    expect(all.docs[0]!._id).toBe(doc._id);
    expect(all.docs.map((d) => d._id)).toContain(SEEDED);
    const approved = await (await get(`/admin/essay-questions?subTopicId=${SUB}&isApproved=true`)).json<ListResponse<EssayQuestionDoc>>();
    expect(approved.docs.every((d) => d.isApproved)).toBe(true);
    expect(approved.docs.map((d) => d._id)).toContain(SEEDED);
    const offline = await (await get(`/admin/essay-questions?subTopicId=${SUB}&origin=OFFLINE`)).json<ListResponse<EssayQuestionDoc>>();
    expect(offline.docs.map((d) => d._id)).toEqual([doc._id]);
    const found = await (await get(`/admin/essay-questions?subTopicId=${SUB}&searchText=unique%20lamp`)).json<ListResponse<EssayQuestionDoc>>();
    expect(found).toMatchObject({ totalDocs: 1, limit: 20, offset: 0 });
    expect((await (await get(`/admin/essay-questions?subTopicId=${OTHER_SUB}`)).json<ListResponse<EssayQuestionDoc>>()).totalDocs).toBe(0);
  });

  it('updates a question keeping the ids of parts it already has, and sends it back for approval', async () => {
    const doc = await created();
    await send('PUT', `/admin/essay-questions/approve/${doc._id}`, { isApproved: true });
    const [first] = doc.subQuestions;
    const res = await send('PUT', `/admin/essay-questions/${doc._id}`, {
      ...essay,
      stem: 'Changed stem',
      subQuestions: [
        { ...essay.subQuestions[0]!, _id: first!._id, marks: 1 },
        { ...essay.subQuestions[1]!, _id: 'not_a_part' },
      ],
    });
    expect(res.status).toBe(200);
    const updated = await res.json<EssayQuestionDoc>();
    expect(updated).toMatchObject({ stem: 'Changed stem', isApproved: false, approvedBy: null });
    expect(updated.subQuestions[0]!._id).toBe(first!._id);
    expect(updated.subQuestions[1]!._id).not.toBe('not_a_part');
  });

  it('approves and un-approves, recording who approved', async () => {
    const doc = await created();
    const on = await (await send('PUT', `/admin/essay-questions/approve/${doc._id}`, { isApproved: true })).json<EssayQuestionDoc>();
    expect(on).toMatchObject({ isApproved: true, approvedBy: 'user_admin' });
    const off = await (await send('PUT', `/admin/essay-questions/approve/${doc._id}`, { isApproved: false })).json<EssayQuestionDoc>();
    expect(off).toMatchObject({ isApproved: false, approvedBy: null });
  });

  it('deletes a question: gone from the list and lookups, kept in storage', async () => {
    const doc = await created();
    expect(await (await send('PUT', `/admin/essay-questions/delete/${doc._id}`)).json()).toEqual({ _id: doc._id });
    expect((await get(`/admin/essay-questions/${doc._id}`)).status).toBe(404);
    expect((await send('PUT', `/admin/essay-questions/delete/${doc._id}`)).status).toBe(404);
    const list = await (await get(`/admin/essay-questions?subTopicId=${SUB}&limit=100`)).json<ListResponse<EssayQuestionDoc>>();
    expect(list.docs.map((d) => d._id)).not.toContain(doc._id);
    expect((await allRows()).find((r) => r._id === doc._id)?.deletedAt).toBeInstanceOf(Date);
  });

  it('drafts one question offline from the sub topic’s own bank, labelled as the offline helper’s, and stores nothing', async () => {
    const before = await allRows();
    const res = await send('POST', '/admin/essay-questions/gptQuestion', { subTopicId: SUB });
    expect(res.status).toBe(200);
    const body = await res.json<EssayDraftResult>();
    expect(body).toMatchObject({ threadId: null, source: 'offline' });
    expect(body.note).toMatch(/offline helper.*not by AI/);
    const draft = body.questions as EssayDraft;
    expect(draft).toMatchObject({ subTopicId: SUB, origin: 'OFFLINE' });
    expect(draft.stem).toContain('Percentages');
    expect(draft.subQuestions.length).toBeGreaterThan(0);
    for (const part of draft.subQuestions) expect(part.markScheme.length).toBeGreaterThan(0);
    // The draft is a valid create body as it stands.
    expect((await send('POST', '/admin/essay-questions', draft)).status).toBe(201);
    expect((await allRows()).length).toBe(before.length + 1);
  });

  it('drafts several different questions with gpt/question', async () => {
    const res = await send('POST', '/admin/essay-questions/gpt/question', { subTopicId: SUB, count: 2 });
    const body = await res.json<EssayDraftResult>();
    const drafts = body.questions as EssayDraft[];
    expect(drafts).toHaveLength(2);
    expect(drafts[0]!.subQuestions[0]!.prompt).not.toBe(drafts[1]!.subQuestions[0]!.prompt);
  });
});

describe('admin: errors', () => {
  it('names the field of a bad question and writes nothing', async () => {
    const before = await allRows();
    await expectFieldError(await send('POST', '/admin/essay-questions', { ...essay, stem: ' ' }), 'stem');
    await expectFieldError(await send('POST', '/admin/essay-questions', { ...essay, subQuestions: [] }), 'subQuestions');
    await expectFieldError(
      await send('POST', '/admin/essay-questions', { ...essay, subQuestions: [{ ...essay.subQuestions[0]!, markScheme: [] }] }),
      'subQuestions.0.markScheme',
    );
    await expectFieldError(
      await send('POST', '/admin/essay-questions', { ...essay, subQuestions: [{ ...essay.subQuestions[0]!, marks: 4 }] }),
      'subQuestions.0.markScheme',
    );
    await expectFieldError(await send('POST', '/admin/essay-questions', { ...essay, subTopicId: 'nope' }), 'subTopicId');
    await expectFieldError(await send('PUT', `/admin/essay-questions/approve/${SEEDED}`, { isApproved: 'yes' }), 'isApproved');
    await expectFieldError(await send('POST', '/admin/essay-questions/gptQuestion', { subTopicId: 'nope' }), 'subTopicId');
    await expectFieldError(await send('POST', '/admin/essay-questions/gpt/question', { subTopicId: SUB, count: 9 }), 'count');
    await expectFieldError(await get('/admin/essay-questions'), 'subTopicId');
    expect(await allRows()).toEqual(before);
  });

  it('answers 404 for an unknown question', async () => {
    expect((await get('/admin/essay-questions/nope')).status).toBe(404);
    expect((await send('PUT', '/admin/essay-questions/nope', essay)).status).toBe(404);
    expect((await send('PUT', '/admin/essay-questions/approve/nope', { isApproved: true })).status).toBe(404);
  });
});

describe('admin: permissions', () => {
  it('refuses every admin call to signed-out callers, learners and tutors before reading the body, and writes nothing', async () => {
    const before = await allRows();
    expect((await api(`/admin/essay-questions?subTopicId=${SUB}`)).status).toBe(401);
    for (const token of [sam, tutor]) {
      for (const res of [
        await get(`/admin/essay-questions?subTopicId=${SUB}`, token),
        await get(`/admin/essay-questions/${SEEDED}`, token),
        await send('POST', '/admin/essay-questions', {}, token),
        await send('POST', '/admin/essay-questions/gptQuestion', {}, token),
        await send('POST', '/admin/essay-questions/gpt/question', {}, token),
        await send('PUT', `/admin/essay-questions/${SEEDED}`, {}, token),
        await send('PUT', `/admin/essay-questions/approve/${SEEDED}`, {}, token),
        await send('PUT', `/admin/essay-questions/delete/${SEEDED}`, undefined, token),
      ]) {
        expect(res.status).toBe(403);
        expect((await res.json<{ errors: unknown[] }>()).errors).toEqual([]);
      }
    }
    expect(await allRows()).toEqual(before);
  });

  it("keeps another tenant's essay questions invisible and unchangeable", async () => {
    const before = await allRows();
    expect((await get(`/admin/essay-questions/${PARTNER_ESSAY}`)).status).toBe(404);
    expect((await (await get(`/admin/essay-questions?subTopicId=${PARTNER_SUB}`)).json<ListResponse<EssayQuestionDoc>>()).totalDocs).toBe(0);
    expect((await send('PUT', `/admin/essay-questions/${PARTNER_ESSAY}`, essay)).status).toBe(404);
    expect((await send('PUT', `/admin/essay-questions/approve/${PARTNER_ESSAY}`, { isApproved: false })).status).toBe(404);
    expect((await send('PUT', `/admin/essay-questions/delete/${PARTNER_ESSAY}`)).status).toBe(404);
    await expectFieldError(await send('POST', '/admin/essay-questions', { ...essay, subTopicId: PARTNER_SUB }), 'subTopicId');
    await expectFieldError(await send('POST', '/admin/essay-questions/gptQuestion', { subTopicId: PARTNER_SUB }), 'subTopicId');
    expect((await send('POST', '/admin/essay-questions', essay, admin, PARTNER_HOST)).status).toBe(401);
    expect(await allRows()).toEqual(before);
  });
});

const fullAnswers = [
  { subQuestionId: 'essay_percentages_1_a', answer: '25% of 80 is 20, so 80 - 20 = 60' },
  { subQuestionId: 'essay_percentages_1_b', answer: '25% of 60 = 15 so 60 + 15 = £75' },
  { subQuestionId: 'essay_percentages_1_c', answer: 'The increase is of a smaller amount so £75 is less than £80' },
];

describe('learner', () => {
  it('serves a random approved question without its model answers or rubric', async () => {
    const res = await get(`/essay-questions/random/${SUB}`, sam);
    expect(res.status).toBe(200);
    const q = await res.json<LearnerEssayQuestion>();
    expect(q._id).toBe(SEEDED);
    expect(q.totalMarks).toBe(6);
    expect(q.subQuestions).toEqual([
      { _id: 'essay_percentages_1_a', prompt: expect.any(String), marks: 2 },
      { _id: 'essay_percentages_1_b', prompt: expect.any(String), marks: 2 },
      { _id: 'essay_percentages_1_c', prompt: expect.any(String), marks: 2 },
    ]);
    expect(JSON.stringify(q)).not.toContain('markScheme');
  });

  it('never serves an unapproved or deleted question, and says so when none is ready', async () => {
    const waiting = await created({ ...essay, subTopicId: OTHER_SUB });
    const res = await get(`/essay-questions/random/${OTHER_SUB}`, sam);
    expect(res.status).toBe(404);
    expect((await res.json<{ message: string }>()).message).toBe('This sub topic has no structured questions yet');
    const drafted = await send(
      'POST',
      '/essay-questions/aiResponse',
      { essayQuestionId: waiting._id, answers: [{ subQuestionId: waiting.subQuestions[0]!._id, answer: '10' }] },
      sam,
    );
    expect(drafted.status).toBe(404);
    await send('PUT', `/admin/essay-questions/approve/${waiting._id}`, { isApproved: true });
    expect((await get(`/essay-questions/random/${OTHER_SUB}`, sam)).status).toBe(200);
    await send('PUT', `/admin/essay-questions/delete/${waiting._id}`);
    expect((await get(`/essay-questions/random/${OTHER_SUB}`, sam)).status).toBe(404);
  });

  it('marks each part against its rubric offline, with verdicts, marks, analysis and the helper label, and keeps it', async () => {
    const answers = [fullAnswers[0]!, { subQuestionId: 'essay_percentages_1_b', answer: 'It is 75' }, { subQuestionId: 'essay_percentages_1_c', answer: '' }];
    const res = await send('POST', '/essay-questions/aiResponse', { essayQuestionId: SEEDED, answers }, sam);
    expect(res.status).toBe(201);
    const doc = await res.json<EssayResponseDoc>();
    expect(doc).toMatchObject({ essayQuestionId: SEEDED, userId: 'user_student', givenMarks: 3, totalMarks: 6, source: 'offline' });
    expect(doc.answers.map((a) => [a.subQuestionId, a.verdict, a.givenMarks, a.maxMarks])).toEqual([
      ['essay_percentages_1_a', 'CORRECT', 2, 2],
      ['essay_percentages_1_b', 'PARTIAL', 1, 2],
      ['essay_percentages_1_c', 'INCORRECT', 0, 2],
    ]);
    expect(doc.answers[1]!.analysis).toContain('Missing: Finds 25% of £60 as £15 (1 mark not given)');
    expect(doc.answers[2]!.analysis).toEqual(['No answer was given, so no marks.']);
    expect(doc.subQuestions[0]!.markScheme.length).toBe(2);
    expect((await responseRows()).find((r) => r._id === doc._id)?.userId).toBe('user_student');
  });

  it('gives full marks to full answers written the learner’s way', async () => {
    const doc = await (await send('POST', '/essay-questions/aiResponse', { essayQuestionId: SEEDED, answers: fullAnswers }, maya)).json<EssayResponseDoc>();
    expect(doc.givenMarks).toBe(6);
    expect(doc.answers.every((a) => a.verdict === 'CORRECT')).toBe(true);
  });

  it('names a bad answer field and writes nothing', async () => {
    const before = await responseRows();
    await expectFieldError(await send('POST', '/essay-questions/aiResponse', { essayQuestionId: SEEDED, answers: [] }, sam), 'answers');
    await expectFieldError(
      await send('POST', '/essay-questions/aiResponse', { essayQuestionId: SEEDED, answers: [{ subQuestionId: 'not_a_part', answer: 'x' }] }, sam),
      'answers.0.subQuestionId',
    );
    await expectFieldError(await send('POST', '/essay-questions/aiResponse', { answers: fullAnswers }, sam), 'essayQuestionId');
    expect((await send('POST', '/essay-questions/aiResponse', { essayQuestionId: 'nope', answers: fullAnswers }, sam)).status).toBe(404);
    expect(await responseRows()).toEqual(before);
  });

  it('keeps tutors, admins and signed-out callers out of the learner calls, before reading the body', async () => {
    expect((await api(`/essay-questions/random/${SUB}`)).status).toBe(401);
    for (const token of [tutor, admin]) {
      expect((await get(`/essay-questions/random/${SUB}`, token)).status).toBe(403);
      const res = await send('POST', '/essay-questions/aiResponse', {}, token);
      expect(res.status).toBe(403);
      expect((await res.json<{ errors: unknown[] }>()).errors).toEqual([]);
    }
  });

  it("answers 404 for another tenant's questions and sub topics", async () => {
    expect((await get(`/essay-questions/random/${PARTNER_SUB}`, sam)).status).toBe(404);
    expect(
      (await send('POST', '/essay-questions/aiResponse', { essayQuestionId: PARTNER_ESSAY, answers: [{ subQuestionId: 'partner_part', answer: 'x' }] }, sam))
        .status,
    ).toBe(404);
    expect((await get(`/essay-questions/random/${SUB}`, partner, PARTNER_HOST)).status).toBe(404);
  });
});

describe('tutor override', () => {
  const override = (responseId: string, givenMarks: number, reason: string, token: string, subQuestionId = 'essay_percentages_1_b') =>
    send('POST', '/essay-questions/overrideMark', { responseId, subQuestionId, givenMarks, reason }, token);
  const samResponse = async () =>
    (await (await send('POST', '/essay-questions/aiResponse', { essayQuestionId: SEEDED, answers: [fullAnswers[0]!] }, sam)).json<EssayResponseDoc>())._id;

  it('lets Sam’s tutor change a part’s mark with a reason the learner sees, and re-adds the total', async () => {
    const id = await samResponse();
    const res = await override(id, 2, 'Right answer, working in your head is fine here', tutor);
    expect(res.status).toBe(200);
    const doc = await res.json<EssayResponseDoc>();
    expect(doc.givenMarks).toBe(4);
    expect(doc.answers[1]).toMatchObject({
      verdict: 'CORRECT',
      givenMarks: 2,
      source: 'TUTOR',
      overrideReason: 'Right answer, working in your head is fine here',
      overriddenBy: 'user_tutor',
    });
    expect(doc.answers[1]!.analysis[0]).toBe('Marked by your tutor: Right answer, working in your head is fine here');
  });

  it('refuses marks above the part’s, an unknown part or no reason, naming the field', async () => {
    const id = await samResponse();
    await expectFieldError(await override(id, 3, 'Too generous', admin), 'givenMarks');
    await expectFieldError(await override(id, 1, 'Fine', admin, 'not_a_part'), 'subQuestionId');
    await expectFieldError(await override(id, 1, '', admin), 'reason');
  });

  it('answers 404 to learners and to a tutor who no longer teaches the learner; another site refuses the token', async () => {
    const id = await samResponse();
    const res = await override(id, 0, 'Not mine to mark', sam);
    expect(res.status).toBe(404);
    expect((await res.json<{ errors: unknown[] }>()).errors).toEqual([]);
    await db.delete(courseStudents).where(eq(courseStudents.userId, 'user_student'));
    expect((await override(id, 0, 'No longer my student', tutor)).status).toBe(404);
    expect((await override(id, 0, 'Wrong site', partner)).status).toBe(401);
  });
});

describe('the AI helper', () => {
  const aiEnv = { OPENAI_BASE_URL: 'https://helper.test/v1', OPENAI_API_KEY: 'k' };
  const context = { subTopic: { name: 'Percentages', summary: '' }, instructions: '', bank: [], variant: 0 };
  const replying = (content: string) => (async () => Response.json({ choices: [{ message: { content } }] })) as unknown as typeof fetch;

  it('returns a model draft checked against the form’s rules, labelled with its source', async () => {
    const parts = [{ prompt: 'Find 10% of 50.', marks: 1, modelAnswer: '5', markScheme: [{ point: 'Five', marks: 1, keywords: ['5'] }] }];
    const reply = await tutorHelper(aiEnv, replying(JSON.stringify({ stem: 'Shop prices', parts }))).draftEssay(context);
    expect(reply).toMatchObject({ source: 'openai', draft: { stem: 'Shop prices', subQuestions: parts } });
  });

  it('falls back to the offline rules, saying so, when the model’s draft is malformed', async () => {
    const reply = await tutorHelper(aiEnv, replying('{"stem": "", "parts": []}')).draftEssay(context);
    expect(reply.source).toBe('offline');
    expect(reply.draft.subQuestions.length).toBeGreaterThan(0);
  });
});
