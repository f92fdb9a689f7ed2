import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullAdminPermissions, type PermissionMap } from '../../schema/contracts/permissions';
import type { Plan, VerifyDelete } from '../../schema/contracts/pricing';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', role: { name: 'ADMIN', isGuest: false } });
const plan = (overrides: Partial<Plan> = {}): Plan => ({
  _id: 'p1',
  name: 'Standard pack, 10 hours',
  description: '',
  status: 'ACTIVE',
  amount: 55000,
  currency: 'SGD',
  minutes: 600,
  duration: 3,
  durationUnit: 'MONTHS',
  inclusionMode: 'ALL',
  groupIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const page = (docs: unknown[]) => json({ docs, totalDocs: docs.length, limit: 10, offset: 0 });
const IN_USE: VerifyDelete = {
  _id: 'p1',
  type: 'DISABLE',
  canDelete: false,
  message: 'This flexible plan is used by 2 students: set it to INACTIVE instead of deleting it.',
  dependents: [],
};

function open(permissions: PermissionMap = fullAdminPermissions) {
  storeSession(ADMIN);
  const posts: unknown[] = [];
  mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/admin/flexible-plans': () => page([plan()]),
    'GET /api/admin/subscription-plans': () => page([]),
    'GET /api/admin/groups/dropdown-list': () => json([]),
    'GET /api/admin/flexible-plans/verify-delete/p1': () => json(IN_USE),
    'POST /api/admin/flexible-plans': ({ json: body }) => {
      posts.push(body);
      return json(plan({ ...(body as Partial<Plan>), _id: 'p2' }), 201);
    },
  });
  renderApp('/portal/admin/pricing');
  return posts;
}

describe('pricing screens', { timeout: 30_000 }, () => {
  it('creates a plan from a decimal price without a float, refusing a fraction of a cent', async () => {
    const posts = open();
    const u = userEvent.setup();
    const row = await screen.findByText('Standard pack, 10 hours', undefined, { timeout: 10_000 });
    expect(row.closest('li')).toHaveTextContent('SGD 550.00 · 10 h · 3 months');
    await u.click(screen.getByRole('button', { name: 'New flexible plan' }));
    const dialog = screen.getByRole('dialog', { name: 'New flexible plan' });
    await u.type(within(dialog).getByLabelText(/^Name/), 'Trial pack');
    await u.type(within(dialog).getByLabelText(/^Price/), '19.999');
    await u.type(within(dialog).getByLabelText(/^Lesson minutes/), '120');
    await u.type(within(dialog).getByLabelText(/^Valid for/), '1');
    await u.click(within(dialog).getByRole('button', { name: 'Create flexible plan' }));
    expect(await within(dialog).findByText(/^Price can have at most 2 decimals in USD\.$/)).toBeInTheDocument();
    expect(posts).toEqual([]);
    await u.clear(within(dialog).getByLabelText(/^Price/));
    await u.type(within(dialog).getByLabelText(/^Price/), '19.99');
    await u.click(within(dialog).getByRole('button', { name: 'Create flexible plan' }));
    expect(await screen.findByText('Flexible plan created!')).toBeInTheDocument();
    expect(posts).toMatchObject([{ name: 'Trial pack', amount: 1999, currency: 'USD', minutes: 120, duration: 1, durationUnit: 'MINUTES' }]);
  });

  it('shows what would break before deleting, and offers no delete when the plan is in use', async () => {
    open();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Delete Standard pack, 10 hours' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete flexible plan' });
    expect(await within(dialog).findByText(IN_USE.message)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows only what the role may do', async () => {
    open({ flexiblePlans: ['view'] });
    await screen.findByText('Standard pack, 10 hours', undefined, { timeout: 10_000 });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Plans']);
    expect(screen.queryByRole('button', { name: 'New flexible plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Subscription plans' })).not.toBeInTheDocument();
  });
});
