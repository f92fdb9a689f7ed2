import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CallbackRequestDoc } from '../../schema/contracts/diagnostics';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false } });
const FIRST_PAINT = { timeout: 10_000 };

const request = (over: Partial<CallbackRequestDoc> = {}): CallbackRequestDoc => ({
  _id: 'cb_1',
  status: 'OPEN',
  assignedTo: null,
  note: '',
  closedBy: null,
  closedAt: null,
  diagnosticId: 'dg_1',
  name: 'Pat Parent',
  email: 'parent@studyhall.test',
  phone: null,
  subject: 'Mathematics',
  grade: 'Grade 10',
  level: 'Core',
  percent: 50,
  via: 'parent',
  createdAt: '2030-12-01T09:00:00.000Z',
  ...over,
});

function open(docs: CallbackRequestDoc[] | 'fail', permissions: Record<string, string[]> = fullAdminPermissions) {
  storeSession(ADMIN);
  const sent: { url: string; body: unknown }[] = [];
  mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/admin/diagnostics/callbacks': () =>
      docs === 'fail' ? json({ message: 'Down', errors: [] }, 500) : json({ docs, totalDocs: docs.length, limit: 20, offset: 0 }),
    'GET /api/admin/diagnostics/callbacks/teammates': () =>
      json([
        { _id: 'user_admin', name: 'Ada Admin' },
        { _id: 'user_bo', name: 'Bo Admin' },
      ]),
    'PUT /api/admin/diagnostics/callbacks/cb_1/assign': ({ url, json: body }) => {
      sent.push({ url, body });
      const { assignedTo, note } = body as { assignedTo: string | null; note: string };
      return json(request({ assignedTo: assignedTo ? { _id: assignedTo, name: 'Bo Admin' } : null, note }));
    },
    'PUT /api/admin/diagnostics/callbacks/cb_1/close': ({ url, json: body }) => {
      sent.push({ url, body });
      const { note } = body as { note: string };
      return json(request({ status: 'DONE', note, closedBy: { _id: 'user_admin', name: 'Ada Admin' }, closedAt: '2030-12-02T09:00:00.000Z' }));
    },
  });
  renderApp('/portal/admin/callback-requests');
  return sent;
}

describe('callback requests page', { timeout: 30_000 }, () => {
  it('shows each state in words, assigns a request to a teammate and closes it with a note', async () => {
    const sent = open([
      request(),
      request({
        _id: 'cb_2',
        name: 'Nora Lead',
        status: 'DONE',
        note: 'Booked a trial.',
        closedBy: { _id: 'user_admin', name: 'Ada Admin' },
        closedAt: '2030-12-01T10:00:00.000Z',
      }),
    ]);
    const u = userEvent.setup();
    expect(await screen.findByText('Open, not assigned yet', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText('Done, closed by Ada Admin on 1 Dec 2030')).toBeInTheDocument();
    expect(screen.getByText('Note: Booked a trial.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign the call to Nora Lead' })).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Assign the call to Pat Parent' }));
    const assign = await screen.findByRole('dialog', { name: 'Assign the call' });
    await u.selectOptions(within(assign).getByLabelText('Teammate'), 'user_bo');
    await u.type(within(assign).getByLabelText('Note'), 'Call after 5 pm.');
    await u.click(within(assign).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Open, with Bo Admin')).toBeInTheDocument();
    expect(sent[0]).toEqual({ url: '/api/admin/diagnostics/callbacks/cb_1/assign', body: { assignedTo: 'user_bo', note: 'Call after 5 pm.' } });

    await u.click(screen.getByRole('button', { name: 'Mark the call to Pat Parent as done' }));
    const close = await screen.findByRole('dialog', { name: 'Mark the call as done' });
    await u.click(within(close).getByRole('button', { name: 'Mark as done' }));
    expect(await within(close).findByText('Note needs a few words on how the call went.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    await u.type(within(close).getByLabelText(/How did the call go/), 'Booked a trial for Monday.');
    await u.click(within(close).getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByText('Done, closed by Ada Admin on 2 Dec 2030')).toBeInTheDocument();
    expect(sent[1]).toEqual({ url: '/api/admin/diagnostics/callbacks/cb_1/close', body: { note: 'Booked a trial for Monday.' } });
    expect(screen.queryByRole('button', { name: 'Assign the call to Pat Parent' })).not.toBeInTheDocument();
  });

  it('offers no buttons to a role that may only read, and says when the list is empty or fails', async () => {
    open([request()], { trialClasses: ['view'] });
    expect(await screen.findByText('Open, not assigned yet', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Assign the call/ })).not.toBeInTheDocument();
  });

  it('says so when nobody asked', async () => {
    open([]);
    expect(await screen.findByText('Nobody has asked for a call yet.', {}, FIRST_PAINT)).toBeInTheDocument();
  });

  it('offers a retry when the list cannot load', async () => {
    open('fail');
    expect(await screen.findByText('Something went wrong while loading this page. Please try again.', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
