import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutAction, PaymentSummary, SimulatedCheckout } from '../../schema/contracts/payments';
import { appPathOf } from '../../web/lib/paths';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

/** The pages are lazy chunks; the first import can take a while on a loaded machine. */
const FIRST_PAINT = { timeout: 5000 };
const PARENT = user({ _id: 'user_parent', firstname: 'Pat', lastname: 'Parent', role: { name: 'PARENT', isGuest: false } });

const checkout = (overrides: Partial<SimulatedCheckout> = {}): SimulatedCheckout => ({
  simulated: true,
  sessionId: 'cs_sim_1',
  description: 'Standard pack, 10 hours for Maya',
  paymentType: 'FLEXIBLE',
  minutes: 600,
  amount: 55_000,
  currency: 'SGD',
  status: 'OPEN',
  billingInterval: null,
  intervalCount: null,
  ...overrides,
});

const payment = (overrides: Partial<PaymentSummary> = {}): PaymentSummary => ({
  _id: 'ps_1',
  status: 'PAID',
  paymentType: 'FLEXIBLE',
  itemId: 'flexible_plan_standard',
  description: 'Standard pack, 10 hours for Maya',
  minutes: 600,
  amount: 55_000,
  currency: 'SGD',
  studentId: 'user_student2',
  studentName: 'Maya Student',
  balanceMinutes: 690,
  ...overrides,
});

const resultUrl = (page: string) => `${window.location.origin}/learning-portal/payment/${page}?payment=ps_1`;
const pages: Record<CheckoutAction, string> = { pay: 'success', fail: 'failed', abandon: 'cancelled' };

function mockCheckout(status: PaymentSummary['status']) {
  return mockApi({
    ...signedInApi(PARENT),
    'GET /api/dev/checkout/cs_sim_1': () => json(checkout()),
    ...Object.fromEntries(
      (['pay', 'fail', 'abandon'] as const).map((action) => [
        `POST /api/dev/checkout/cs_sim_1/${action}`,
        () => json({ outcome: action === 'pay' ? 'FULFILLED' : 'UPDATED', redirectUrl: resultUrl(pages[action]) }),
      ]),
    ),
    'GET /api/payments/ps_1': () => json(payment({ status })),
    'POST /api/stripe/v2/flexible-session': () => json({ url: '/learning-portal/dev/checkout/cs_sim_2' }),
  });
}

