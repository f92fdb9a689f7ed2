import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, tokenAnswer, user } from './fetch-mock';
import { renderApp, startup } from './render-app';

afterEach(() => vi.unstubAllGlobals());

async function fillForm(overrides: Partial<Record<'firstname' | 'lastname' | 'email' | 'password', string>> = {}) {
  const values = { firstname: 'Nora', lastname: 'Newton', email: 'nora@example.com', password: 'a-long-password', ...overrides };
  if (values.firstname) await userEvent.type(screen.getByLabelText(/First name/), values.firstname);
  if (values.lastname) await userEvent.type(screen.getByLabelText(/Last name/), values.lastname);
  if (values.email) await userEvent.type(screen.getByLabelText(/Email/), values.email);
  if (values.password) await userEvent.type(screen.getByLabelText(/^Password/), values.password);
}

describe('sign-up page', () => {
  it("creates a student account with the browser's time zone, stores the session and asks what they study first", async () => {
    const created = user({ _id: 'user_nora', firstname: 'Nora', lastname: 'Newton', email: 'nora@example.com', onboarded: false });
    const fetchMock = mockApi({
      ...startup,
      'POST /api/sign-up': () => json(tokenAnswer(created, 'nora-token'), 201),
      'GET /api/user/authUser': () => json({ ...created, actingFor: created }),
    });
    const router = renderApp('/sign-up');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Student/ })).toBeChecked();
    await fillForm();
    await userEvent.selectOptions(screen.getByLabelText(/Country/), 'SG');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/onboarding'));
    const call = fetchMock.mock.calls.find((c) => c[0] === '/api/sign-up')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({
      firstname: 'Nora',
      lastname: 'Newton',
      email: 'nora@example.com',
      password: 'a-long-password',
      role: 'STUDENT',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      country: 'SG',
    });
    expect(new Headers(call[1]?.headers).get('authorization')).toBe('Bearer guest-token');
    expect(localStorage.getItem('studyhall.token')).toBe('nora-token');
  });

  it('signs a parent up and follows the redirect query', async () => {
    const parent = user({ _id: 'user_p', role: { name: 'PARENT', isGuest: false } });
    const fetchMock = mockApi({
      ...startup,
      'POST /api/sign-up': () => json(tokenAnswer(parent, 'p-token'), 201),
      'GET /api/user/authUser': () => json({ ...parent, actingFor: parent }),
    });
    const router = renderApp('/sign-up?redirect=%2Fportal%2Fprofile');
    await screen.findByRole('heading', { name: 'Create your account' });
    await userEvent.click(screen.getByRole('radio', { name: /Parent/ }));
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/portal/profile'));
    const body = JSON.parse(String(fetchMock.mock.calls.find((c) => c[0] === '/api/sign-up')![1]?.body));
    expect(body.role).toBe('PARENT');
    expect(body).not.toHaveProperty('country');
  });

  it("shows the shared schema's messages under the fields and sends nothing", async () => {
    const fetchMock = mockApi(startup);
    renderApp('/sign-up');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fillForm({ firstname: '', email: 'not-an-email', password: 'short' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some((c) => c[0] === '/api/sign-up')).toBe(false);
  });

  it('shows a taken email under the field and in the error toast, and stays signed out', async () => {
    const message = 'An account with this email already exists. Sign in or reset your password.';
    mockApi({ ...startup, 'POST /api/sign-up': () => json({ message: `email: ${message}`, errors: [{ path: 'email', message }] }, 409) });
    const router = renderApp('/sign-up');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fillForm({ email: 'student@studyhall.test' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByText(`email: ${message}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/learning-portal/sign-up');
    expect(localStorage.getItem('studyhall.token')).toBe('guest-token');
  });

  it('links to sign-in, keeping the redirect', async () => {
    mockApi(startup);
    renderApp('/sign-up?redirect=%2Fsubscriptions');
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/learning-portal/login?redirect=%2Fsubscriptions',
    );
  });
});
