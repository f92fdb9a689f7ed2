import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallLogRecord } from '../../schema/contracts/waiting-room';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false }, timezone: 'Europe/London' });
/** The page is a lazy chunk; its first import can take a while on a loaded machine. */
const FIRST_PAINT = { timeout: 5000 };

const log = (overrides: Partial<CallLogRecord> = {}): CallLogRecord => ({
  _id: 'log1',
  section: { _id: 's1', title: 'Quadratics' },
  course: { _id: 'c1', title: 'IGCSE Mathematics' },
  tutor: { _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor', avatar: null },
  students: [{ _id: 'user_student', firstname: 'Sam', lastname: 'Student', avatar: null }],
  lessonStart: '2030-01-07T09:00:00.000Z',
  status: 'JOINED_LATE',
  error: null,
  tutorJoinedAt: '2030-01-07T09:07:00.000Z',
  waitingUserIds: ['user_student'],
  notifiedUserIds: ['user_tutor', 'user_admin'],
  createdAt: '2030-01-07T09:01:00.000Z',
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

const page = (docs: CallLogRecord[]) => json({ docs, totalDocs: docs.length, limit: 20, offset: 0 });

describe('call logs page', () => {
  it('lists late lessons with how late the tutor was, and filters by status', async () => {
    const fetchMock = mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/call-logs': ({ url }) =>
        new URL(url, 'http://x').searchParams.get('status') === 'MISSED'
          ? page([log({ _id: 'log2', status: 'MISSED', tutorJoinedAt: null, error: 'The tutor has no e-mail address' })])
          : page([log()]),
    });
    storeSession(ADMIN);
    renderApp('/portal/admin/call-logs');
    const first = await screen.findByTestId('call-log', {}, FIRST_PAINT);
    expect(first).toHaveTextContent('Quadratics');
    expect(first).toHaveTextContent('Mon, 7 Jan 2030, 09:00 GMT');
    expect(within(first).getByText('Joined late · 7 min')).toBeInTheDocument();
    expect(first).toHaveTextContent('Theo Tutor');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'MISSED');
    await waitFor(() => expect(screen.getByTestId('call-log')).toHaveTextContent('Error: The tutor has no e-mail address'));
    const url = String(fetchMock.mock.calls.filter((c) => String(c[0]).startsWith('/api/admin/call-logs')).at(-1)![0]);
    expect(new URL(url, 'http://x').searchParams.get('status')).toBe('MISSED');
  });

  it('says so when the role may not view call logs', async () => {
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/call-logs': () => json({ message: 'You do not have permission to do this (callLogs: view)', errors: [] }, 403),
    });
    storeSession(ADMIN);
    renderApp('/portal/admin/call-logs');
    expect(await screen.findByRole('heading', { name: 'No access to call logs' }, FIRST_PAINT)).toBeInTheDocument();
  });
});
