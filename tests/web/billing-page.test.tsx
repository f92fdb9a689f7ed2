import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { PaymentHistoryEntry } from '../../schema/contracts/payment-records';
import type { CreditEntry, Credits } from '../../schema/contracts/payments';
import { creditNewsAtom } from '../../web/entities/payments/credit-news';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, TENANT, user } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

const FIRST_PAINT = { timeout: 5000 };
const BILLING_TENANT = { ...TENANT, permissions: { billing: ['view', 'customerPortalView'] } };
const SAM = { _id: 'user_student', firstname: 'Sam', lastname: 'Student' };
const MAYA = { _id: 'user_student2', firstname: 'Maya', lastname: 'Student' };
const PARENT = user({ _id: 'user_parent', firstname: 'Pat', lastname: 'Parent', role: { name: 'PARENT', isGuest: false }, userMapper: [SAM, MAYA] });

const entry = (overrides: Partial<CreditEntry>): CreditEntry => ({
  _id: 'entry_1',
  studentId: MAYA._id,
  courseId: null,
  kind: 'PURCHASE',
  minutes: 600,
  amount: 50_000,
  currency: 'SGD',
  expiresAt: '2099-03-10T00:00:00.000Z',
  description: 'Standard pack, 10 hours for Maya',
  createdAt: '2030-01-10T02:00:00.000Z',
  ...overrides,
});

const creditsOf: Record<string, Credits> = {
  [MAYA._id]: {
    studentId: MAYA._id,
    balanceMinutes: 555,
    balances: [{ courseId: null, courseTitle: null, minutes: 555 }],
    expiring: [{ entryId: 'entry_pack', courseId: null, minutes: 555, expiresAt: '2099-03-10T00:00:00.000Z' }],
    entries: {
      docs: [
        entry({
          _id: 'entry_lesson',
          kind: 'LESSON',
          minutes: -45,
          amount: null,
          currency: null,
          expiresAt: null,
          description: 'Maths with Theo',
          createdAt: '2030-01-12T02:00:00.000Z',
        }),
        entry({}),
      ],
      totalDocs: 2,
      limit: 10,
      offset: 0,
    },
  },
  [SAM._id]: {
    studentId: SAM._id,
    balanceMinutes: 0,
    balances: [{ courseId: null, courseTitle: null, minutes: 0 }],
    expiring: [],
    entries: { docs: [], totalDocs: 0, limit: 10, offset: 0 },
  },
};

const payments: ListResponse<PaymentHistoryEntry> = {
  docs: [
    {
      _id: 'ph_1',
      paymentSessionId: 'ps_1',
      paymentType: 'FLEXIBLE',
      description: 'Standard pack, 10 hours for Maya',
      amount: 50_000,
      currency: 'SGD',
      status: 'PAID',
      paidAt: '2030-01-10T02:00:00.000Z',
      payer: { _id: 'user_parent', firstname: 'Pat', lastname: 'Parent' },
      student: { ...MAYA },
    },
  ],
  totalDocs: 1,
  limit: 10,
  offset: 0,
};

function mockBilling(who: Record<string, unknown>, overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    ...signedInApi(who),
    'GET /api/tenant': () => json(BILLING_TENANT),
    'GET /api/credits': ({ url }) => json(creditsOf[new URL(url, 'http://x').searchParams.get('userId') ?? ''] ?? { message: 'Not found', errors: [] }, 200),
    'GET /api/payment-history': () => json(payments),
    'GET /api/stripe/v2/customer-portal-data': () => json({ subscriptions: [], url: null }),
    ...overrides,
  });
}

