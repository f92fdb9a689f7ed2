import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GUEST, json, mockApi, TENANT, tokenAnswer, user } from './fetch-mock';
import { renderApp } from './render-app';

const base = {
  'GET /api/tenant': () => json(TENANT),
  'POST /api/meta-tags/get': () => json({ title: null, description: null }),
  'GET /api/curriculums/getCurriculumsForHomePage': () => json([]),
};

function storeSession(stored = user()) {
  localStorage.setItem('studyhall.token', 'stale-token');
  localStorage.setItem('studyhall.user', JSON.stringify(stored));
  localStorage.setItem('studyhall.actingUserId', stored._id as string);
}

const grantType = (call: unknown[]) => new URLSearchParams(String((call[1] as RequestInit | undefined)?.body)).get('grant_type');

afterEach(() => vi.unstubAllGlobals());

describe('app shell', () => {
  it('shows the loading screen, then fetches a guest session when there is no token', async () => {
    const fetchMock = mockApi({ ...base, 'POST /api/oauth/token': () => json(tokenAnswer(GUEST, 'guest-token')) });
    renderApp('/topical-past-papers');
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Topical past papers' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter((call) => call[0] === '/api/oauth/token').map(grantType)).toEqual(['client_credentials']);
    expect(localStorage.getItem('studyhall.token')).toBe('guest-token');
  });

  it('a 401 clears the session and goes to the portal root', async () => {
    storeSession();
    mockApi({
      ...base,
      'GET /api/user/authUser': () => json({ message: 'Your session has expired. Please sign in again.', errors: [] }, 401),
      'POST /api/oauth/token': () => json(tokenAnswer(GUEST, 'guest-token')),
    });
    const router = renderApp('/topical-past-papers');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/learning-portal\/?$/));
    await waitFor(() => expect(localStorage.getItem('studyhall.token')).toBe('guest-token'));
    expect(JSON.parse(localStorage.getItem('studyhall.user')!)).toMatchObject({ role: { isGuest: true } });
  });

  it('signs in from the address fragment and removes the token from the address', async () => {
    const fetchMock = mockApi({ ...base, 'POST /api/oauth/token': () => json(tokenAnswer(user(), 'fragment-token')) });
    const router = renderApp('/topical-past-papers#id_token=abc&user_id=user_student');
    expect(await screen.findByRole('heading', { name: 'Topical past papers' })).toBeInTheDocument();
    const form = new URLSearchParams(String(fetchMock.mock.calls.find((c) => c[0] === '/api/oauth/token')![1]?.body));
    expect(form.get('username')).toBe('tpToken:user_student');
    expect(router.state.location.hash).toBe('');
    expect(localStorage.getItem('studyhall.token')).toBe('fragment-token');
  });

  it('logs in, lands on Home and signs out to the portal root', async () => {
    const fetchMock = mockApi({
      ...base,
      'POST /api/oauth/token': ({ form }) =>
        form?.get('grant_type') === 'client_credentials' ? json(tokenAnswer(GUEST, 'guest-token')) : json(tokenAnswer(user(), 'student-token')),
      'POST /api/auth/sign-out': () => new Response(null, { status: 204 }),
    });
    const router = renderApp('/login');
    expect(await screen.findByTestId('demo-logins')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), 'student@studyhall.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'studyhall-demo{Enter}');

    expect(await screen.findByRole('heading', { name: 'Welcome back, Sam' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Your next lesson' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/learning-portal/portal');

    await userEvent.click(screen.getAllByRole('button', { name: /Account menu/ })[0]!);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/learning-portal\/?$/));
    expect(fetchMock.mock.calls.some((c) => c[0] === '/api/auth/sign-out')).toBe(true);
    await waitFor(() => expect(localStorage.getItem('studyhall.token')).toBe('guest-token'));
  });

  it('a failed login shows the error inline and as a toast, and clears the stored token and user', async () => {
    const fetchMock = mockApi({
      ...base,
      'POST /api/oauth/token': ({ form }) =>
        form?.get('grant_type') === 'client_credentials'
          ? json(tokenAnswer(GUEST, 'guest-token'))
          : json({ error: 'invalid_grant', error_description: 'Incorrect email or password', message: 'Incorrect email or password' }, 401),
    });
    renderApp('/login');
    await screen.findByTestId('demo-logins');
    await userEvent.type(screen.getByLabelText(/Email/), 'student@studyhall.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong{Enter}');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Incorrect email or password');
    expect(within(screen.getByRole('alert')).getByText('Incorrect email or password')).toBeInTheDocument();
    // The guest session was dropped with the failed login, so a fresh one is fetched.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/oauth/token').map(grantType)).toEqual(['client_credentials', 'password', 'client_credentials']),
    );
  });

  it('checks the form before sending and hides demo logins on a partner tenant', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/tenant': () => json({ ...TENANT, key: 'brightpath', name: 'BrightPath Tutors', isPartner: true }),
      'POST /api/oauth/token': () => json(tokenAnswer(GUEST, 'guest-token')),
    });
    renderApp('/login');
    expect(await screen.findByText(/Welcome back to BrightPath Tutors/)).toBeInTheDocument();
    expect(screen.queryByTestId('demo-logins')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/oauth/token')).toHaveLength(1);
  });

  it('sends a parent with linked students to manage-accounts, and a guest away from the dashboard', async () => {
    const parent = user({ _id: 'user_parent', firstname: 'Pat', userMapper: [{ _id: 's1', firstname: 'A', lastname: 'B' }] });
    mockApi({
      ...base,
      'POST /api/oauth/token': ({ form }) =>
        form?.get('grant_type') === 'client_credentials' ? json(tokenAnswer(GUEST, 'guest-token')) : json(tokenAnswer(parent, 'p')),
    });
    const router = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard');
    await screen.findByTestId('demo-logins');
    router.navigate('/login');
    await userEvent.type(await screen.findByLabelText(/Email/), 'parent@studyhall.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'studyhall-demo{Enter}');
    expect(await screen.findByRole('heading', { name: 'Manage accounts' })).toBeInTheDocument();
  });

  it('shows a coming-soon page for a screen later work delivers', async () => {
    mockApi({ ...base, 'POST /api/oauth/token': () => json(tokenAnswer(GUEST, 'guest-token')) });
    renderApp('/verifyNotesLink');
    expect(await screen.findByRole('heading', { name: 'Verify your notes link' })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
  });
});
