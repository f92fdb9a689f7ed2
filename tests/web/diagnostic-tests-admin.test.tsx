import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminDiagnosticTestDoc, DiagnosticQuestionChoice } from '../../schema/contracts/diagnostics';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false } });
const FIRST_PAINT = { timeout: 10_000 };

const choice = (n: number): DiagnosticQuestionChoice => ({
  _id: `q${n}`,
  text: `Question ${n} text`,
  kind: 'MCQ',
  difficulty: 'EASY',
  topicName: 'Number',
  subTopicName: 'Percentages',
});

const seeded: AdminDiagnosticTestDoc = {
  _id: 'dt_1',
  title: 'IGCSE Maths diagnostic',
  description: '',
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  questionCount: 1,
  questionIds: ['q1'],
  isPublished: true,
  updatedAt: '2030-12-01T00:00:00.000Z',
};

function open(list: AdminDiagnosticTestDoc[] | 'fail' = [seeded], permissions: Record<string, string[]> = fullAdminPermissions) {
  storeSession(ADMIN);
  const sent: { method: string; url: string; body: unknown }[] = [];
  mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/curriculums/list-with-grades': () =>
      json([{ _id: 'c', curriculum: 'Cambridge IGCSE', subjects: [{ subject: 'Mathematics', grade: [{ grade: 'Grade 10' }] }] }]),
    'GET /api/admin/diagnostics/tests': () =>
      list === 'fail' ? json({ message: 'Down', errors: [] }, 500) : json({ docs: list, totalDocs: list.length, limit: 20, offset: 0 }),
    'GET /api/admin/diagnostics/tests/questions': () => json([choice(1), choice(2), choice(3)]),
    'GET /api/admin/diagnostics/tests/dt_1': () => json({ ...seeded, questions: [choice(1)] }),
    'POST /api/admin/diagnostics/tests': ({ url, json: body }) => {
      sent.push({ method: 'POST', url, body });
      const input = body as AdminDiagnosticTestDoc;
      return json({ ...seeded, ...input, _id: 'dt_2', isPublished: false, questionCount: input.questionIds.length }, 201);
    },
    'PUT /api/admin/diagnostics/tests/dt_1/publish': ({ url, json: body }) => {
      sent.push({ method: 'PUT', url, body });
      return json({ ...seeded, isPublished: (body as { isPublished: boolean }).isPublished });
    },
  });
  renderApp('/portal/admin/diagnostic-tests');
  return sent;
}

describe('the diagnostic tests admin page', { timeout: 30_000 }, () => {
  it('writes a new test from the bank, ordered, and saves it as a draft', async () => {
    const sent = open();
    const u = userEvent.setup();
    expect(await screen.findByText('Published: learners can take it', {}, FIRST_PAINT)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'New test' }));
    const dialog = await screen.findByRole('dialog', { name: 'New diagnostic test' });
    await u.click(within(dialog).getByRole('button', { name: 'Save as a draft' }));
    expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('The questions needs at least one question.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await u.type(within(dialog).getByLabelText(/Title/), 'Quick check');
    expect(within(dialog).getByText('Choose the curriculum, subject and grade first.')).toBeInTheDocument();
    await u.selectOptions(within(dialog).getByLabelText(/Curriculum/), 'Cambridge IGCSE');
    await u.selectOptions(within(dialog).getByLabelText(/Subject/), 'Mathematics');
    await u.selectOptions(within(dialog).getByLabelText(/Grade/), 'Grade 10');
    await u.click(await within(dialog).findByRole('button', { name: 'Add: Question 2 text' }));
    await u.click(within(dialog).getByRole('button', { name: 'Add: Question 3 text' }));
    await u.click(within(dialog).getByRole('button', { name: 'Move question 2 up' }));
    expect(within(within(dialog).getByRole('list', { name: 'Questions on the test' })).getAllByRole('listitem')[0]).toHaveTextContent('Question 3 text');
    await u.click(within(dialog).getByRole('button', { name: 'Save as a draft' }));
    expect(await screen.findByText('Draft: only admins see it')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { title: 'Quick check', curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10', questionIds: ['q3', 'q2'] },
    });
  });

  it('unpublishes and publishes a test, saying what learners now see', async () => {
    const sent = open();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Unpublish IGCSE Maths diagnostic' }, FIRST_PAINT));
    expect(await screen.findByText('Draft: only admins see it')).toBeInTheDocument();
    expect(sent[0]).toEqual({ method: 'PUT', url: '/api/admin/diagnostics/tests/dt_1/publish', body: { isPublished: false } });
    await u.click(screen.getByRole('button', { name: 'Publish IGCSE Maths diagnostic' }));
    expect(await screen.findByText('Published: learners can take it')).toBeInTheDocument();
  });

  it('opens a test with its questions for editing', async () => {
    open();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit IGCSE Maths diagnostic' }, FIRST_PAINT));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the test' });
    expect(within(dialog).getByLabelText(/Title/)).toHaveValue('IGCSE Maths diagnostic');
    expect(within(within(dialog).getByRole('list', { name: 'Questions on the test' })).getByText('Question 1 text')).toBeInTheDocument();
  });

  it('says so when there are no tests, and offers no writing to a role that may only read', async () => {
    open([], { adminContent: ['view'] });
    expect(await screen.findByText('No diagnostic tests yet', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New test' })).not.toBeInTheDocument();
  });

  it('offers a retry when the list cannot load', async () => {
    open('fail');
    expect(await screen.findByRole('button', { name: 'Retry' }, FIRST_PAINT)).toBeInTheDocument();
  });
});