describe('billing page', () => {
  it('lists the family’s subscriptions and opens the portal to manage them', async () => {
    const subscription = {
      _id: 'sub_1',
      studentId: MAYA._id,
      paymentType: 'SUBSCRIPTION',
      itemId: 'subscription_plan_four',
      courseId: null,
      description: 'Monthly, 4 lessons for Maya',
      status: 'ACTIVE',
      currentPeriodEnd: '2099-02-10T02:00:00.000Z',
      createdAt: '2099-01-10T02:00:00.000Z',
    };
    mockBilling(PARENT, {
      'GET /api/stripe/v2/customer-portal-data': () => json({ subscriptions: [subscription], url: '/learning-portal/dev/customer-portal/cus_sim_pat' }),
      'GET /api/dev/customer-portal/cus_sim_pat': () => json({ simulated: true, subscriptions: [subscription] }),
    });
    storeSession(PARENT);
    const router = renderApp('/portal/billing');
    const row = await screen.findByTestId('subscription', {}, FIRST_PAINT);
    expect(row).toHaveTextContent('Monthly, 4 lessons for Maya');
    expect(row).toHaveTextContent('Maya Student · Active · renews on 10 Feb 2099');
    await userEvent.click(screen.getByRole('button', { name: 'Manage subscriptions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/dev/customer-portal/cus_sim_pat'));
    expect(await screen.findByText('Simulated customer portal.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
  });

  it('shows a parent each child’s balance with the entries behind it, the payments, invoices and the way to buy more', async () => {
    mockBilling(PARENT);
    storeSession(PARENT);
    renderApp('/portal/billing');
    expect(await screen.findByRole('heading', { name: 'Billing', level: 1 }, FIRST_PAINT)).toBeInTheDocument();

    const maya = await screen.findByRole('region', { name: 'Maya Student' });
    expect(await within(maya).findByTestId('balance')).toHaveTextContent('9 h 15 m');
    expect(within(maya).getByRole('status')).toHaveTextContent(/9 h 15 m will expire on .*2099. Book lessons before then to use it./);
    const rows = within(maya).getAllByTestId('balance-entry');
    expect(rows.map((row) => within(row).getByTestId('entry-minutes').textContent)).toEqual(['−45 m', '+10 h']);
    expect(rows[0]).toHaveTextContent('Maths with Theo');
    expect(rows[0]).toHaveTextContent('Lesson · 12 Jan 2030');
    expect(rows[1]).toHaveTextContent('Bought · 10 Jan 2030 · use by 10 Mar 2099');

    const sam = screen.getByRole('region', { name: 'Sam Student' });
    expect(await within(sam).findByTestId('balance')).toHaveTextContent('0 m');
    expect(within(sam).getByText('No lesson time bought or used yet.')).toBeInTheDocument();

    const payment = await screen.findByTestId('payment');
    expect(payment).toHaveTextContent('Standard pack, 10 hours for Maya');
    expect(payment).toHaveTextContent('10 Jan 2030 · Flexible plan · for Maya');
    expect(payment).toHaveTextContent('SGD 500.00');
    expect(payment).toHaveTextContent('Paid');

    expect(screen.getByRole('link', { name: 'Buy more time' })).toHaveAttribute('href', '/learning-portal/subscriptions');
    expect(screen.getByRole('link', { name: 'My invoices' })).toHaveAttribute('href', '/learning-portal/portal/invoices');
  });

  it('shows a student their own balance, says when nothing was paid yet, and offers a retry when a balance fails', async () => {
    let failCredits = true;
    mockBilling(user(), {
      'GET /api/credits': () => (failCredits ? json({ message: 'Down', errors: [] }, 500) : json(creditsOf[SAM._id])),
      'GET /api/payment-history': () => json({ docs: [], totalDocs: 0, limit: 10, offset: 0 }),
    });
    storeSession(user());
    renderApp('/portal/billing');
    const own = await screen.findByRole('region', { name: 'Your lesson time' }, FIRST_PAINT);
    expect(await within(own).findByRole('alert')).toHaveTextContent('This balance could not be loaded.');
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
    failCredits = false;
    await userEvent.click(within(own).getByRole('button', { name: 'Try again' }));
    expect(await within(own).findByTestId('balance')).toHaveTextContent('0 m');
  });

  it('loads older entries on request', async () => {
    const first = creditsOf[MAYA._id]!;
    mockBilling(user({ ...MAYA, email: 'student2@studyhall.test' }), {
      'GET /api/credits': ({ url }) => {
        const offset = Number(new URL(url, 'http://x').searchParams.get('offset') ?? 0);
        const docs =
          offset === 0 ? first.entries.docs : [entry({ _id: 'entry_old', kind: 'ADJUSTMENT', minutes: 30, expiresAt: null, description: 'Goodwill minutes' })];
        return json({ ...first, entries: { docs, totalDocs: 3, limit: 10, offset } });
      },
    });
    storeSession(user({ ...MAYA }));
    renderApp('/portal/billing');
    await userEvent.click(await screen.findByRole('button', { name: 'Show older entries' }, FIRST_PAINT));
    expect(await screen.findByText('Goodwill minutes')).toBeInTheDocument();
    expect(screen.getAllByTestId('balance-entry')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });
});

describe('the balance in the header', () => {
  it('shows the student’s balance on every page and reads it again when the inbox brings news of a change', async () => {
    let reads = 0;
    mockBilling(user(), {
      'GET /api/credits': () => json({ ...creditsOf[MAYA._id], studentId: SAM._id, expiring: [], balanceMinutes: ++reads === 1 ? 240 : 480 }),
    });
    storeSession(user());
    const store = createStore();
    renderApp('/portal/profile', store);
    const chip = await screen.findByTestId('header-balance', {}, FIRST_PAINT);
    expect(chip).toHaveTextContent('4 h');
    expect(chip).toHaveAttribute('href', '/learning-portal/portal/billing');
    act(() => store.set(creditNewsAtom, { studentId: SAM._id, at: Date.now() }));
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('8 h'));
    expect(screen.getByTestId('header-balance')).toHaveAccessibleName('Your lesson balance: 8 h. Open Billing');
  });

  it('shows a payment made in another tab on the open Billing page once the inbox brings the news', async () => {
    let reads = 0;
    mockBilling(user(), { 'GET /api/payment-history': () => json(++reads === 1 ? { docs: [], totalDocs: 0, limit: 10, offset: 0 } : payments) });
    storeSession(user());
    const store = createStore();
    renderApp('/portal/billing', store);
    expect(await screen.findByText('No payments yet', {}, FIRST_PAINT)).toBeInTheDocument();
    act(() => store.set(creditNewsAtom, { studentId: SAM._id, at: Date.now() }));
    expect(await screen.findByTestId('payment')).toHaveTextContent('Standard pack, 10 hours for Maya');
  });

  it('shows nothing for a student who never bought lesson time', async () => {
    mockBilling(user());
    storeSession(user());
    renderApp('/portal/billing');
    expect(await screen.findByRole('region', { name: 'Your lesson time' }, FIRST_PAINT)).toBeInTheDocument();
    expect(await screen.findByText('No lesson time bought or used yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('header-balance')).toBeNull();
  });
});
