import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { AdminDiagnosticTestDoc, DiagnosticQuestionChoice, DiagnosticTestDoc, DiagnosticTestInput } from '../../schema/contracts/diagnostics';
import { SEED_DIAGNOSTIC_IDS } from '../../schema/seed-diagnostics';
import { diagnosticTests } from '../../schema/tables';
import { api, bearer, type ErrorJson, expectFieldError, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const PLACE = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };
const query = new URLSearchParams(PLACE).toString();

let admin: string;
let sam: string;
let tutor: string;
let partnerAdmin: string;
let choices: DiagnosticQuestionChoice[];

const get = (path: string, token: string, host = 'localhost') => api(path, { headers: bearer(token) }, host);
const send = (method: string, path: string, body: unknown, token: string, host = 'localhost') =>
  api(path, { method, headers: bearer(token, { 'content-type': 'application/json' }), body: JSON.stringify(body) }, host);
const testRows = () => db.select().from(diagnosticTests).orderBy(diagnosticTests._id).all();

const input = (over: Partial<DiagnosticTestInput> = {}): DiagnosticTestInput => ({
  title: 'IGCSE Maths quick check',
  description: 'Three questions to find where to start.',
  ...PLACE,
  questionIds: choices.slice(0, 3).map((q) => q._id),
  ...over,
});

beforeAll(async () => {
  await seedDemo();
  [admin, sam, tutor, partnerAdmin] = await Promise.all([
    signIn('admin@studyhall.test'),
    signIn('student@studyhall.test'),
    signIn('tutor@studyhall.test'),
    signIn('admin@partner.test', PARTNER_HOST),
  ]);
  choices = await (await get(`/admin/diagnostics/tests/questions?${query}`, admin)).json<DiagnosticQuestionChoice[]>();
});

