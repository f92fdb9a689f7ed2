import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserAvailability } from '../../schema/contracts/availability';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
// Fourteen hours ahead of UTC: far from whatever zone the device running this is in.
const ZONE = device === 'Pacific/Kiritimati' ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
const THEO = user({ _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor', role: { name: 'TUTOR', isGuest: false }, timezone: ZONE });

const answer: UserAvailability = {
  userId: 'user_tutor',
  timezone: ZONE,
  items: [{ _id: 'a1', status: 'ENABLE', startDate: null, endDate: null, timezone: ZONE, weekly: { '1': [{ start: '09:00', end: '17:00' }] } }],
  timeOff: [{ _id: 'o1', start: '2031-01-05T01:00:00.000Z', end: '2031-01-05T09:00:00.000Z', reason: 'Vacations', note: '' }],
  bookingRules: { minNoticeMinutes: 720, bufferMinutes: 15, maxLessonsPerDay: 6, maxDaysAhead: 60 },
  availabilityState: 'available',
};

const local = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)).replace(' ', 'T');

function renderPage() {
  storeSession(THEO);
  const saved: unknown[] = [];
  mockApi({
    ...signedInApi(THEO),
    'GET /api/user-availability/user_tutor': () => json(answer),
    'PUT /api/user-availability/user_tutor': ({ json: body }) => {
      saved.push(body);
      return json(answer);
    },
  });
  const router = renderApp('/portal/availability');
  return { router, saved };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('availability page', { timeout: 30_000 }, () => {
  it('says what is wrong with a booking guard in a sentence naming it, in the units it is shown in, and offers reasons in words', async () => {
    const { saved } = renderPage();
    const notice = await screen.findByLabelText('Minimum notice (hours)', {}, { timeout: 10_000 });
    fireEvent.change(notice, { target: { value: '-1' } });
    fireEvent.change(screen.getByLabelText('Bookable days ahead'), { target: { value: '800' } });
    fireEvent.change(screen.getByLabelText('Minimum notice (hours)'), { target: { value: '400' } });
    await userEvent.click(screen.getAllByRole('button', { name: 'Save availability' })[0]!);
    expect(await screen.findByText('Minimum notice must be at most 336.')).toBeInTheDocument();
    expect(screen.getByText('Bookable days ahead must be at most 730.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Minimum notice (hours)'), { target: { value: '-1' } });
    await userEvent.click(screen.getAllByRole('button', { name: 'Save availability' })[0]!);
    expect(await screen.findByText('Minimum notice cannot be negative.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    const reasons = within(screen.getByRole('listitem', { name: 'Time off 1' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(reasons).toContain('Another lesson overlaps');
    expect(reasons).not.toContain('Due to a lesson Overlap');
  });

  it("reads and saves time off in the availability's zone, like the weekly hours, when the device is elsewhere", async () => {
    const { saved } = renderPage();
    const start = await screen.findByLabelText('Starts', {}, { timeout: 10_000 });
    // 01:00 UTC is 15:00 the same day in Kiritimati, whatever the device's clock says.
    expect(start).toHaveValue(ZONE === 'Pacific/Kiritimati' ? '2031-01-05T15:00' : local('2031-01-05T01:00:00.000Z'));
    expect(screen.getByTestId('time-off-zone')).toHaveTextContent(`Times off are in ${ZONE.replaceAll('_', ' ')}.`);

    await userEvent.click(screen.getByRole('button', { name: 'Add time off' }));
    const added = screen.getByRole('listitem', { name: 'Time off 2' });
    fireEvent.change(within(added).getByLabelText('Starts'), { target: { value: '2031-02-02T09:00' } });
    fireEvent.change(within(added).getByLabelText('Ends'), { target: { value: '2031-02-02T17:00' } });
    await userEvent.selectOptions(within(added).getByLabelText('Reason'), 'Vacations');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save availability' })[0]!);
    await waitFor(() => expect(saved).toHaveLength(1));
    const body = saved[0] as { timeOff: { start: string; end: string }[] };
    expect(body.timeOff[0]).toMatchObject({ start: '2031-01-05T01:00:00.000Z', end: '2031-01-05T09:00:00.000Z' });
    expect(local(body.timeOff[1]!.start)).toBe('2031-02-02T09:00');
    expect(local(body.timeOff[1]!.end)).toBe('2031-02-02T17:00');
  });

  it('asks before leaving with unsaved changes: Stay keeps them, Leave goes', async () => {
    const { router } = renderPage();
    await screen.findByLabelText('Starts', {}, { timeout: 10_000 });
    // Nothing changed yet: leaving asks nothing.
    await act(() => router.navigate('/portal/profile'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
    await act(() => router.navigate('/portal/availability'));
    await userEvent.click(await screen.findByRole('button', { name: 'Add time off' }, { timeout: 10_000 }));

    await act(() => router.navigate('/portal/courses'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes to your hours will be lost.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/learning-portal/portal/availability');
    expect(screen.getByRole('listitem', { name: 'Time off 2' })).toBeInTheDocument();

    await act(() => router.navigate('/portal/courses'));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/portal/courses'));
  });
});
