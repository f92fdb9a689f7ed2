import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubTopicPage } from '../../schema/contracts/content';
import type { EssayDraftResult, EssayQuestionDoc } from '../../schema/contracts/essays';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 5000 };
const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', role: { name: 'ADMIN', isGuest: false } });
const STAMP = '2026-01-01T00:00:00.000Z';

const SUB_TOPIC: SubTopicPage = {
  _id: 'st1',
  topicId: 't1',
  name: 'Percentages',
  slug: 'percentages',
  summary: '',
  sortingOrder: 0,
  resources: [],
  videoLinks: [],
  contents: [],
  faqs: [],
  reviews: [],
  createdAt: STAMP,
  updatedAt: STAMP,
  topic: { _id: 't1', name: 'Number', slug: 'number' },
  questionCount: 0,
  quizId: null,
};

const essay = (overrides: Partial<EssayQuestionDoc> = {}): EssayQuestionDoc => ({
  _id: 'e1',
  subTopicId: 'st1',
  stem: 'A jacket costs £80.',
  subQuestions: [{ _id: 'p1', prompt: 'Find 25% of it.', marks: 1, modelAnswer: '£20', markScheme: [{ _id: 'r1', point: '£20', marks: 1, keywords: ['20'] }] }],
  totalMarks: 1,
  origin: 'ADMIN',
  isApproved: false,
  approvedBy: null,
  createdBy: 'user_admin',
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

const draft: EssayDraftResult = {
  questions: {
    subTopicId: 'st1',
    origin: 'OFFLINE',
    stem: 'This question is about Percentages.',
    subQuestions: [{ prompt: 'Find 10% of 50.', marks: 1, modelAnswer: '5', markScheme: [{ point: 'Five', marks: 1, keywords: ['5'] }] }],
  },
  threadId: null,
  source: 'offline',
  note: "Drafted by the offline helper from this sub topic's own questions, by rule, not by AI. Check every part and its rubric before saving.",
};

describe('essay questions on the sub topic admin page', () => {
  it('lists, filters, approves with the spec’s toast, and saves a helper’s draft labelled as the offline helper’s', async () => {
    storeSession(ADMIN);
    const queries: string[] = [];
    const created: unknown[] = [];
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
      'GET /api/subtopics/st1': () => json(SUB_TOPIC),
      'GET /api/admin/questions': () => json({ docs: [], totalDocs: 0, limit: 10, offset: 0 }),
      'GET /api/admin/essay-questions': ({ url }) => {
        queries.push(new URL(url, 'http://x').search);
        return json({ docs: [essay()], totalDocs: 1, limit: 10, offset: 0 });
      },
      'PUT /api/admin/essay-questions/approve/e1': () => json(essay({ isApproved: true, approvedBy: 'user_admin' })),
      'POST /api/admin/essay-questions/gptQuestion': () => json(draft),
      'POST /api/admin/essay-questions': ({ json: body }) => {
        created.push(body);
        return json(essay({ _id: 'e2', stem: 'This question is about Percentages.', origin: 'OFFLINE' }), 201);
      },
    });
    renderApp('/portal/admin/content/subtopics/st1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Essay questions' }, SLOW));
    expect(await screen.findByText('A jacket costs £80.')).toBeInTheDocument();
    expect(queries[0]).toContain('subTopicId=st1');

    await userEvent.selectOptions(screen.getByLabelText('Approval'), 'false');
    await waitFor(() => expect(queries.at(-1)).toContain('isApproved=false'));

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Question approved')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Draft with the helper' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/offline helper.*not by AI/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Stem/)).toHaveValue('This question is about Percentages.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create essay question' }));
    expect(await screen.findByText('Essay question created')).toBeInTheDocument();
    expect(created[0]).toMatchObject({ subTopicId: 'st1', origin: 'OFFLINE', subQuestions: [{ prompt: 'Find 10% of 50.', marks: 1 }] });
    expect(screen.getAllByTestId('essay-row')[0]).toHaveTextContent('Drafted by the offline helper');
  });

  it('names a part’s missing rubric in the editor before sending anything', async () => {
    storeSession(ADMIN);
    const posted = vi.fn();
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
      'GET /api/subtopics/st1': () => json(SUB_TOPIC),
      'GET /api/admin/questions': () => json({ docs: [], totalDocs: 0, limit: 10, offset: 0 }),
      'GET /api/admin/essay-questions': () => json({ docs: [], totalDocs: 0, limit: 10, offset: 0 }),
      'POST /api/admin/essay-questions': () => {
        posted();
        return json(essay(), 201);
      },
    });
    renderApp('/portal/admin/content/subtopics/st1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Essay questions' }, SLOW));
    expect(await screen.findByText('No essay questions here')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New essay question' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Stem/), 'A stem');
    await userEvent.type(within(dialog).getByLabelText('Question for part (a)'), 'A part');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create essay question' }));
    expect(await within(dialog).findByText('Point 1: what earns the mark is required')).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });
});
