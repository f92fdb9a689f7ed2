import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../schema/contracts/chat';
import MessageList from '../../web/features/chat/MessageList';
import { messageDayLabel } from '../../web/features/chat/message-times';
import { storeSession } from './app-harness';
import { user } from './fetch-mock';

const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
// Fourteen hours ahead of UTC, so the profile's clock differs from any device this runs on by hours, and often by a day.
const profileZone = device === 'Pacific/Kiritimati' ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
const sentAt = '2030-01-07T21:30:00.000Z';

const message = {
  _id: 'm1',
  clientId: 'c1',
  message: 'See you tomorrow',
  conversation: 'conv',
  createdAt: sentAt,
  course: null,
  sender: { _id: 'theo', firstname: 'Theo', lastname: 'Tutor', avatar: null },
  status: [],
} as unknown as ChatMessage;

beforeEach(() => {
  localStorage.clear();
  // happy-dom lays nothing out; the virtualised list draws rows only into a scroller with a height.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
});
afterEach(() => vi.restoreAllMocks());

describe('chat times', () => {
  it("shows a message's time and day in the person's profile zone, not the device's", async () => {
    storeSession(user({ timezone: profileZone }));
    render(
      <Provider store={createStore()}>
        <MessageList userId="user_student" group={false} messages={[message]} pending={[]} hasMore={false} onLoadOlder={() => {}} />
      </Provider>,
    );
    const expected = new Intl.DateTimeFormat('en-GB', { timeZone: profileZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(sentAt));
    const onDevice = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(sentAt));
    expect(expected).not.toBe(onDevice);
    expect(await screen.findByText(expected)).toHaveAttribute('dateTime', sentAt);
    // 21:30 UTC on Monday 7 January is already Tuesday 8 January at 11:30 in Kiritimati.
    if (profileZone === 'Pacific/Kiritimati') {
      expect(expected).toBe('11:30');
      expect(screen.getByText(/^Tuesday,? 8 January 2030$/)).toBeInTheDocument();
    }
  });

  it('heads the days Today and Yesterday by the calendar of the profile zone', () => {
    const now = new Date('2030-01-08T02:00:00.000Z');
    // At 02:00 UTC it is 16:00 on the 8th in Kiritimati but 21:00 on the 7th in New York.
    expect(messageDayLabel(new Date('2030-01-07T05:00:00.000Z'), 'Pacific/Kiritimati', now)).toBe('Yesterday');
    expect(messageDayLabel(new Date('2030-01-07T05:00:00.000Z'), 'America/New_York', now)).toBe('Today');
    expect(messageDayLabel(new Date('2030-01-05T12:00:00.000Z'), 'America/New_York', now)).toMatch(/^Saturday,? 5 January 2030$/);
  });
});
