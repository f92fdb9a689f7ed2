import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserRecord } from '../../schema/contracts/admin-users';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, tokenAnswer, user } from './fetch-mock';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false } });
const SAM_USER = user();
const SAM: AdminUserRecord = {
  _id: 'user_student',
  firstname: 'Sam',
  lastname: 'Student',
  email: 'student@studyhall.test',
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
  plans: { flexiblePlans: [], subscriptionPlans: [] },
};

function open() {
  storeSession(ADMIN);
  const sent: unknown[] = [];
  const fetchMock = mockApi({
    ...baseApi,
    'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
    'GET /api/admin/users/user_student': () => json(SAM),
    'POST /api/admin/users/log-in-as-user': ({ json: body }) => {
      sent.push(body);
      return json({ ...tokenAnswer(SAM_USER, 'sam-token'), impersonator: { _id: 'user_admin', firstname: 'Ada', lastname: 'Admin' } });
    },
  });
  const router = renderApp('/portal/admin/users/user_student');
  return { sent, fetchMock, router };
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('log in as: the confirm dialog', () => {
  it('asks first, says what it means, and sends nothing on Cancel', async () => {
    const { sent } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Log in as this user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in as Sam Student?' });
    expect(dialog).toHaveTextContent('You will see the portal exactly as Sam does');
    expect(dialog).toHaveTextContent('The audit log records that you did it, with your reason');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
  });

  it('needs a reason of a sentence, naming the field, before it logs in', async () => {
    const { sent } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Log in as this user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in as Sam Student?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in as Sam' }));
    expect(await within(dialog).findByText(/^Reason is required/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'help');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in as Sam' }));
    expect(await within(dialog).findByText(/^Reason needs at least 10 characters/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('logs in with the reason and lands on Sam’s dashboard', async () => {
    const { sent, router } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Log in as this user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in as Sam Student?' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Checking his booking problem');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in as Sam' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/dashboard'));
    expect(sent).toEqual([{ userId: 'user_student', reason: 'Checking his booking problem' }]);
  });
});
