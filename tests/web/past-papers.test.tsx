import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PastPaperDoc, SubjectPastPapers, TopicalSubTopic, TopicalSubTopicPapers } from '../../schema/contracts/past-papers';
import { parseCatalogue } from '../../web/features/past-papers-admin/catalogue-file';
import { json, mockApi } from './fetch-mock';
import { renderApp, startup } from './render-app';

afterEach(() => vi.unstubAllGlobals());

const paper = (overrides: Partial<PastPaperDoc>): PastPaperDoc => ({
  _id: 'p1',
  board: 'Cambridge IGCSE',
  subjectKey: 'maths',
  subjectCode: '0580',
  year: '2023',
  session: 'May/June',
  label: 'Paper 2 (Extended)',
  code: '0580/22/M/J/23',
  link: 'https://example.org/qp.pdf',
  marking: 'https://example.org/ms.pdf',
  ...overrides,
});

const CATALOGUE: SubjectPastPapers = {
  boards: ['Cambridge IGCSE'],
  years: [
    { year: '2023', papers: [paper({}), paper({ _id: 'p2', label: 'Paper 4 (Extended)', code: '0580/42/M/J/23' })] },
    { year: '2020 (Specimen)', papers: [paper({ _id: 'p3', year: '2020 (Specimen)', session: '', code: '0580/02/SP/20', marking: '' })] },
  ],
};

