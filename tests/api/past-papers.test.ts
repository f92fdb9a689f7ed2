import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PastPaperRowInput, SubjectPastPapers, TopicalSubTopic, TopicalSubTopicPapers } from '../../schema/contracts/past-papers';
import { TENANT_IDS } from '../../schema/seed';
import { seedPastPaperQuizId } from '../../schema/seed-past-papers';
import { pastPapers, roles, users } from '../../schema/tables';
import { api, bearer, type ErrorJson, expectFieldError, postJson, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let sam: string;
let admin: string;
let viewer: string;
let partnerAdmin: string;

const TRIG = 'sub_topic_studyhall_right_angled_trigonometry';

/** An admin whose role may read the catalogue but not upload one. */
async function seedViewerAdmin() {
  const source = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users._id, 'user_admin')).get();
  await db
    .insert(roles)
    .values({ _id: 'role_pp_viewer', tenantId: TENANT_IDS.studyhall, name: 'Past-paper reader', permissions: { pastPapers: ['view'] } })
    .onConflictDoNothing();
  await db
    .insert(users)
    .values({
      _id: 'user_pp_viewer',
      tenantId: TENANT_IDS.studyhall,
      email: 'pp-viewer@studyhall.test',
      role: 'ADMIN',
      firstname: 'Paper',
      lastname: 'Reader',
      adminRoleId: 'role_pp_viewer',
      passwordHash: source!.passwordHash,
      onboarded: true,
    })
    .onConflictDoNothing();
}

beforeAll(async () => {
  await seedDemo();
  await seedViewerAdmin();
  [sam, admin, viewer, partnerAdmin] = await Promise.all([
    signIn('student@studyhall.test'),
    signIn('admin@studyhall.test'),
    signIn('pp-viewer@studyhall.test'),
    signIn('admin@partner.test', PARTNER_HOST),
  ]);
});

const get = (path: string, token: string, host = 'localhost') => api(path, { headers: bearer(token) }, host);
const post = (path: string, body: unknown, token: string, host = 'localhost') => postJson(path, body, { headers: bearer(token) }, host);

const row = (overrides: Partial<PastPaperRowInput> = {}): PastPaperRowInput => ({
  board: 'AQA GCSE',
  subjectKey: 'Mathematics',
  subjectCode: '8300',
  year: '2023',
  session: 'June',
  label: 'Paper 1F',
  code: '8300/1F/JUN23',
  link: 'https://www.aqa.org.uk/find-past-papers',
  marking: 'https://www.aqa.org.uk/find-past-papers',
  ...overrides,
});

const aqaCount = async () => (await db.select().from(pastPapers).where(eq(pastPapers.board, 'AQA GCSE'))).length;

describe('the per-subject catalogue', () => {
  it('lists a subject’s papers by year, latest first, for the board’s code or the catalogue key', async () => {
    const res = await get('/past-papers?subjectCode=0580', sam);
    expect(res.status).toBe(200);
    const body = await res.json<SubjectPastPapers>();
    expect(body.boards).toEqual(['Cambridge IGCSE']);
    expect(body.years.map((y) => y.year)).toEqual(['2023', '2022', '2020 (Specimen)']);
    expect(body.years[0]!.papers.map((p) => p.code)).toEqual(['0580/22/M/J/23', '0580/42/M/J/23', '0580/22/O/N/23', '0580/42/O/N/23']);
    expect(body.years[2]!.papers[0]).toMatchObject({ label: 'Paper 2 (Extended)', marking: '' });
    const byKey = await (await get('/past-papers?subjectKey=mathematics', sam)).json<SubjectPastPapers>();
    expect(byKey.boards).toEqual(['Pearson Edexcel International GCSE']);
  });

  it('needs a subject code or key, and shows another tenant nothing of this one', async () => {
    await expectFieldError(await get('/past-papers', sam), 'subjectCode');
    expect((await get('/past-papers?subjectCode=0580', sam, PARTNER_HOST)).status).toBe(401);
    const partner = await (await get('/past-papers?subjectCode=0580', partnerAdmin, PARTNER_HOST)).json<SubjectPastPapers>();
    expect(partner.years).toEqual([]);
  });

  it('is for signed-in sessions only', async () => {
    expect((await api('/past-papers?subjectCode=0580')).status).toBe(401);
  });
});

