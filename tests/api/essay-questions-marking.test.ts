import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { EssayResponseDoc, LearnerEssayQuestion, MarkerEssayResponseDoc } from '../../schema/contracts/essays';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { SEED_ESSAY_IDS } from '../../schema/seed-essays';
import { essayResponses, users } from '../../schema/tables';
import { api, bearer, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const SUB = 'sub_topic_studyhall_percentages';
const SAM = DEMO_USERS.student._id;
/** A second tutor of the main tenant who teaches nobody: Sam is Theo's student, not hers. */
const TIA = { _id: 'user_tutor_tia', email: 'tia@studyhall.test' };

let admin: string;
let sam: string;
let tutor: string;
let tia: string;
let partner: string;
let samResponse: EssayResponseDoc;

const send = (method: string, path: string, body: unknown, token: string) =>
  api(path, { method, headers: { 'content-type': 'application/json', ...bearer(token) }, body: JSON.stringify(body) });
const get = (path: string, token: string, host = 'localhost') => api(path, { headers: bearer(token) }, host);
const page = async (path: string, token: string) => (await get(path, token)).json<ListResponse<MarkerEssayResponseDoc>>();

beforeAll(async () => {
  await seedDemo();
  const source = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users._id, SAM)).get();
  await db
    .insert(users)
    .values({ ...TIA, tenantId: TENANT_IDS.studyhall, role: 'TUTOR', firstname: 'Tia', lastname: 'Tutor', passwordHash: source!.passwordHash, onboarded: true })
    .onConflictDoNothing();
  [admin, sam, tutor, tia, partner] = await Promise.all([
    signIn('admin@studyhall.test'),
    signIn('student@studyhall.test'),
    signIn('tutor@studyhall.test'),
    signIn(TIA.email),
    signIn('admin@partner.test', PARTNER_HOST),
  ]);
  const question = await (await get(`/essay-questions/random/${SUB}`, sam)).json<LearnerEssayQuestion>();
  const res = await send(
    'POST',
    '/essay-questions/aiResponse',
    {
      essayQuestionId: SEED_ESSAY_IDS.percentages,
      answers: question.subQuestions.map((p) => ({ subQuestionId: p._id, answer: 'It is 25% because 10 / 40 = 0.25' })),
    },
    sam,
  );
  expect(res.status).toBe(201);
  samResponse = await res.json<EssayResponseDoc>();
});

describe('essay responses for markers', () => {
  it('lists a tutor’s own students’ answers, paged, with the learner, the sub topic and each part’s verdict', async () => {
    const list = await page('/essay-questions/responses?limit=5', tutor);
    expect(list).toMatchObject({ limit: 5, offset: 0 });
    expect(list.totalDocs).toBeGreaterThanOrEqual(1);
    const doc = list.docs.find((d) => d._id === samResponse._id)!;
    expect(doc).toMatchObject({ learner: { _id: SAM, name: 'Sam Student' }, subTopic: { _id: SUB }, overridden: false, source: 'offline' });
    expect(doc.answers[0]).toMatchObject({ verdict: expect.stringMatching(/CORRECT|PARTIAL|INCORRECT/), analysis: expect.any(Array) });
    expect(doc.subQuestions[0]!.markScheme.length).toBeGreaterThan(0);
    expect((await page(`/essay-questions/responses?userId=${SAM}`, tutor)).docs.map((d) => d._id)).toContain(samResponse._id);
    expect((await (await get(`/essay-questions/responses/${samResponse._id}`, tutor)).json<MarkerEssayResponseDoc>())._id).toBe(samResponse._id);
  });

  it('lets an admin holding submissions: view read every learner’s answers', async () => {
    expect((await page('/essay-questions/responses', admin)).docs.map((d) => d._id)).toContain(samResponse._id);
  });

  it('answers 404 to another tutor for someone else’s student, and shows her nobody’s answers', async () => {
    expect((await get(`/essay-questions/responses/${samResponse._id}`, tia)).status).toBe(404);
    expect((await get(`/essay-questions/responses?userId=${SAM}`, tia)).status).toBe(404);
    expect((await page('/essay-questions/responses', tia)).docs).toEqual([]);
    const before = await db.select().from(essayResponses).where(eq(essayResponses._id, samResponse._id)).get();
    const override = await send(
      'POST',
      '/essay-questions/overrideMark',
      { responseId: samResponse._id, subQuestionId: samResponse.answers[0]!.subQuestionId, givenMarks: 0, reason: 'Not shown' },
      tia,
    );
    expect(override.status).toBe(404);
    expect(await db.select().from(essayResponses).where(eq(essayResponses._id, samResponse._id)).get()).toEqual(before);
  });

  it('keeps other tenants and learners out', async () => {
    expect((await get(`/essay-questions/responses/${samResponse._id}`, partner, PARTNER_HOST)).status).toBe(404);
    const partnerList = await get('/essay-questions/responses', partner, PARTNER_HOST);
    expect(partnerList.status).toBe(200);
    expect((await partnerList.json<ListResponse<MarkerEssayResponseDoc>>()).docs.map((d) => d._id)).not.toContain(samResponse._id);
    expect([403, 404]).toContain((await get('/essay-questions/responses', sam)).status);
    expect((await get('/essay-questions/responses?limit=0', tutor)).status).toBe(400);
  });

  it('shows an override in the list with the tutor’s reason', async () => {
    const part = samResponse.answers[0]!;
    const res = await send(
      'POST',
      '/essay-questions/overrideMark',
      { responseId: samResponse._id, subQuestionId: part.subQuestionId, givenMarks: 0, reason: 'The working is missing.' },
      tutor,
    );
    expect(res.status).toBe(200);
    const doc = (await page(`/essay-questions/responses?userId=${SAM}`, tutor)).docs.find((d) => d._id === samResponse._id)!;
    expect(doc.overridden).toBe(true);
    expect(doc.answers[0]).toMatchObject({ givenMarks: 0, source: 'TUTOR', overrideReason: 'The working is missing.', verdict: 'INCORRECT' });
  });
});
