import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import { json, mockApi, TENANT, tokenAnswer, user } from './fetch-mock';
import { renderApp } from './render-app';

const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', email: 'admin@studyhall.test', role: { name: 'ADMIN', isGuest: false } });
const SAM = user();

/** A token-shaped string whose payload says who is acting; only the server can check the signature. */
const tokenWith = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;
const SAM_TOKEN = tokenWith({ sub: 'user_student', imp: 'user_admin' });

const base = {
  'GET /api/tenant': () => json(TENANT),
  'POST /api/meta-tags/get': () => json({ title: null, description: null }),
  'GET /api/admin/settings/permissions': () => json({ role: { _id: 'r', name: 'Admin' }, permissions: fullAdminPermissions }),
};

function storeSession(token: string, stored: Record<string, unknown>) {
  localStorage.setItem('studyhall.token', token);
  localStorage.setItem('studyhall.user', JSON.stringify(stored));
  localStorage.setItem('studyhall.actingUserId', stored._id as string);
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('impersonation banner', () => {
  it('is not there for a person’s own session', async () => {
    storeSession('plain-token', SAM);
    mockApi({ ...base, 'GET /api/user/authUser': () => json({ ...SAM, actingFor: SAM }) });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Sam' })).toBeInTheDocument();
    expect(screen.queryByTestId('impersonation-banner')).not.toBeInTheDocument();
  });

  it('names both people after a reload, and returns to the admin where they left off', async () => {
    storeSession(SAM_TOKEN, SAM);
    sessionStorage.setItem(
      'studyhall.impersonation',
      JSON.stringify({
        admin: { token: 'old-admin-token', user: ADMIN, actingUserId: 'user_admin' },
        impersonator: { _id: 'user_admin', firstname: 'Ada', lastname: 'Admin' },
        token: SAM_TOKEN,
        returnTo: '/portal/admin/roles',
      }),
    );
    const fetchMock = mockApi({
      ...base,
      'GET /api/user/authUser': () => json({ ...SAM, actingFor: SAM }),
      'POST /api/admin/users/return': () => json(tokenAnswer(ADMIN, 'fresh-admin-token')),
      'GET /api/admin/roles': () => json({ docs: [], totalDocs: 0, limit: 20, offset: 0 }),
      'GET /api/admin/tutor-roles': () => json({ docs: [], totalDocs: 0, limit: 20, offset: 0 }),
    });
    const router = renderApp('/dashboard');
    const banner = await screen.findByTestId('impersonation-banner');
    expect(banner).toHaveTextContent('You are signed in as Sam Student (acting as admin Ada Admin)');

    await userEvent.click(screen.getByRole('button', { name: 'Return to my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/portal/admin/roles'));
    expect(screen.queryByTestId('impersonation-banner')).not.toBeInTheDocument();
    expect(localStorage.getItem('studyhall.token')).toBe('fresh-admin-token');
    expect(JSON.parse(localStorage.getItem('studyhall.user')!)).toMatchObject({ _id: 'user_admin' });
    expect(sessionStorage.getItem('studyhall.impersonation')).toBeNull();
    const returnCall = fetchMock.mock.calls.find((c) => c[0] === '/api/admin/users/return')!;
    expect(new Headers(returnCall[1]?.headers).get('authorization')).toBe(`Bearer ${SAM_TOKEN}`);
  });

  it('still shows (and works) from the token alone when the tab was closed', async () => {
    storeSession(SAM_TOKEN, SAM);
    mockApi({
      ...base,
      'GET /api/user/authUser': () => json({ ...SAM, actingFor: SAM }),
      'POST /api/admin/users/return': () => json(tokenAnswer(ADMIN, 'fresh-admin-token')),
      'GET /api/admin/users': () => json({ docs: [], totalDocs: 0, limit: 20, offset: 0 }),
    });
    const router = renderApp('/dashboard');
    expect(await screen.findByTestId('impersonation-banner')).toHaveTextContent('You are signed in as Sam Student (acting as an admin)');
    await userEvent.click(screen.getByRole('button', { name: 'Return to my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/portal/admin/users'));
    expect(localStorage.getItem('studyhall.token')).toBe('fresh-admin-token');
  });

  it('appears after “Log in as this user” on a user’s page, with the user’s dashboard', async () => {
    storeSession('admin-token', ADMIN);
    const record = {
      ...SAM,
      role: 'STUDENT',
      phone: null,
      country: null,
      curriculum: null,
      grade: null,
      availabilityState: null,
      adminRoleId: null,
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
    const fetchMock = mockApi({
      ...base,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/users/user_student': () => json(record),
      'POST /api/admin/users/log-in-as-user': () =>
        json({ ...tokenAnswer(SAM, SAM_TOKEN), impersonator: { _id: 'user_admin', firstname: 'Ada', lastname: 'Admin' } }),
    });
    const router = renderApp('/portal/admin/users/user_student');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in as this user' }));
    await userEvent.type(await screen.findByLabelText(/Reason/), 'Checking his booking problem');
    await userEvent.click(screen.getByRole('button', { name: 'Log in as Sam' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Sam' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/learning-portal/dashboard');
    expect(screen.getByTestId('impersonation-banner')).toHaveTextContent('(acting as admin Ada Admin)');
    const call = fetchMock.mock.calls.find((c) => c[0] === '/api/admin/users/log-in-as-user')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ userId: 'user_student', reason: 'Checking his booking problem' });
    expect(JSON.parse(sessionStorage.getItem('studyhall.impersonation')!)).toMatchObject({
      admin: { token: 'admin-token' },
      returnTo: '/portal/admin/users/user_student',
    });
  });
});