describe('the per-subject past-paper page', () => {
  it('lists the subject’s papers by year with the question paper and mark scheme, asking by the subject code', async () => {
    const fetchMock = mockApi({ ...startup, 'GET /api/past-papers': () => json(CATALOGUE) });
    renderApp('/dashboard/cambridge-igcse/maths/extended/0580/past-papers');
    expect(await screen.findByRole('heading', { name: 'Past papers' })).toBeInTheDocument();
    const year2023 = await screen.findByRole('region', { name: '2023' });
    expect(within(year2023).getAllByRole('listitem')).toHaveLength(2);
    expect(within(year2023).getAllByRole('link', { name: /Mark scheme/ })[0]).toHaveAttribute('href', 'https://example.org/ms.pdf');
    const specimen = screen.getByRole('region', { name: '2020 (Specimen)' });
    expect(within(specimen).getByText('No mark scheme published')).toBeInTheDocument();
    expect(within(specimen).getByRole('link', { name: /Question paper/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Cambridge Igcse · Maths')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/past-papers?subjectCode=0580')).toBe(true);
    expect(screen.getByRole('link', { name: 'Practise by topic' })).toHaveAttribute('href', '/learning-portal/topical-past-papers');
  });

  it('says so when the subject has no papers', async () => {
    mockApi({ ...startup, 'GET /api/past-papers': () => json({ boards: [], years: [] }) });
    renderApp('/dashboard/edexcel-igcse/maths/higher/4MA1/past-papers');
    expect(await screen.findByText('No past papers yet')).toBeInTheDocument();
    expect(screen.getByText(/no past papers for syllabus 4MA1 yet/)).toBeInTheDocument();
  });

  it('offers a retry when loading fails, and asks again', async () => {
    let calls = 0;
    mockApi({
      ...startup,
      'GET /api/past-papers': () => (++calls === 1 ? json({ message: 'Down', errors: [] }, 500) : json(CATALOGUE)),
    });
    renderApp('/dashboard/cambridge-igcse/maths/extended/0580/past-papers');
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: '2023' })).toBeInTheDocument();
  });

  it('shows one board at a time when the code has papers from two', async () => {
    const twoBoards: SubjectPastPapers = {
      boards: ['Board A', 'Board B'],
      years: [{ year: '2023', papers: [paper({ board: 'Board A', label: 'A paper' }), paper({ _id: 'b', board: 'Board B', label: 'B paper', code: 'b' })] }],
    };
    mockApi({ ...startup, 'GET /api/past-papers': () => json(twoBoards) });
    renderApp('/dashboard/x/maths/core/0580/past-papers');
    expect(await screen.findByText(/A paper/)).toBeInTheDocument();
    expect(screen.queryByText(/B paper/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Board B' }));
    expect(screen.getByText(/B paper/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Board B' })).toHaveAttribute('aria-pressed', 'true');
  });
});

const TOPICAL: TopicalSubTopic[] = [
  { subTopicId: 'st_pyth', subTopic: 'Pythagoras’ theorem', topic: 'Geometry', curriculum: 'Cambridge IGCSE', subject: 'Mathematics', papers: 2, questions: 3 },
];
const PYTHAGORAS: TopicalSubTopicPapers = {
  subTopic: { _id: 'st_pyth', name: 'Pythagoras’ theorem', topic: 'Geometry', curriculum: 'Cambridge IGCSE', subject: 'Mathematics' },
  papers: [
    {
      quizId: 'quiz_pp1',
      title: 'Pythagoras: 0580/42',
      questions: 1,
      paperName: '0580/42/M/J/23',
      paper: paper({ label: 'Paper 4 (Extended)', code: '0580/42/M/J/23' }),
    },
    { quizId: 'quiz_pp2', title: 'Pythagoras: Paper 2', questions: 2, paperName: 'Paper 2', paper: null },
  ],
};

describe('topical past papers', () => {
  it('picks a sub topic, then lists its past-paper sets with the paper’s links and a way to practise each', async () => {
    mockApi({ ...startup, 'GET /api/past-papers/topical': () => json(TOPICAL), 'GET /api/past-papers/topical/st_pyth': () => json(PYTHAGORAS) });
    renderApp('/topical-past-papers');
    await userEvent.click(await screen.findByRole('link', { name: /Pythagoras’ theorem.*3 questions from 2 papers/ }));
    expect(await screen.findByRole('heading', { name: 'Pythagoras’ theorem: past-paper questions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Practise May/June 2023 · Paper 4 (Extended)' })).toHaveAttribute(
      'href',
      '/learning-portal/startSubmission/quiz_pp1',
    );
    expect(screen.getByRole('link', { name: 'Practise Paper 2' })).toHaveAttribute('href', '/learning-portal/startSubmission/quiz_pp2');
    expect(screen.getByRole('link', { name: /Mark scheme/ })).toHaveAttribute('href', 'https://example.org/ms.pdf');
  });

  it('says so when no sub topic has past-paper questions yet', async () => {
    mockApi({ ...startup, 'GET /api/past-papers/topical': () => json([]) });
    renderApp('/topical-past-papers');
    expect(await screen.findByText('No topical questions yet')).toBeInTheDocument();
  });

  it('shows Not Found for an unknown sub topic', async () => {
    mockApi({ ...startup, 'GET /api/past-papers/topical/nope': () => json({ message: 'Sub topic not found', errors: [] }, 404) });
    renderApp('/topical-past-papers?subTopicId=nope');
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
  });
});

describe('a catalogue file', () => {
  it('reads CSV lines and a board’s nested JSON catalogue into rows', () => {
    const csv = parseCatalogue('aqa.csv', 'Board,Subject_Key,year,label,link\nAQA GCSE,mathematics,2023,Paper 1H,https://aqa.org.uk/p1h\n');
    expect(csv).toEqual({
      rows: [{ board: 'AQA GCSE', subjectKey: 'mathematics', year: '2023', label: 'Paper 1H', link: 'https://aqa.org.uk/p1h' }],
      questionRows: [],
      problems: [],
    });
    const nested = parseCatalogue(
      'igcse.json',
      JSON.stringify({
        board: 'Cambridge IGCSE',
        catalogue: { maths: [{ year: '2020 (Specimen)', papers: [{ label: 'Paper 1', link: 'https://x.org/1', marking: '' }] }] },
      }),
    );
    expect(nested).toEqual({
      rows: [
        {
          board: 'Cambridge IGCSE',
          subjectKey: 'maths',
          subjectCode: '',
          year: '2020 (Specimen)',
          session: '',
          label: 'Paper 1',
          code: '',
          link: 'https://x.org/1',
          marking: '',
        },
      ],
      questionRows: [],
      problems: [],
    });
  });

  it('names what is wrong with a file before anything is sent', () => {
    expect(parseCatalogue('a.csv', 'year,label\n2023,Paper 1')).toEqual({
      error: 'The file has no board, subject_key, link column. The first line must name the columns.',
    });
    expect(parseCatalogue('a.json', '{oops')).toMatchObject({ error: expect.stringContaining('not valid JSON') });
    expect(parseCatalogue('a.json', '[]')).toEqual({ error: 'The file holds no papers.' });
  });
});
