import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullAdminPermissions, type PermissionMap } from '../../schema/contracts/permissions';
import type { Rate, RateVersion } from '../../schema/contracts/pricing';
import { baseApi, renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', role: { name: 'ADMIN', isGuest: false } });
const version: RateVersion = {
  _id: 'v1',
  rateTable: 'STUDENT_FLEXIBLE',
  name: 'Pack prices 2024',
  versionNumber: 1,
  status: 'ACTIVE',
  dateBasis: 'STUDENT_REGISTRATION_DATE',
  operator: 'GREATER_THAN_OR_EQUAL',
  referenceDate: '2024-01-01',
  ratesCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as RateVersion;
const rate = {
  _id: 'r1',
  versionId: 'v1',
  rateTable: 'STUDENT_FLEXIBLE',
  amount: 30000,
  currency: 'SGD',
  studentId: null,
  tutorId: null,
  studentType: null,
  courseType: null,
  tutorCountry: null,
  studentCountry: null,
  country: 'MY',
  curriculum: null,
  grade: null,
  packageId: 'f1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} satisfies Rate;
const page = (docs: unknown[]) => json({ docs, totalDocs: docs.length, limit: 10, offset: 0 });

function open(permissions: PermissionMap = fullAdminPermissions) {
  storeSession(ADMIN);
  const puts: unknown[] = [];
  mockApi({
    ...signedInApi(ADMIN),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/admin/flexible-plans': () => page([]),
    'GET /api/admin/subscription-plans': () => page([]),
    'GET /api/admin/student-flexible-rate-versions': () => page([version]),
    'GET /api/admin/student-subscription-rate-versions': () => page([]),
    'GET /api/admin/student-flexible-rates': () => page([rate]),
    'GET /api/admin/flexible-plans/dropdown-list': () => json([{ _id: 'f1', name: 'Starter pack' }]),
    'GET /api/admin/users/dropdown-list': () => json([]),
    'PUT /api/admin/student-flexible-rates/r1': ({ json: body }) => {
      puts.push(body);
      return json({ ...rate, ...(body as Partial<Rate>) });
    },
  });
  renderApp('/portal/admin/pricing');
  return puts;
}

describe('editing a rate', { timeout: 30_000 }, () => {
  it('fills the form with the rate, saves the new amount in minor units and shows it', async () => {
    const puts = open();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'Student rates' }, { timeout: 10_000 }));
    await u.click(await screen.findByRole('button', { name: 'Rates' }));
    await u.click(await screen.findByRole('button', { name: /^Edit rate plan Starter pack/ }));
    const form = screen.getByRole('form', { name: 'Edit the rate' });
    const amount = within(form).getByLabelText(/^Price/);
    expect(amount).toHaveValue('300.00');
    await u.clear(amount);
    await u.type(amount, '320.50');
    await u.click(within(form).getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('Rate updated!')).toBeInTheDocument();
    expect(puts).toMatchObject([{ versionId: 'v1', amount: 32050, currency: 'SGD', packageId: 'f1', country: 'MY' }]);
    expect(screen.getByText('SGD 320.50')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add a rate' })).toBeInTheDocument();
  });

  it('offers no edit to a role that may only view student rates', async () => {
    open({ ...fullAdminPermissions, studentRates: ['view'] });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'Student rates' }, { timeout: 10_000 }));
    await u.click(await screen.findByRole('button', { name: 'Rates' }));
    expect(await screen.findByText('SGD 300.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit rate/ })).not.toBeInTheDocument();
  });
});

describe('course pricing templates', { timeout: 30_000 }, () => {
  it('are listed and created on their own tab, the price kept in minor units', async () => {
    storeSession(ADMIN);
    const posts: unknown[] = [];
    const template = { _id: 't1', name: 'Term fee', status: 'ACTIVE', amount: 48000, currency: 'SGD', duration: 3, durationUnit: 'MONTHS' };
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
      'GET /api/admin/flexible-plans': () => page([]),
      'GET /api/admin/subscription-plans': () => page([]),
      'GET /api/admin/course-pricing-templates': () => page([template]),
      'POST /api/admin/course-pricing-templates': ({ json: body }) => {
        posts.push(body);
        return json({ ...template, ...(body as object), _id: 't2' }, 201);
      },
    });
    renderApp('/portal/admin/pricing');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'Course pricing' }, { timeout: 10_000 }));
    expect((await screen.findByText('Term fee')).closest('li')).toHaveTextContent('SGD 480.00 for 3 months');
    await u.click(screen.getByRole('button', { name: 'New course pricing template' }));
    const dialog = screen.getByRole('dialog', { name: 'New course pricing template' });
    await u.type(within(dialog).getByLabelText(/^Name/), 'Holiday camp');
    await u.type(within(dialog).getByLabelText(/^Price/), '250');
    await u.type(within(dialog).getByLabelText(/^For/), '2');
    await u.click(within(dialog).getByRole('button', { name: 'Create course pricing template' }));
    expect(await screen.findByText('Course pricing template created!')).toBeInTheDocument();
    expect(posts).toMatchObject([{ name: 'Holiday camp', amount: 25000, currency: 'USD', duration: 2, durationUnit: 'DAYS' }]);
  });
});
