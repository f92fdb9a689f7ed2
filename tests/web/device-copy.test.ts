import { beforeEach, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../web/lib/api';
import { keepDeviceCopy, withDeviceCopy } from '../../web/lib/device-copy';

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const refused = () => Promise.reject(new ApiFailure(403, { message: 'Not yours' }));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('studyhall.actingUserId', 'user_sam');
});

describe('a copy kept on the device', () => {
  it('answers with the last fetched value and its time when the network is down', async () => {
    const online = await withDeviceCopy('schedule', async () => ['lesson 1']);
    expect(online).toMatchObject({ value: ['lesson 1'], fromDevice: false });
    const later = await withDeviceCopy('schedule', offline);
    expect(later).toEqual({ value: ['lesson 1'], fetchedAt: online.fetchedAt, fromDevice: true });
  });

  it('never covers up a refusal from the server, nor answers when nothing was kept', async () => {
    await withDeviceCopy('schedule', async () => ['lesson 1']);
    await expect(withDeviceCopy('schedule', refused)).rejects.toThrow('Not yours');
    await expect(withDeviceCopy('dashboard', offline)).rejects.toThrow('Failed to fetch');
  });

  it('is not read by someone else on the same device', async () => {
    keepDeviceCopy('schedule', ['Sam’s lesson']);
    localStorage.setItem('studyhall.actingUserId', 'user_maya');
    await expect(withDeviceCopy('schedule', offline)).rejects.toThrow('Failed to fetch');
  });
});

describe('a chat room kept on the device', () => {
  it('opens with its conversations and newest messages, and asks the server again for the rest', async () => {
    const { chatStateFromDevice, keepChatOnDevice } = await import('../../web/features/chat/chat-device-copy');
    const { emptyChatState } = await import('../../web/features/chat/chat-state');
    expect(chatStateFromDevice('chat:course:c1')).toEqual(emptyChatState);
    const messages = Array.from({ length: 60 }, (_, seq) => ({ _id: `m${seq}`, seq }));
    const shown = {
      ...emptyChatState,
      userId: 'user_sam',
      verified: true,
      conversations: [{ _id: 'conv-1' }],
      messages: { 'conv-1': messages },
      hasMore: { 'conv-1': true },
      typing: { 'conv-1': ['Theo'] },
    } as unknown as Parameters<typeof keepChatOnDevice>[1];
    keepChatOnDevice('chat:course:c1', shown);
    const reopened = chatStateFromDevice('chat:course:c1');
    expect(reopened.conversations).toEqual([{ _id: 'conv-1' }]);
    expect(reopened.messages['conv-1']!.map((m) => m._id)).toEqual(messages.slice(-50).map((m) => m._id));
    expect(reopened).toMatchObject({ userId: 'user_sam', verified: false, hasMore: {}, typing: {} });
  });
});
