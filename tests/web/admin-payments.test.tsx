import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentHistoryRecord } from '../../schema/contracts/payment-records';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

const FIRST_PAINT = { timeout: 5000 };
const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false } });

const payment: PaymentHistoryRecord = {
  _id: 'ph_1',
  paymentSessionId: 'ps_1',
  paymentType: 'FLEXIBLE',
  description: 'Standard pack, 10 hours for Maya',
  amount: 50_000,
  currency: 'SGD',
  status: 'PAID',
  paidAt: '2030-01-10T02:00:00.000Z',
  payer: { _id: 'user_parent', firstname: 'Pat', lastname: 'Parent' },
  student: { _id: 'user_student2', firstname: 'Maya', lastname: 'Student' },
  provider: 'simulated',
  providerPaymentId: null,
  adminNotes: [],
  createdAt: '2030-01-10T02:00:00.000Z',
};
const note = { _id: 'note_1', note: 'Receipt sent by hand', createdBy: 'user_admin', createdAt: '2030-01-11T02:00:00.000Z' };

function mockAdmin(permissions: Record<string, string[]>) {
  return mockApi({
    ...signedInApi(ADMIN),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/admin/users/dropdown-list': () =>
      json([{ _id: 'user_parent', firstname: 'Pat', lastname: 'Parent', email: 'parent@studyhall.test', role: 'PARENT' }]),
    'GET /api/admin/payment-history': () => json({ docs: [payment], totalDocs: 1, limit: 20, offset: 0 }),
    'POST /api/admin/payment-history/admin-notes/ph_1': () => json({ message: 'Note added!', doc: { ...payment, adminNotes: [note] } }, 201),
    'DELETE /api/admin/payment-history/admin-notes/ph_1': () => json({ message: 'Note deleted!', doc: payment }),
    'GET /api/admin/transaction-logs': () => json({ message: 'Down for maintenance', errors: [] }, 500),
  });
}

describe('admin payment history', () => {
  it('lists payments, filters by person, and a note added or deleted in the dialog replaces the whole row', async () => {
    const fetchMock = mockAdmin({ paymentHistory: ['view', 'edit'] });
    storeSession(ADMIN);
    renderApp('/portal/admin/payment-history');
    const row = await screen.findByTestId('admin-record', {}, FIRST_PAINT);
    expect(row).toHaveTextContent('Pat Parent for Maya Student');
    expect(row).toHaveTextContent('SGD 500.00');

    await userEvent.selectOptions(await screen.findByLabelText('Payer or student'), 'user_parent');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/admin/payment-history?') && String(url).includes('userId=user_parent'))).toBe(
        true,
      ),
    );
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'amount:desc');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('sortKey=amount&sortValue=desc'))).toBe(true));

    await userEvent.click(within(await screen.findByTestId('admin-record')).getByRole('button', { name: /Add a note/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Add a note for other admins/), 'Receipt sent by hand');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await within(dialog).findByText('Receipt sent by hand')).toBeInTheDocument();
    expect(screen.getByTestId('admin-record')).toHaveTextContent('Notes (1)');

    await userEvent.click(within(dialog).getByRole('button', { name: /Delete the note/ }));
    expect(await within(dialog).findByText('No notes yet.')).toBeInTheDocument();
    const deleted = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(deleted![0])).toBe('/api/admin/payment-history/admin-notes/ph_1?id=ph_1&noteId=note_1');
  });

  it('lets an admin who may only view read the notes without changing them, and refuses one without the flag', async () => {
    mockAdmin({ paymentHistory: ['view'] });
    storeSession(ADMIN);
    renderApp('/portal/admin/payment-history');
    await userEvent.click(within(await screen.findByTestId('admin-record', {}, FIRST_PAINT)).getByRole('button', { name: /^Notes/ }));
    expect(await screen.findByText('Your role can read these notes but not change them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it('says why the transaction logs could not be loaded', async () => {
    mockAdmin({ transactionLogs: ['view'] });
    storeSession(ADMIN);
    renderApp('/portal/admin/transaction-logs');
    const alert = await screen.findByRole('alert', {}, FIRST_PAINT);
    expect(alert).toHaveTextContent('Transaction logs could not be loaded.');
    expect(alert).toHaveTextContent('Down for maintenance');
  });

  it('tells an admin without the flag that the page is not theirs', async () => {
    mockAdmin({});
    storeSession(ADMIN);
    renderApp('/portal/admin/transaction-logs');
    expect(await screen.findByText('No access to transaction logs', {}, FIRST_PAINT)).toBeInTheDocument();
  });
});
