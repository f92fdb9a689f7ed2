import { render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../schema/contracts/auth';
import { fullAdminPermissions, type PermissionMap } from '../../schema/contracts/permissions';
import AdminHome from '../../web/pages/portal/AdminHome';
import { todayNote, todayRange } from '../../web/pages/portal/home-time';
import { storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

// 20:00 UTC on Tuesday 24 November is already 10:00 on Wednesday 25 November in Kiritimati (UTC+14).
const NOW = Date.parse('2026-11-24T20:00:00.000Z');
const empty = { docs: [], totalDocs: 0, limit: 50, offset: 0 };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The admin home of a signed-in admin whose role grants `permissions`, each render with a fresh session store. */
function renderAdminHome(zone: string, home: () => Response, permissions: PermissionMap = fullAdminPermissions) {
  const admin = user({ _id: 'user_admin', firstname: 'Ada', role: { name: 'ADMIN', isGuest: false }, timezone: zone }) as PublicUser;
  storeSession(admin);
  const fetchMock = mockApi({
    'GET /api/admin/schedule/meetings': () => json(empty),
    'GET /api/admin/trials': () => json(empty),
    'GET /api/admin/settings/permissions': () => json({ role: null, permissions }),
    'GET /api/home': home,
    'GET /api/admin/meeting-requests': () => json({ ...empty, totalDocs: 3 }),
  });
  render(
    <Provider>
      <MemoryRouter>
        <AdminHome user={admin} zone={zone} now={NOW} />
      </MemoryRouter>
    </Provider>,
  );
  return fetchMock;
}

const emptyHome = () => json({ homeworkDue: [], quizzesInProgress: [], waitingNow: [], lateTutors: [], children: [], familySchedule: [] });

describe('today on a home is the day in the profile zone', () => {
  it('runs from local midnight to the next local midnight, far from UTC on either side', () => {
    expect(todayRange('Pacific/Kiritimati', NOW)).toEqual({ startDate: '2026-11-24T10:00:00.000Z', endDate: '2026-11-25T10:00:00.000Z' });
    expect(todayRange('Pacific/Pago_Pago', NOW)).toEqual({ startDate: '2026-11-24T11:00:00.000Z', endDate: '2026-11-25T11:00:00.000Z' });
    expect(todayRange('Asia/Kolkata', NOW)).toEqual({ startDate: '2026-11-24T18:30:00.000Z', endDate: '2026-11-25T18:30:00.000Z' });
  });

  it('keeps to midnight on the days the clocks change, which last 23 and 25 hours', () => {
    expect(todayRange('America/New_York', Date.parse('2026-03-08T15:00:00Z'))).toEqual({
      startDate: '2026-03-08T05:00:00.000Z',
      endDate: '2026-03-09T04:00:00.000Z',
    });
    expect(todayRange('America/New_York', Date.parse('2026-11-01T15:00:00Z'))).toEqual({
      startDate: '2026-11-01T04:00:00.000Z',
      endDate: '2026-11-02T05:00:00.000Z',
    });
  });

  it('names the day, and the zone when the device keeps another clock', () => {
    expect(todayNote('Pacific/Kiritimati', NOW, 'Europe/London')).toBe('Wednesday 25 November · Line Islands Time');
    expect(todayNote('Europe/London', NOW, 'Europe/London')).toBe('Tuesday 24 November');
  });

  it("asks the admin's lessons for the profile zone's today and says which day that is", async () => {
    const fetchMock = renderAdminHome('Pacific/Kiritimati', emptyHome);
    const today = within(await screen.findByTestId('today-lessons'));
    expect(await today.findByText('No lessons today.')).toBeInTheDocument();
    expect(today.getByTestId('section-note')).toHaveTextContent(/^Wednesday 25 November/);
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).find((url) => url.pathname.endsWith('/meetings'));
    expect(asked?.searchParams.get('startDate')).toBe('2026-11-24T10:00:00.000Z');
    expect(asked?.searchParams.get('endDate')).toBe('2026-11-25T10:00:00.000Z');
  });

  it('says a late-tutor list that failed is asked for again, with no reload needed', async () => {
    renderAdminHome('Europe/London', () => json({ message: 'Something went wrong on our side', errors: [] }, 503));
    expect(await within(await screen.findByTestId('late-tutors')).findByText('Late tutors could not be loaded. Trying again shortly.')).toBeInTheDocument();
  });

  it('shows late tutors only to an admin who may open Admin → Meetings', async () => {
    renderAdminHome('Europe/London', emptyHome, { adminUsers: ['view'] });
    // The tools the role opens show once its permissions have loaded.
    expect(await screen.findByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByTestId('late-tutors')).not.toBeInTheDocument();
  });

  it('says how many meeting requests wait beside their link', async () => {
    renderAdminHome('Europe/London', emptyHome);
    expect(await screen.findByRole('link', { name: 'Meeting requests 3 waiting' })).toHaveAttribute('href', '/portal/admin/meeting-requests');
  });
});
