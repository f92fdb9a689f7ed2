import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUserRecord } from '../../schema/contracts/admin-users';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import type { Rate } from '../../schema/contracts/pricing';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', role: { name: 'ADMIN', isGuest: false } });
const SAM: AdminUserRecord = {
  _id: 'user_student',
  firstname: 'Sam',
  lastname: 'Lee',
  email: 'sam@studyhall.test',
  phone: null,
  role: 'STUDENT',
  country: 'SG',
  timezone: 'Asia/Singapore',
  currency: 'SGD',
  curriculum: null,
  grade: null,
  availabilityState: null,
  adminRoleId: null,
  onboarded: true,
  mustChangePassword: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  bio: '',
  adminRole: null,
  experiences: [],
  qualifications: [],
  achievements: [],
  languages: [],
  subjects: [],
  adminNotes: [],
  plans: { flexiblePlans: ['f1', 'f2', 'f3', 'f4'], subscriptionPlans: [] },
};
const plans = ['Starter pack', 'Standard pack', 'Exam intensive', 'Scholarship pack'].map((name, i) => ({ _id: `f${i + 1}`, name }));
const rate = { _id: 'r1', rateTable: 'ONE_TO_ONE_TUTOR', amount: 4500, currency: 'SGD', studentId: 'user_student' } as Rate;

function open() {
  storeSession(ADMIN);
  const puts: unknown[] = [];
  mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
    'GET /api/admin/users/user_student': () => json(SAM),
    'GET /api/admin/flexible-plans/dropdown-list': () => json(plans),
    'GET /api/admin/subscription-plans/dropdown-list': () => json([]),
    'GET /api/admin/one-to-one-tutor-rates/user/user_student': () => json([rate]),
    'GET /api/admin/student-flexible-rates/user/user_student': () => json([]),
    'GET /api/admin/student-subscription-rates/user/user_student': () => json([]),
    'PUT /api/admin/users/plans/user_student': ({ json: body }) => {
      puts.push(body);
      return json({ _id: 'user_student', plans: body });
    },
  });
  renderApp('/portal/admin/users/user_student');
  return puts;
}

describe('the admin user page: plans and rates', { timeout: 30_000 }, () => {
  it('lists two plans then how many more, and the rates naming the student', async () => {
    open();
    const section = await screen.findByRole('region', { name: 'Plans and rates' }, { timeout: 10_000 });
    expect(await within(section).findByText('Starter pack, Standard pack ... and 2 more')).toBeInTheDocument();
    expect(within(section).getByText('None assigned')).toBeInTheDocument();
    expect(await within(section).findByText('One-to-one: SGD 45.00 per hour')).toBeInTheDocument();
  });

  it('edits the plans with the plans call', async () => {
    const puts = open();
    const u = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Plans and rates' }, { timeout: 10_000 });
    await within(section).findByText('Starter pack, Standard pack ... and 2 more');
    await u.click(within(section).getByRole('button', { name: 'Edit plans' }));
    await u.click(await within(section).findByRole('checkbox', { name: 'Scholarship pack' }));
    await u.click(within(section).getByRole('button', { name: 'Save plans' }));
    expect(await screen.findByText('Plans saved!')).toBeInTheDocument();
    expect(puts).toEqual([{ flexiblePlans: ['f1', 'f2', 'f3'], subscriptionPlans: [] }]);
    expect(within(section).getByText('Starter pack, Standard pack ... and 1 more')).toBeInTheDocument();
  });
});
