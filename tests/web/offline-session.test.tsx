import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, Unreachable } from '../../web/lib/api';
import { errorToastText } from '../../web/lib/errors';
import { json, mockApi, TENANT, user } from './fetch-mock';
import { renderApp } from './render-app';

const SCHEDULE = {
  docs: [
    {
      _id: 'section_1',
      title: 'Mathematics lesson 2',
      kind: 'ZOOM',
      start: new Date(Date.now() + 3 * 60 * 60_000).toISOString(),
      end: new Date(Date.now() + 4 * 60 * 60_000).toISOString(),
      duration: 60,
      status: 'ACTIVE',
      lessonStatus: 'scheduled',
      joinOpensAt: new Date(Date.now() + 2.75 * 60 * 60_000).toISOString(),
      joinClosesAt: new Date(Date.now() + 4 * 60 * 60_000).toISOString(),
      canJoin: false,
      lessonKind: null,
      lessonType: '1 on 1',
      joinUrl: '/learning-portal/waiting-room/section_1',
      cancelReason: null,
      course: { _id: 'course_1', title: 'IGCSE Mathematics with Theo', subject: 'Mathematics', curriculum: 'IGCSE', grade: '10' },
      attendees: [],
    },
  ],
  totalDocs: 1,
  limit: 100,
  offset: 0,
};

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('studyhall.token', 'token-1');
  localStorage.setItem('studyhall.user', JSON.stringify(user()));
  localStorage.setItem('studyhall.actingUserId', 'user_student');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a session reopened offline', () => {
  it('stays signed in as the last known person, says it is offline, and the home shows its last data with its time', async () => {
    mockApi({
      'GET /api/tenant': () =>
        json({
          ...TENANT,
          theme: { primary: '#2244aa', primaryDark: '#3355bb' },
          branding: { ...TENANT.branding, colours: { ...TENANT.branding.colours, brandColour: '#2244aa', brandColourDark: '#3355bb' } },
        }),
      'GET /api/user/authUser': () => json({ ...user(), actingFor: null }),
      'POST /api/meta-tags/get': () => json({ title: null, description: null }),
      'GET /api/schedule/list/user_student': () => json(SCHEDULE),
      'GET /api/quizzes': () => json({ docs: [], totalDocs: 0, limit: 6, offset: 0 }),
      'GET /api/quizzes/history': () => json({ docs: [], totalDocs: 0, limit: 6, offset: 0 }),
    });
    const online = renderApp('/portal');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Sam' })).toBeInTheDocument();
    expect(await within(await screen.findByTestId('next-lesson')).findByText('Mathematics lesson 2')).toBeInTheDocument();
    online.dispose();
    document.body.innerHTML = '';
    document.documentElement.style.removeProperty('--tenant-primary');

    goOffline();
    const router = renderApp('/portal');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Sam' })).toBeInTheDocument();
    expect(screen.getByTestId('offline-chip')).toHaveTextContent('Offline');
    const next = await screen.findByTestId('next-lesson');
    expect(await within(next).findByText('Mathematics lesson 2')).toBeInTheDocument();
    expect(within(next).getByTestId('fetched-at')).toHaveTextContent(/^Offline: as of /);
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--tenant-primary')).toBe('#2244aa'));
    expect(router.state.location.pathname).toBe('/learning-portal/portal');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the schedule it last fetched, labelled with when', async () => {
    mockApi({
      'GET /api/tenant': () => json(TENANT),
      'GET /api/user/authUser': () => json({ ...user(), actingFor: null }),
      'POST /api/meta-tags/get': () => json({ title: null, description: null }),
      'GET /api/schedule/list/user_student': () => json(SCHEDULE),
    });
    const online = renderApp('/portal/schedule?view=agenda');
    expect(await screen.findByText('Mathematics lesson 2', { exact: false })).toBeInTheDocument();
    expect(screen.queryByTestId('fetched-at')).toBeNull();
    online.dispose();
    document.body.innerHTML = '';

    goOffline();
    renderApp('/portal/schedule?view=agenda');
    expect(await screen.findByText('Mathematics lesson 2', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('fetched-at')).toHaveTextContent(/^Offline: showing your schedule as of /);
  });

  it('tells a person in their words when an action needs the server', async () => {
    goOffline();
    const failure = await api('/courses', { method: 'POST', json: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Unreachable);
    expect(errorToastText(failure)).toBe("You're offline. This needs the internet: try again when you're back online.");
  });

  it('shows the in-app offline page for a page that was never opened before', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { default: LoadFailure } = await import('../../web/ui/LoadFailure');
    render(<LoadFailure onRetry={() => undefined} />);
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeInTheDocument();
    expect(screen.getByText(/This page needs the internet/)).toBeInTheDocument();
  });
});
