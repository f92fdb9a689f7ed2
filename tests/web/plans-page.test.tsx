import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PricedPlan } from '../../schema/contracts/pricing';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, TENANT, user } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

const FIRST_PAINT = { timeout: 5000 };
const BILLING_TENANT = { ...TENANT, permissions: { billing: ['view', 'customerPortalView'] } };
const SAM = { _id: 'user_student', firstname: 'Sam', lastname: 'Student' };
const MAYA = { _id: 'user_student2', firstname: 'Maya', lastname: 'Student' };
const PARENT = user({ _id: 'user_parent', firstname: 'Pat', lastname: 'Parent', role: { name: 'PARENT', isGuest: false }, userMapper: [SAM, MAYA] });

const plan = (overrides: Partial<PricedPlan>): PricedPlan => ({
  _id: 'flexible_plan_standard',
  name: 'Standard pack, 10 hours',
  description: '10 hours of lessons to use within 3 months.',
  status: 'ACTIVE',
  amount: 55_000,
  currency: 'SGD',
  minutes: 600,
  duration: 3,
  durationUnit: 'MONTHS',
  inclusionMode: 'ALL',
  groupIds: [],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  price: { amount: 55_000, currency: 'SGD', explanation: 'list price' },
  ...overrides,
});

/** Maya has her own student rate for the standard pack; Sam pays the list price. */
const pricesFor = (userId: string | null) => [plan(userId === MAYA._id ? { price: { amount: 50_000, currency: 'SGD', explanation: 'Maya’s rate' } } : {})];
const monthly = plan({
  _id: 'subscription_plan_four',
  name: 'Monthly, 4 lessons',
  minutes: 240,
  duration: 1,
  price: { amount: 24_000, currency: 'SGD', explanation: '' },
});

function mockPlans(who: Record<string, unknown>, overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    ...signedInApi(who),
    'GET /api/tenant': () => json(BILLING_TENANT),
    'GET /api/flexible-plans': ({ url }) => json(pricesFor(new URL(url, 'http://x').searchParams.get('userId'))),
    'GET /api/subscription-plans': () => json([monthly]),
    'POST /api/stripe/v2/flexible-session': () => json({ url: '/learning-portal/dev/checkout/cs_sim_2' }),
    'GET /api/dev/checkout/cs_sim_2': () =>
      json({
        simulated: true,
        sessionId: 'cs_sim_2',
        description: 'Standard pack, 10 hours for Maya',
        paymentType: 'FLEXIBLE',
        minutes: 600,
        amount: 50_000,
        currency: 'SGD',
        status: 'OPEN',
      }),
    ...overrides,
  });
}

