import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PastPaperImportResult, PastPaperQuestionRowInput, PastPaperRowInput, TopicalSubTopicPapers } from '../../schema/contracts/past-papers';
import { pastPapers, questions, quizzes } from '../../schema/tables';
import { api, bearer, type ErrorJson, expectFieldError, postJson, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

const TRIG = 'sub_topic_studyhall_right_angled_trigonometry';
const CODE = '8300/2H/JUN23';

let sam: string;
let admin: string;
let tutor: string;
let partnerAdmin: string;

const post = (path: string, body: unknown, token: string, host = 'localhost') => postJson(path, body, { headers: bearer(token) }, host);

const paper: PastPaperRowInput = {
  board: 'AQA GCSE',
  subjectKey: 'mathematics',
  subjectCode: '8300',
  year: '2023',
  session: 'June',
  label: 'Paper 2H',
  code: CODE,
  link: 'https://www.aqa.org.uk/find-past-papers',
  marking: 'https://www.aqa.org.uk/find-past-papers',
};

const question = (overrides: Partial<PastPaperQuestionRowInput> = {}): PastPaperQuestionRowInput => ({
  paperCode: CODE,
  number: '14',
  subTopic: TRIG,
  text: 'A ladder $5$ m long leans against a wall with its foot $1.5$ m from the wall. Work out the angle it makes with the ground.',
  answer: '$72.5°$',
  markScheme: [
    { point: 'Uses cosine: $\\cos \\theta = \\frac{1.5}{5}$', marks: 1, keywords: ['cos', '1.5/5'] },
    { point: 'Angle $72.5°$', marks: 1, keywords: ['72.5'] },
  ],
  ...overrides,
});

const importedQuestions = () => db.select().from(questions).where(like(questions.text, 'Question %ladder%')).all();

beforeAll(async () => {
  await seedDemo();
  [sam, admin, tutor, partnerAdmin] = await Promise.all([
    signIn('student@studyhall.test'),
    signIn('admin@studyhall.test'),
    signIn('tutor@studyhall.test'),
    signIn('admin@partner.test', PARTNER_HOST),
  ]);
});

describe('importing past-paper questions with the catalogue', () => {
  it('writes the paper, its questions with their mark scheme and a published topical set learners can practise', async () => {
    const res = await post(
      '/admin/past-papers/import',
      { rows: [paper], questionRows: [question(), question({ number: '15', subTopic: 'Right-angled trigonometry' })] },
      admin,
    );
    expect(res.status).toBe(201);
    expect(await res.json<PastPaperImportResult>()).toEqual({
      created: 1,
      updated: 0,
      questions: { created: 2, updated: 0, sets: 1 },
      message: 'Imported 1 paper: 1 new, 0 updated. Imported 2 questions into 1 topical set: 2 new, 0 updated.',
    });
    const written = await importedQuestions();
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({ subTopicId: TRIG, kind: 'OPEN', maxMarks: 2, isApproved: true, openAimarking: true });
    expect(written[0]!.markScheme.map((p) => p.point)).toEqual(['Uses cosine: $\\cos \\theta = \\frac{1.5}{5}$', 'Angle $72.5°$']);
    const set = await db.select().from(quizzes).where(eq(quizzes.paper, CODE)).get();
    expect(set).toMatchObject({ subTopicId: TRIG, isPublished: true, subjectCode: '8300' });
    expect(set!.questionIds).toHaveLength(2);

    const topical = await (await api(`/past-papers/topical/${TRIG}`, { headers: bearer(sam) })).json<TopicalSubTopicPapers>();
    expect(topical.papers.find((p) => p.paperName === CODE)).toMatchObject({ questions: 2, paper: { code: CODE, label: 'Paper 2H' } });
  });

  it('updates the same questions when the file is uploaded again, and adds questions to a paper already in the catalogue', async () => {
    const again = await post('/admin/past-papers/import', { rows: [paper], questionRows: [question({ answer: '$72.54°$' })] }, admin);
    expect((await again.json<PastPaperImportResult>()).questions).toEqual({ created: 0, updated: 1, sets: 1 });
    const onlyQuestions = await post('/admin/past-papers/import', { questionRows: [question({ number: '16' })] }, admin);
    expect(onlyQuestions.status).toBe(201);
    expect((await onlyQuestions.json<PastPaperImportResult>()).message).toBe('Imported 1 question into 1 topical set: 1 new, 0 updated.');
    expect(await importedQuestions()).toHaveLength(3);
    expect((await db.select().from(quizzes).where(eq(quizzes.paper, CODE)).get())!.questionIds).toHaveLength(3);
  });

  it('names the row of a bad question in a sentence and writes nothing at all', async () => {
    const before = { papers: (await db.select().from(pastPapers).all()).length, questions: (await importedQuestions()).length };
    const fresh = { ...paper, code: '8300/3H/JUN23', label: 'Paper 3H' };
    const noScheme = await expectFieldError(
      await post(
        '/admin/past-papers/import',
        { rows: [fresh], questionRows: [question({ paperCode: fresh.code }), question({ paperCode: fresh.code, number: '2', markScheme: [] })] },
        admin,
      ),
      'questionRows.1.markScheme',
    );
    expect(noScheme.message).toBe('Mark scheme (question row 2) is missing.');
    const unknownPaper = await post('/admin/past-papers/import', { questionRows: [question({ paperCode: 'NOPE/1' })] }, admin);
    expect((await unknownPaper.json<ErrorJson>()).message).toBe('Paper code (question row 1) is not a paper of this upload or of the catalogue (NOPE/1).');
    const unknownTopic = await post(
      '/admin/past-papers/import',
      { rows: [fresh], questionRows: [question({ paperCode: fresh.code, subTopic: 'Astrology' })] },
      admin,
    );
    expect((await unknownTopic.json<ErrorJson>()).message).toBe('Sub topic (question row 1) is not a sub topic of this site (Astrology).');
    const twice = await post(
      '/admin/past-papers/import',
      { rows: [fresh], questionRows: [question({ paperCode: fresh.code }), question({ paperCode: fresh.code })] },
      admin,
    );
    expect((await twice.json<ErrorJson>()).message).toBe('Number (question row 2) repeats question 14 of question row 1.');
    await expectFieldError(await post('/admin/past-papers/import', { questionRows: [question({ answer: '' })] }, admin), 'questionRows.0.answer');
    expect((await db.select().from(pastPapers).all()).length).toBe(before.papers);
    expect(await importedQuestions()).toHaveLength(before.questions);
  });

  it('keeps another tenant’s sub topics out of reach and refuses people without the import permission', async () => {
    const partnerUpload = await post(
      '/admin/past-papers/import',
      { rows: [{ ...paper, code: 'P/1' }], questionRows: [question({ paperCode: 'P/1' })] },
      partnerAdmin,
      PARTNER_HOST,
    );
    expect(partnerUpload.status).toBe(400);
    expect((await partnerUpload.json<ErrorJson>()).errors[0]!.path).toBe('questionRows.0.subTopic');
    expect((await post('/admin/past-papers/import', { questionRows: [question()] }, tutor)).status).toBe(403);
    expect((await post('/admin/past-papers/import', { questionRows: [question()] }, sam)).status).toBe(403);
  });
});
