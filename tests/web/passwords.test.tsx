import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from './fetch-mock';
import { renderApp, startup } from './render-app';

afterEach(() => vi.unstubAllGlobals());

const SENT = 'If an account exists for this email, we have sent a link to reset the password.';
const INVALID = 'This reset link is invalid or has expired. Ask for a new one.';

describe('login page links', () => {
  it('offers "Forgot password?" (carrying the typed email) and "Create an account" (carrying the redirect)', async () => {
    mockApi(startup);
    renderApp('/login?redirect=%2Fsubscriptions');
    await screen.findByRole('heading', { name: 'Sign in' });
    await userEvent.type(screen.getByLabelText(/Email/), 'sam@example.com');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/learning-portal/forgot-password?email=sam%40example.com');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/learning-portal/sign-up?redirect=%2Fsubscriptions');
  });

  it('shows the reset success message for resetSuccess', async () => {
    mockApi(startup);
    renderApp('/login?resetSuccess=1');
    expect(await screen.findByText('Your password was reset. Sign in with your new password.')).toBeInTheDocument();
  });
});

describe('forgot-password page', () => {
  it('asks for a link and goes to reset-password with the email query', async () => {
    const fetchMock = mockApi({ ...startup, 'POST /api/auth/forgot-password': () => json({ message: SENT }) });
    const router = renderApp('/forgot-password?email=Sam%40Example.com');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    expect(screen.getByLabelText(/Email/)).toHaveValue('Sam@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/reset-password'));
    expect(router.state.location.search).toBe('?email=sam%40example.com');
    expect(JSON.parse(String(fetchMock.mock.calls.find((c) => c[0] === '/api/auth/forgot-password')![1]?.body))).toEqual({ email: 'sam@example.com' });
    expect(await screen.findByText(SENT)).toBeInTheDocument();
  });

  it('checks the email before sending', async () => {
    const fetchMock = mockApi(startup);
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Enter your email address')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => c[0] === '/api/auth/forgot-password')).toBe(false);
  });
});

describe('reset-password page', () => {
  it('from the link: sets the new password with email and token from the query, then shows the login page with resetSuccess', async () => {
    const fetchMock = mockApi({ ...startup, 'POST /api/auth/reset-password': () => json({ message: 'ok' }) });
    const router = renderApp('/reset-password?email=sam%40example.com&token=tok-123');
    expect(await screen.findByText('Choose a new password for sam@example.com.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Reset code/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^New password/), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText(/Repeat new password/), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/login'));
    expect(router.state.location.search).toBe('?resetSuccess=1');
    expect(await screen.findByText('Your password was reset. Sign in with your new password.')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls.find((c) => c[0] === '/api/auth/reset-password')![1]?.body))).toEqual({
      email: 'sam@example.com',
      token: 'tok-123',
      password: 'brand-new-pass',
    });
  });

  it('after asking for a link: takes a pasted code, and checks both passwords match before sending', async () => {
    const fetchMock = mockApi({ ...startup, 'POST /api/auth/reset-password': () => json({ message: 'ok' }) });
    renderApp('/reset-password?email=sam%40example.com');
    await screen.findByRole('heading', { name: 'Reset your password' });
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('Paste the code from the e-mail')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Reset code/), 'pasted-code');
    await userEvent.type(screen.getByLabelText(/^New password/), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText(/Repeat new password/), 'brand-new-typo');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => c[0] === '/api/auth/reset-password')).toBe(false);
  });

  it('shows a used or expired token in the error toast and offers a new link', async () => {
    mockApi({ ...startup, 'POST /api/auth/reset-password': () => json({ message: `token: ${INVALID}`, errors: [{ path: 'token', message: INVALID }] }, 400) });
    const router = renderApp('/reset-password?email=sam%40example.com&token=old');
    await screen.findByRole('heading', { name: 'Reset your password' });
    await userEvent.type(screen.getByLabelText(/^New password/), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText(/Repeat new password/), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await within(screen.getByRole('alert')).findByText(`token: ${INVALID}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe('/learning-portal/forgot-password?email=sam%40example.com');
    expect(router.state.location.pathname).toBe('/learning-portal/reset-password');
  });
});