describe('topical past papers', () => {
  it('lists the sub topics with past-paper questions, and one sub topic’s sets with their papers', async () => {
    const list = await (await get('/past-papers/topical?subject=Mathematics', sam)).json<TopicalSubTopic[]>();
    const trig = list.find((s) => s.subTopicId === TRIG);
    expect(trig).toMatchObject({ subTopic: 'Right-angled trigonometry', topic: 'Trigonometry', papers: 2, questions: 2 });
    const res = await get(`/past-papers/topical/${TRIG}`, sam);
    expect(res.status).toBe(200);
    const body = await res.json<TopicalSubTopicPapers>();
    expect(body.subTopic).toMatchObject({ _id: TRIG, curriculum: 'Cambridge IGCSE', subject: 'Mathematics' });
    expect(body.papers.map((p) => p.quizId)).toEqual([
      seedPastPaperQuizId('0580/42/M/J/23', 'right-angled-trigonometry'),
      seedPastPaperQuizId('4MA1/2H/JUN22', 'right-angled-trigonometry'),
    ]);
    expect(body.papers[0]!.paper).toMatchObject({ board: 'Cambridge IGCSE', year: '2023', session: 'May/June', label: 'Paper 4 (Extended)' });
  });

  it('the sub topic check names the papers, so the sub topic page can offer them', async () => {
    expect(await (await get(`/quizzes/checkPapersBySubTopicId/${TRIG}`, sam)).json()).toEqual({
      hasPapers: true,
      papers: ['0580/42/M/J/23', '4MA1/2H/JUN22'],
    });
  });

  it('answers 404 for an unknown sub topic or another tenant’s', async () => {
    expect((await get('/past-papers/topical/no_such_sub_topic', sam)).status).toBe(404);
    expect((await get('/past-papers/topical/sub_topic_brightpath_percentages', sam)).status).toBe(404);
    expect((await get(`/past-papers/topical/${TRIG}`, partnerAdmin, PARTNER_HOST)).status).toBe(404);
  });
});

describe('importing a catalogue', () => {
  it('adds new papers and updates those already there, by code', async () => {
    const res = await post('/admin/past-papers/import', { rows: [row(), row({ label: 'Paper 1H', code: '', marking: '' })] }, admin);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      created: 2,
      updated: 0,
      questions: { created: 0, updated: 0, sets: 0 },
      message: 'Imported 2 papers: 2 new, 0 updated.',
    });
    const again = await post('/admin/past-papers/import', { rows: [row({ link: 'https://www.aqa.org.uk/8300-1f' })] }, admin);
    expect(await again.json()).toMatchObject({ created: 0, updated: 1 });
    const stored = await db.select().from(pastPapers).where(eq(pastPapers.board, 'AQA GCSE'));
    expect(stored.find((p) => p.code === '8300/1F/JUN23')).toMatchObject({ subjectKey: 'mathematics', link: 'https://www.aqa.org.uk/8300-1f' });
    expect(stored.find((p) => p.label === 'Paper 1H')).toMatchObject({ code: 'AQA GCSE · mathematics · 2023 · June · Paper 1H', marking: '' });
    const page = await (await get('/admin/past-papers?board=AQA%20GCSE', viewer)).json<{ totalDocs: number }>();
    expect(page.totalDocs).toBe(2);
  });

  it('refuses a bad row with a sentence naming the row and the field, and writes nothing', async () => {
    const before = await aqaCount();
    const res = await post(
      '/admin/past-papers/import',
      { rows: [row({ code: '8300/2F/JUN23' }), row({ code: '8300/3F/JUN23', link: 'javascript:alert(1)' })] },
      admin,
    );
    expect(res.status).toBe(400);
    const body = await res.json<ErrorJson>();
    expect(body.errors).toEqual([{ path: 'rows.1.link', message: expect.stringContaining('web address') }]);
    expect(body.message).toBe('Link (row 2) must be a web address such as https://example.org/paper.pdf.');
    const badYear = await (await post('/admin/past-papers/import', { rows: [row({ code: 'x1', year: 'last year' })] }, admin)).json<ErrorJson>();
    expect(badYear.errors[0]).toMatchObject({ path: 'rows.0.year', message: 'must be a year such as 2023 or 2020 (Specimen)' });
    const twice = await post('/admin/past-papers/import', { rows: [row({ code: 'dup' }), row({ code: 'dup' })] }, admin);
    expect(twice.status).toBe(400);
    expect((await twice.json<ErrorJson>()).message).toBe('Code (row 2) repeats the paper of row 1 (dup).');
    await expectFieldError(await post('/admin/past-papers/import', { rows: [] }, admin), 'rows');
    expect(await aqaCount()).toBe(before);
  });

  it('is for admins holding the import flag, whatever the body', async () => {
    const before = await aqaCount();
    expect((await post('/admin/past-papers/import', { rows: [row({ code: 'viewer' })] }, viewer)).status).toBe(403);
    expect((await post('/admin/past-papers/import', { rows: 'not rows' }, sam)).status).toBe(403);
    expect((await api('/admin/past-papers/import', { method: 'POST' })).status).toBe(401);
    expect((await get('/admin/past-papers', sam)).status).toBe(403);
    expect(await aqaCount()).toBe(before);
  });

  it('keeps each tenant’s catalogue to itself', async () => {
    const res = await post('/admin/past-papers/import', { rows: [row({ code: 'partner-only' })] }, partnerAdmin, PARTNER_HOST);
    expect(res.status).toBe(201);
    const mine = await (await get('/admin/past-papers?searchText=partner-only', admin)).json<{ totalDocs: number }>();
    expect(mine.totalDocs).toBe(0);
  });
});
