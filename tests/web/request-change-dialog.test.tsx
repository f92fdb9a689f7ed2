import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RequestChangeDialog from '../../web/entities/availability/lesson-requests/RequestChangeDialog';
import { slotTime } from '../../web/entities/availability/slot-times';
import Toaster from '../../web/ui/toast/Toaster';
import { json, mockApi } from './fetch-mock';

const LESSON = { _id: 'lesson_1', title: 'Algebra', start: '2030-01-07T09:00:00.000Z', duration: 60, tutorId: 'theo', when: 'Mon, 7 Jan 2030, 09:00 GMT' };
const ZONE = 'Europe/London';
const LATE = {
  penalty: true,
  penaltyAmount: 1500,
  currency: 'SGD',
  reason: "less than 24 hours before the lesson: 50% of the lesson's amount",
  policyVersion: 3,
};
const FREE = { start: '2030-01-08T10:00:00.000Z', end: '2030-01-08T11:00:00.000Z', user: 'theo', timezone: ZONE };

function renderDialog(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  const onSent = vi.fn();
  render(
    <Provider store={createStore()}>
      <RequestChangeDialog open lesson={LESSON} zone={ZONE} onClose={() => undefined} onSent={onSent} />
      <Toaster />
    </Provider>,
  );
  return { fetchMock, onSent };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('asking to change a lesson', () => {
  it('shows the penalty and why before anything can be sent, then sends exactly the previewed request', async () => {
    const { fetchMock, onSent } = renderDialog({
      'GET /api/user-availability/slots/theo': () => json([]),
      'POST /api/meeting-requests/preview': () => json(LATE),
      'POST /api/meeting-requests': ({ json: body }) => json({ ...(body as object), message: 'Cancellation Request Sent!' }, 201),
    });
    await userEvent.click(screen.getByRole('radio', { name: /Cancel this lesson/ }));
    const notice = await screen.findByTestId('penalty-notice');
    expect(notice).toHaveTextContent('Penalty: SGD 15.00');
    expect(notice).toHaveTextContent("Less than 24 hours before the lesson: 50% of the lesson's amount.");
    expect(notice).toHaveTextContent('Cancellation policy version 3.');
    const send = screen.getByRole('button', { name: 'Send request' });
    await userEvent.click(send);
    expect(await screen.findByText(/Please write a reason/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/meeting-requests' && init?.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByLabelText(/Why\?/), 'Family trip');
    await userEvent.click(send);
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/meeting-requests');
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ sectionId: 'lesson_1', type: 'CANCEL', reason: 'Family trip' });
    expect(await screen.findByText('Cancellation Request Sent!')).toBeInTheDocument();
  });

  it('offers the tutor’s free times without counting this lesson as busy, and previews the move only once a time is picked', async () => {
    const { fetchMock } = renderDialog({
      'GET /api/user-availability/slots/theo': () => json([FREE]),
      'POST /api/meeting-requests/preview': () => json({ ...LATE, penalty: false, penaltyAmount: 0, reason: '24 hours or more before the lesson: no penalty' }),
    });
    expect(await screen.findByText('Pick a new time to see what moving the lesson costs.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send request' })).toBeDisabled();
    const slots = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/slots/'));
    expect(slots[0]).toContain('sectionId=lesson_1');
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(slotTime(FREE.start, ZONE)) }));
    const notice = await screen.findByTestId('penalty-notice');
    expect(notice).toHaveTextContent('No penalty');
    const preview = fetchMock.mock.calls.find(([url]) => String(url) === '/api/meeting-requests/preview');
    expect(JSON.parse(String(preview![1]!.body))).toEqual({ sectionId: 'lesson_1', type: 'RESCHEDULE', newStart: FREE.start });
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();
  });

  it('says in words when the policy does not allow the request, and keeps Send off', async () => {
    renderDialog({
      'GET /api/user-availability/slots/theo': () => json([]),
      'POST /api/meeting-requests/preview': () =>
        json({ message: 'Requests to cancel a lesson close 2 hours before it starts, and this lesson starts sooner than that.', errors: [] }, 409),
    });
    await userEvent.click(screen.getByRole('radio', { name: /Cancel this lesson/ }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Requests to cancel a lesson close 2 hours before it starts');
    expect(screen.getByRole('button', { name: 'Send request' })).toBeDisabled();
  });
});