describe('simulated checkout page', () => {
  it('says no card is charged, shows what is bought and its amount, and Pay leads to the success page with the new balance', async () => {
    const fetchMock = mockCheckout('PAID');
    storeSession(PARENT);
    const router = renderApp('/dev/checkout/cs_sim_1');
    expect(await screen.findByText('Simulated checkout: no card is charged.', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('This is the local stand-in for Stripe.');
    expect(await screen.findByText('Standard pack, 10 hours for Maya')).toBeInTheDocument();
    expect(screen.getByText('10 h of lessons')).toBeInTheDocument();
    expect(screen.getByText('SGD 550.00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, FIRST_PAINT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/learning-portal/payment/success');
    expect(screen.getByTestId('balance')).toHaveTextContent('Maya Student’s lesson balance is now 11 h 30 m.');
    expect(screen.getByRole('link', { name: 'See billing' })).toHaveAttribute('href', '/learning-portal/portal/billing');
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/dev/checkout/cs_sim_1/pay' && init?.method === 'POST')).toBe(true);
  });

  it('Fail leads to the failed page, which says nothing was charged and what to do next', async () => {
    mockCheckout('FAILED');
    storeSession(PARENT);
    renderApp('/dev/checkout/cs_sim_1');
    await userEvent.click(await screen.findByRole('button', { name: 'Fail' }, FIRST_PAINT));
    expect(await screen.findByRole('heading', { name: 'Payment failed' }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText('The payment did not go through, and nothing was charged.')).toBeInTheDocument();
    expect(screen.getByText(/Check the card details or use another card, then try again\./)).toBeInTheDocument();
    // The sentences need no payment; the button waits for it, to know what to buy again.
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('Abandon leads to the cancelled page, whose Try again starts a new checkout for the same plan and child', async () => {
    const fetchMock = mockCheckout('EXPIRED');
    storeSession(PARENT);
    const router = renderApp('/dev/checkout/cs_sim_1');
    await userEvent.click(await screen.findByRole('button', { name: 'Abandon' }, FIRST_PAINT));
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' }, FIRST_PAINT)).toBeInTheDocument();
    expect(within(await screen.findByTestId('purchase')).getByText('SGD 550.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      const buy = fetchMock.mock.calls.find(([url]) => url === '/api/stripe/v2/flexible-session');
      expect(JSON.parse(String(buy?.[1]?.body))).toEqual({ planId: 'flexible_plan_standard', studentId: 'user_student2' });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/dev/checkout/cs_sim_2'));
  });

  it('says a subscription is charged again every period until it is cancelled', async () => {
    mockApi({
      ...signedInApi(PARENT),
      'GET /api/dev/checkout/cs_sim_1': () =>
        json(checkout({ description: 'Monthly, 4 lessons for Maya', paymentType: 'SUBSCRIPTION', billingInterval: 'month', intervalCount: 1 })),
    });
    storeSession(PARENT);
    renderApp('/dev/checkout/cs_sim_1');
    expect(await screen.findByText('Then again every month, until it is cancelled.', {}, FIRST_PAINT)).toBeInTheDocument();
  });

  it('leaves the buttons out once the checkout is closed, and says so', async () => {
    mockApi({ ...signedInApi(PARENT), 'GET /api/dev/checkout/cs_sim_1': () => json(checkout({ status: 'PAID' })) });
    renderApp('/dev/checkout/cs_sim_1');
    expect(await screen.findByText('This checkout has already been paid.', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });
});

describe('payment success page', () => {
  it('waits while the payment is being confirmed, then shows what was bought and the new balance', async () => {
    let reads = 0;
    mockApi({ ...signedInApi(PARENT), 'GET /api/payments/ps_1': () => json(payment(++reads === 1 ? { status: 'OPEN', balanceMinutes: 90 } : {})) });
    storeSession(PARENT);
    renderApp('/payment/success?payment=ps_1');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText('Your payment is being confirmed. This page updates by itself.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, FIRST_PAINT)).toBeInTheDocument();
    const bought = screen.getByTestId('purchase');
    expect(bought).toHaveTextContent('Standard pack, 10 hours for Maya');
    expect(bought).toHaveTextContent('10 h');
    expect(bought).toHaveTextContent('SGD 550.00');
    expect(screen.getByTestId('balance')).toHaveTextContent('Maya Student’s lesson balance is now 11 h 30 m.');
  });

  it('speaks to the student when the balance is their own', async () => {
    const MAYA = user({ _id: 'user_student2', firstname: 'Maya', lastname: 'Student' });
    mockApi({ ...signedInApi(MAYA), 'GET /api/payments/ps_1': () => json(payment()) });
    storeSession(MAYA);
    renderApp('/payment/success?payment=ps_1');
    expect(await screen.findByTestId('balance', {}, FIRST_PAINT)).toHaveTextContent('Your lesson balance is now 11 h 30 m.');
  });

  it('says it cannot find a payment it is not allowed to read, without claiming anything was bought', async () => {
    mockApi({ ...signedInApi(PARENT), 'GET /api/payments/ps_1': () => json({ message: 'Payment was not found', errors: [] }, 404) });
    storeSession(PARENT);
    renderApp('/payment/success?payment=ps_1');
    expect(await screen.findByText(/We could not find the details of this payment\./, {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.queryByTestId('balance')).not.toBeInTheDocument();
  });
});

describe('appPathOf', () => {
  it('opens our own pages inside the app and leaves Stripe’s to the browser', () => {
    expect(appPathOf('/learning-portal/dev/checkout/cs_sim_1')).toBe('/dev/checkout/cs_sim_1');
    expect(appPathOf(resultUrl('success'))).toBe('/payment/success?payment=ps_1');
    expect(appPathOf('https://checkout.stripe.com/c/pay/cs_test_1')).toBeNull();
  });
});
