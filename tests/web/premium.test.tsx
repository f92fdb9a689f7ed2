import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import type { PremiumOffer, PremiumStatus } from '../../schema/contracts/premium';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, TENANT, tokenAnswer, user } from './fetch-mock';
import { startup } from './render-app';

afterEach(() => vi.unstubAllGlobals());

const FIRST_PAINT = { timeout: 5000 };
const OFFER: PremiumOffer = {
  _id: 'premium_offer_studyhall',
  name: 'Premium learning',
  description: 'Unlimited quizzes, slides and videos between lessons.',
  amount: 9900,
  currency: 'SGD',
  months: 12,
  status: 'ACTIVE',
  updatedAt: '2030-01-01T00:00:00.000Z',
};
const BILLING_TENANT = { ...TENANT, permissions: { billing: ['view'] } };
const SAM = user();
const status = (overrides: Partial<PremiumStatus> = {}): PremiumStatus => ({
  userId: SAM._id as string,
  premium: false,
  until: null,
  offer: OFFER,
  ...overrides,
});

function mockPlansPage(premium: PremiumStatus) {
  return mockApi({
    ...signedInApi(SAM),
    'GET /api/tenant': () => json(BILLING_TENANT),
    'GET /api/flexible-plans': () => json([]),
    'GET /api/subscription-plans': () => json([]),
    [`GET /api/stripe/premium/${SAM._id}`]: () => json(premium),
    'POST /api/stripe/premium/createSession': () => json({ url: '/learning-portal/dev/checkout/cs_sim_premium' }),
  });
}

describe('premium on the plans page', () => {
  it('offers premium at the tenant’s price, and Buy opens its checkout for the student', async () => {
    const fetchMock = mockPlansPage(status());
    storeSession(SAM);
    const router = renderApp('/subscriptions');
    const card = await screen.findByTestId('premium', {}, FIRST_PAINT);
    expect(within(card).getByRole('heading', { name: 'Premium learning' })).toBeInTheDocument();
    expect(card).toHaveTextContent('SGD 99.00 for 12 months, paid once; it does not renew.');
    expect(within(card).queryByTestId('premium-until')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Buy Premium learning' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/dev/checkout/cs_sim_premium'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/stripe/premium/createSession')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ studentId: SAM._id });
  });

  it('says until when the student has premium, and offers to add months', async () => {
    mockPlansPage(status({ premium: true, until: '2031-03-15T12:00:00.000Z' }));
    storeSession(SAM);
    renderApp('/subscriptions');
    expect(await screen.findByTestId('premium-until', {}, FIRST_PAINT)).toHaveTextContent(/^You have premium until .*2031/);
    expect(screen.getByRole('button', { name: 'Add 12 months of Premium learning' })).toBeEnabled();
  });

  it('shows nothing where premium is not on sale and was never bought', async () => {
    mockPlansPage(status({ offer: null }));
    storeSession(SAM);
    renderApp('/subscriptions');
    expect(await screen.findByRole('heading', { name: 'Lesson time packs' }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.queryByTestId('premium')).toBeNull();
  });
});

describe('premium for someone without an account', () => {
  it('makes a student account from the sign-up form and opens checkout, with no role to choose', async () => {
    const created = user({ _id: 'user_nora', firstname: 'Nora', lastname: 'Newton', email: 'nora@example.com' });
    const fetchMock = mockApi({
      ...startup,
      'POST /api/stripe/premium/getProductPrice': () => json(OFFER),
      'POST /api/stripe/premium/createSessionWithDetails': () =>
        json({ ...tokenAnswer(created, 'nora-token'), user: created, session: { url: '/learning-portal/dev/checkout/cs_sim_nora' } }, 201),
      'GET /api/user/authUser': () => json({ ...created, actingFor: created }),
    });
    const router = renderApp('/sign-up?plan=premium');
    expect(await screen.findByRole('heading', { name: 'Get Premium learning' }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText(/pay SGD 99.00 once for 12 months/)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Parent/ })).toBeNull();
    await userEvent.type(screen.getByLabelText(/First name/), 'Nora');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Newton');
    await userEvent.type(screen.getByLabelText(/Email/), 'nora@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'a-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/dev/checkout/cs_sim_nora'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/stripe/premium/createSessionWithDetails')!;
    const body = JSON.parse(String(call[1]!.body));
    expect(body).toMatchObject({ firstname: 'Nora', email: 'nora@example.com' });
    expect(body.role).toBeUndefined();
  });

  it('says premium is not offered, and still lets the person create a free account', async () => {
    mockApi({ ...startup });
    renderApp('/sign-up?plan=premium');
    expect(await screen.findByText('Premium is not offered here at the moment. You can still create a free account.', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
  });
});

describe('the admin’s premium upgrade', () => {
  const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', role: { name: 'ADMIN', isGuest: false } });

  function openPricing(offer: PremiumOffer | null) {
    storeSession(ADMIN);
    const puts: unknown[] = [];
    mockApi({
      ...signedInApi(ADMIN),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
      'GET /api/admin/flexible-plans': () => json({ docs: [], totalDocs: 0, limit: 10, offset: 0 }),
      'GET /api/admin/subscription-plans': () => json({ docs: [], totalDocs: 0, limit: 10, offset: 0 }),
      'GET /api/admin/premium-offer': () => json({ offer }),
      'PUT /api/admin/premium-offer': ({ json: body }) => {
        puts.push(body);
        return json({ offer: { ...OFFER, ...(body as object) } });
      },
    });
    renderApp('/portal/admin/pricing');
    return puts;
  }

  it('says premium is not set up, refuses 0 months beside the field, then saves the price in minor units', async () => {
    const puts = openPricing(null);
    expect(await screen.findByTestId('premium-offer-summary', {}, FIRST_PAINT)).toHaveTextContent(
      'Not set up yet: nobody can buy premium until it has a price.',
    );
    const panel = within(screen.getByRole('region', { name: 'Premium upgrade' }));
    await userEvent.type(panel.getByLabelText(/^Price/), '99.50');
    await userEvent.selectOptions(panel.getByLabelText('Currency'), 'SGD');
    const months = panel.getByLabelText(/Months of premium/);
    await userEvent.clear(months);
    await userEvent.type(months, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save premium upgrade' }));
    expect(await panel.findByText(/must be at least 1 month/)).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await userEvent.clear(months);
    await userEvent.type(months, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Save premium upgrade' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ name: 'Premium learning', amount: 9950, currency: 'SGD', months: 6, status: 'ACTIVE' });
    expect(await screen.findByTestId('premium-offer-summary')).toHaveTextContent('On sale: Premium learning, SGD 99.50 for 6 months.');
  });
});