describe('the diagnostic-test editor', () => {
  it('offers the subject’s approved questions with their topics, narrowed by search', async () => {
    expect(choices.length).toBeGreaterThan(3);
    expect(choices[0]).toMatchObject({ _id: expect.any(String), topicName: expect.any(String), subTopicName: expect.any(String) });
    const word = choices[0]!.text.split(' ').find((w) => w.length > 4)!;
    const found = await (await get(`/admin/diagnostics/tests/questions?${query}&searchText=${encodeURIComponent(word)}`, admin)).json<
      DiagnosticQuestionChoice[]
    >();
    expect(found.every((q) => q.text.toLowerCase().includes(word.toLowerCase()))).toBe(true);
  });

  it('creates a draft learners cannot see, publishes it for them, and unpublishes it again', async () => {
    const res = await send('POST', '/admin/diagnostics/tests', input(), admin);
    expect(res.status).toBe(201);
    const created = await res.json<AdminDiagnosticTestDoc>();
    expect(created).toMatchObject({ title: 'IGCSE Maths quick check', isPublished: false, questionCount: 3 });
    expect(created.questions!.map((q) => q._id)).toEqual(input().questionIds);
    const offered = async () => (await (await get('/diagnostics/tests', sam)).json<DiagnosticTestDoc[]>()).map((t) => t._id);
    expect(await offered()).not.toContain(created._id);
    expect((await get(`/diagnostics/tests/${created._id}`, sam)).status).toBe(404);
    // A draft is refused as an unknown test would be.
    await expectFieldError(await send('POST', '/diagnostics', { testId: created._id, answers: [] }, sam), 'testId');

    const published = await send('PUT', `/admin/diagnostics/tests/${created._id}/publish`, { isPublished: true }, admin);
    expect((await published.json<AdminDiagnosticTestDoc>()).isPublished).toBe(true);
    expect(await offered()).toContain(created._id);
    expect((await (await get(`/diagnostics/tests/${created._id}`, sam)).json<DiagnosticTestDoc>()).questions).toHaveLength(3);

    await send('PUT', `/admin/diagnostics/tests/${created._id}/publish`, { isPublished: false }, admin);
    expect(await offered()).not.toContain(created._id);
    const list = await (await get('/admin/diagnostics/tests', admin)).json<ListResponse<AdminDiagnosticTestDoc>>();
    expect(list.docs.map((t) => t._id)).toEqual(expect.arrayContaining([created._id, SEED_DIAGNOSTIC_IDS.maths]));
  });

  it('edits a test’s questions, order and place', async () => {
    const reordered = [choices[3]!._id, choices[0]!._id];
    const res = await send(
      'PUT',
      `/admin/diagnostics/tests/${SEED_DIAGNOSTIC_IDS.maths}`,
      input({ title: 'IGCSE Maths diagnostic', questionIds: reordered }),
      admin,
    );
    expect(res.status).toBe(200);
    expect((await res.json<AdminDiagnosticTestDoc>()).questionIds).toEqual(reordered);
    expect(
      (await (await get(`/admin/diagnostics/tests/${SEED_DIAGNOSTIC_IDS.maths}`, admin)).json<AdminDiagnosticTestDoc>()).questions!.map((q) => q._id),
    ).toEqual(reordered);
  });

  it('names bad input and writes nothing', async () => {
    const before = await testRows();
    await expectFieldError(await send('POST', '/admin/diagnostics/tests', input({ title: ' ' }), admin), 'title');
    await expectFieldError(await send('POST', '/admin/diagnostics/tests', input({ questionIds: [] }), admin), 'questionIds');
    const twice = choices[0]!._id;
    await expectFieldError(await send('POST', '/admin/diagnostics/tests', input({ questionIds: [twice, twice] }), admin), 'questionIds');
    const wrongSubject = await expectFieldError(await send('POST', '/admin/diagnostics/tests', input({ subject: 'Astrology' }), admin), 'subject');
    expect(wrongSubject.message).toBe('Subject is not in the catalogue: Cambridge IGCSE has no Astrology for Grade 10.');
    const stranger = (await expectFieldError(
      await send('POST', '/admin/diagnostics/tests', input({ questionIds: ['question_nope'] }), admin),
      'questionIds',
    )) as ErrorJson;
    expect(stranger.message).toContain('question_nope');
    await expectFieldError(await send('PUT', `/admin/diagnostics/tests/${SEED_DIAGNOSTIC_IDS.maths}/publish`, { isPublished: 'yes' }, admin), 'isPublished');
    expect(await testRows()).toEqual(before);
  });

  it('answers 404 for another tenant’s admin and refuses people without the content permission, writing nothing', async () => {
    const before = await testRows();
    expect((await get(`/admin/diagnostics/tests/${SEED_DIAGNOSTIC_IDS.maths}`, partnerAdmin, PARTNER_HOST)).status).toBe(404);
    expect(
      (await send('PUT', `/admin/diagnostics/tests/${SEED_DIAGNOSTIC_IDS.maths}/publish`, { isPublished: false }, partnerAdmin, PARTNER_HOST)).status,
    ).toBe(404);
    expect((await send('PUT', `/admin/diagnostics/tests/${SEED_DIAGNOSTIC_IDS.maths}`, input(), partnerAdmin, PARTNER_HOST)).status).toBe(404);
    const partnerList = await (await get('/admin/diagnostics/tests', partnerAdmin, PARTNER_HOST)).json<ListResponse<AdminDiagnosticTestDoc>>();
    expect(partnerList.docs.map((t) => t._id)).not.toContain(SEED_DIAGNOSTIC_IDS.maths);
    expect((await send('POST', '/admin/diagnostics/tests', input(), tutor)).status).toBe(403);
    expect((await send('PUT', `/admin/diagnostics/tests/${SEED_DIAGNOSTIC_IDS.maths}/publish`, { isPublished: false }, sam)).status).toBe(403);
    expect(await testRows()).toEqual(before);
    expect((await db.select().from(diagnosticTests).where(eq(diagnosticTests._id, SEED_DIAGNOSTIC_IDS.maths)).get())!.isPublished).toBe(true);
  });
});
