import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../schema/contracts/audit';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', timezone: 'Asia/Singapore', role: { name: 'ADMIN', isGuest: false } });
const ada = { _id: 'user_admin', name: 'Ada Admin' };
const theo = { _id: 'user_tutor', name: 'Theo Tutor' };

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  _id: Math.random().toString(36).slice(2),
  action: 'impersonation.start',
  actorKind: 'person',
  actor: ada,
  actingAs: null,
  subject: { type: 'user', _id: 'user_student', label: 'Sam Student' },
  subjectAt: null,
  movedTo: null,
  summary: 'Logged in as this person',
  reason: null,
  request: null,
  createdAt: '2024-12-02T08:00:00.000Z',
  ...over,
});

const ENTRIES: AuditEntry[] = [
  entry({
    action: 'lesson.cancel',
    actingAs: theo,
    subject: { type: 'lesson', _id: 'section_1', label: 'Maths with Theo' },
    subjectAt: '2024-12-03T08:00:00.000Z',
    summary: 'Cancelled the lesson',
    reason: 'Theo is ill',
  }),
  entry({ reason: 'Checking his booking problem' }),
  entry({
    action: 'payment.refund',
    actorKind: 'stripe',
    actor: null,
    subject: { type: 'payment', _id: 'p1', label: '10 hours, Rae Fund' },
    summary: 'Refunded SGD 60.00 of the SGD 120.00 paid',
  }),
];

const page = (docs: AuditEntry[]) => json({ docs, totalDocs: docs.length, limit: 20, offset: 0 });

function open(list: (url: string) => Response | Promise<Response>) {
  storeSession(ADMIN);
  const fetchMock = mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
    'GET /api/admin/users/dropdown-list': () => json([{ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', email: null, role: 'ADMIN' }]),
    'GET /api/admin/audit-log': ({ url }) => list(url),
  });
  renderApp('/portal/admin/audit-log');
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the audit log', () => {
  it('reads as sentences: who did what to whom, the admin behind a change made as someone, the reason, times in the reader’s zone', async () => {
    open(() => page(ENTRIES));
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeInTheDocument();
    const items = await screen.findAllByTestId('audit-entry');
    // 08:00 UTC is 16:00 in Singapore, the admin's zone.
    expect(items[0]).toHaveTextContent(/^Ada Admin, logged in as Theo Tutor, cancelled Maths with Theo on Tue, 3 Dec 2024, 16:00 GMT\+8/);
    expect(items[0]).toHaveTextContent('Reason: “Theo is ill”');
    expect(items[1]).toHaveTextContent('Ada Admin logged in as Sam Student: “Checking his booking problem”');
    expect(items[2]).toHaveTextContent('Stripe refunded 10 hours, Rae Fund');
    expect(items[2]).toHaveTextContent('Refunded SGD 60.00 of the SGD 120.00 paid');
    expect(screen.getByText('3 entries, newest first')).toBeInTheDocument();
  });

  it('asks again with the filters, days read in the reader’s zone', async () => {
    const fetchMock = open(() => page(ENTRIES));
    await screen.findAllByTestId('audit-entry');
    await userEvent.selectOptions(screen.getByLabelText('What'), 'Lessons cancelled or moved');
    await userEvent.selectOptions(screen.getByLabelText('Done by'), 'Ada Admin');
    await waitFor(() => {
      const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ kind: 'lessons', actorId: 'user_admin', timezone: 'Asia/Singapore', offset: '0' });
    });
  });

  it('says so when nothing is recorded, and offers to clear filters that match nothing', async () => {
    open(() => page([]));
    expect(await screen.findByRole('heading', { name: 'Nothing recorded yet' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('What'), 'Pay runs');
    expect(await screen.findByRole('heading', { name: 'Nothing matches these filters' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findByRole('heading', { name: 'Nothing recorded yet' })).toBeInTheDocument();
  });

  it('says the log could not be loaded, with the reason, and tries again', async () => {
    let calls = 0;
    open(() => (++calls === 1 ? json({ message: 'The server is busy', errors: [] }, 503) : page(ENTRIES)));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The audit log could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: /try again/i }));
    expect(await screen.findAllByTestId('audit-entry')).toHaveLength(3);
  });

  it('is closed to an admin whose role lacks it', async () => {
    storeSession(ADMIN);
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: { adminUsers: ['view'] } }),
    });
    renderApp('/portal/admin/audit-log');
    expect(await screen.findByRole('heading', { name: 'No access to the audit log' })).toBeInTheDocument();
  });
});
