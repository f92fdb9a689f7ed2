import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import type { Trial } from '../../schema/contracts/trials';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', role: { name: 'ADMIN', isGuest: false } });
const trial = (n: number, over: Partial<Trial> = {}): Trial => ({
  _id: `t${n}`,
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  studentId: `s${n}`,
  tutorId: 'theo',
  student: { _id: `s${n}`, firstname: `Student${n}`, lastname: 'Doe', email: null },
  tutor: { _id: 'theo', firstname: 'Theo', lastname: 'Tutor', email: null },
  courseId: `c${n}`,
  sectionId: `l${n}`,
  start: '2031-01-06T01:00:00.000Z',
  end: '2031-01-06T01:30:00.000Z',
  status: 'SCHEDULED',
  outcome: null,
  notes: '',
  createdBy: 'user_admin',
  createdAt: '2030-12-01T00:00:00.000Z',
  updatedAt: '2030-12-01T00:00:00.000Z',
  ...over,
});

function open(permissions = fullAdminPermissions) {
  storeSession(ADMIN);
  const queries: URLSearchParams[] = [];
  const sent: { method: string; url: string; body: unknown }[] = [];
  mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/curriculums/list-with-grades': () =>
      json([{ _id: 'c', curriculum: 'Cambridge IGCSE', subjects: [{ subject: 'Mathematics', grade: [{ grade: 'Grade 10' }] }] }]),
    'GET /api/admin/users/dropdown-list': () => json([]),
    'GET /api/admin/trials': ({ url }) => {
      const q = new URL(url, 'http://x').searchParams;
      queries.push(q);
      const offset = Number(q.get('offset') ?? 0);
      return json({ docs: offset === 0 ? [trial(1), trial(2)] : [trial(3)], totalDocs: 3, limit: 20, offset });
    },
    'PUT /api/admin/trials/t1': ({ json: body, url }) => {
      sent.push({ method: 'PUT', url, body });
      return json(trial(1, body as Partial<Trial>));
    },
    'DELETE /api/admin/trials/t2': ({ url }) => {
      sent.push({ method: 'DELETE', url, body: null });
      return json(trial(2));
    },
  });
  renderApp('/portal/admin/trials');
  return { queries, sent };
}

describe('admin trials page', { timeout: 30_000 }, () => {
  it('filters, loads more, records an outcome and deletes', async () => {
    const { queries, sent } = open();
    const u = userEvent.setup();
    expect(await screen.findByText('Student1 Doe with Theo Tutor', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Student3 Doe with Theo Tutor')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await u.selectOptions(screen.getByLabelText('Status'), 'COMPLETED');
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('COMPLETED'));

    await u.click(await screen.findByRole('button', { name: 'Edit the trial of Student1 Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit trial' });
    await u.selectOptions(within(dialog).getByLabelText('Outcome'), 'Trial successful and student enrolled');
    await u.selectOptions(within(dialog).getByLabelText(/Status/), 'SUCCEED');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trial successful and student enrolled')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { status: 'SUCCEED', outcome: 'ENROLLED' } });

    await u.click(screen.getByRole('button', { name: 'Delete the trial of Student2 Doe' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Delete this trial?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Student2 Doe with Theo Tutor')).not.toBeInTheDocument());
    expect(sent[1]).toMatchObject({ method: 'DELETE' });
  });

  it('hides what the role does not allow', async () => {
    open({ trialClasses: ['view'] });
    expect(await screen.findByText('Student1 Doe with Theo Tutor', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New trial' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete the trial/ })).not.toBeInTheDocument();
  });
});