describe('plans page', () => {
  it('lets a parent choose a child, shows that child’s prices, and Buy posts the plan and the child, then opens checkout', async () => {
    const fetchMock = mockPlans(PARENT);
    storeSession(PARENT);
    const router = renderApp('/subscriptions');
    expect(await screen.findByRole('heading', { name: 'Plans' }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByTestId('payments-mode')).toHaveTextContent('Payments here are simulated: no card is charged.');
    expect(screen.getByText('Choose a child to see the plans and prices for them.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Maya Student/ }));
    const card = (await screen.findByRole('article', { name: 'Standard pack, 10 hours' })).closest('article')!;
    expect(within(card).getByText('SGD 500.00')).toBeInTheDocument();
    expect(within(card).getByText('10 h')).toBeInTheDocument();
    expect(within(card).getByText('3 months')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/flexible-plans?userId=user_student2')).toBe(true);

    await userEvent.click(within(card).getByRole('button', { name: 'Buy Standard pack, 10 hours for Maya Student' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/dev/checkout/cs_sim_2'));
    const buy = fetchMock.mock.calls.find(([url, init]) => url === '/api/stripe/v2/flexible-session' && init?.method === 'POST');
    expect(JSON.parse(String(buy![1]!.body))).toEqual({ planId: 'flexible_plan_standard', studentId: 'user_student2' });
    expect(await screen.findByText('Simulated checkout: no card is charged.', {}, FIRST_PAINT)).toBeInTheDocument();
  });

  it('prices a child’s plans again when the parent chooses the other child', async () => {
    mockPlans(PARENT);
    storeSession(PARENT, MAYA._id);
    renderApp('/subscriptions');
    // Acting for Maya, she is chosen already.
    expect(await screen.findByText('SGD 500.00', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Maya Student/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Sam Student/ }));
    expect(await screen.findByText('SGD 550.00')).toBeInTheDocument();
  });

  it('lets a student buy a pack for themselves, and subscribe to a plan that renews', async () => {
    const fetchMock = mockPlans(user());
    storeSession(user());
    renderApp('/subscriptions');
    const card = await screen.findByRole('article', { name: 'Standard pack, 10 hours' }, FIRST_PAINT);
    expect(screen.queryByRole('radio')).toBeNull();
    const monthlyCard = screen.getByRole('article', { name: 'Monthly, 4 lessons' });
    expect(within(monthlyCard).getByText('Every month')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Buy Standard pack, 10 hours' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/stripe/v2/flexible-session')).toBe(true));
    const buy = fetchMock.mock.calls.find(([url]) => url === '/api/stripe/v2/flexible-session');
    expect(JSON.parse(String(buy![1]!.body))).toEqual({ planId: 'flexible_plan_standard', studentId: 'user_student' });
  });

  it('subscribes a student to a plan through the subscription checkout', async () => {
    const fetchMock = mockPlans(user(), { 'POST /api/stripe/v2/subscription-session': () => json({ url: '/learning-portal/dev/checkout/cs_sim_sub' }) });
    storeSession(user());
    renderApp('/subscriptions');
    const monthlyCard = await screen.findByRole('article', { name: 'Monthly, 4 lessons' }, FIRST_PAINT);
    await userEvent.click(within(monthlyCard).getByRole('button', { name: 'Subscribe to Monthly, 4 lessons' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/stripe/v2/subscription-session')).toBe(true));
    const subscribe = fetchMock.mock.calls.find(([url]) => url === '/api/stripe/v2/subscription-session');
    expect(JSON.parse(String(subscribe![1]!.body))).toEqual({ planId: 'subscription_plan_four', studentId: 'user_student' });
  });

  it('says why a purchase could not start, and the button works again', async () => {
    mockPlans(user(), {
      'POST /api/stripe/v2/flexible-session': () =>
        json(
          {
            message: 'Plan id is not a flexible plan offered to this student.',
            errors: [{ path: 'planId', message: 'is not a flexible plan offered to this student' }],
          },
          400,
        ),
    });
    storeSession(user());
    renderApp('/subscriptions');
    const card = await screen.findByRole('article', { name: 'Standard pack, 10 hours' }, FIRST_PAINT);
    await userEvent.click(within(card).getByRole('button', { name: /^Buy/ }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('not a flexible plan offered to this student');
    expect(within(card).getByRole('button', { name: /^Buy/ })).toBeEnabled();
  });

  it('shows a retry when the plans cannot be read, and explains a site without billing', async () => {
    mockPlans(user(), { 'GET /api/flexible-plans': () => json({ message: 'Down', errors: [] }, 500) });
    storeSession(user());
    renderApp('/subscriptions');
    expect(await screen.findByRole('button', { name: /Try again/ }, FIRST_PAINT)).toBeInTheDocument();
    vi.unstubAllGlobals();

    mockPlans(user(), { 'GET /api/tenant': () => json(TENANT) });
    localStorage.clear();
    storeSession(user());
    renderApp('/subscriptions');
    expect(await screen.findByRole('heading', { name: 'Plans are not sold here' }, FIRST_PAINT)).toBeInTheDocument();
  });
});
