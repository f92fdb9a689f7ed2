import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../schema/contracts/auth';
import { tenantAtom } from '../../web/entities/tenant/atoms';
import TeamMessagesPage from '../../web/features/chat/TeamMessagesPage';
import { sessionAtom } from '../../web/lib/session';
import { json, mockApi, TENANT, user } from './fetch-mock';

/** A socket the test plays the admin room for. */
class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  readonly sent: Record<string, unknown>[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
    queueMicrotask(() => this.dispatchEvent(new Event('open')));
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {}
  server(frame: object) {
    act(() => {
      this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
    });
  }
}

const ada = { _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', avatar: null, isOnline: true, lastSeen: null };
const sam = { _id: 'user_student', firstname: 'Sam', lastname: 'Student', avatar: null, isOnline: true, lastSeen: null };
const conversation = {
  _id: 'conv-1',
  course: null,
  users: [ada, sam],
  lastMessageTime: '2031-01-01T10:00:00.000Z',
  lastMessage: 'Your invoice is ready',
  unSeenCount: 1,
};

async function openRoom(path: string, conversations: object[]) {
  const store = createStore();
  store.set(sessionAtom, { token: 'token-1', user: user() as unknown as PublicUser, actingUserId: 'user_student' });
  store.set(tenantAtom, TENANT);
  const router = createMemoryRouter([{ path: '/portal/messages', element: <TeamMessagesPage /> }], { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  const socket = FakeSocket.all[0]!;
  await waitFor(() => expect(socket.sent.map((f) => f.type)).toContain('verifyChatConnection'));
  socket.server({ type: 'syncAdminChatUserConnection', userId: 'user_student', mode: 'admin', lastSeq: 0, editMode: false, contacts: [] });
  await waitFor(() => expect(socket.sent.map((f) => f.type)).toContain('adminChatGetConversations'));
  socket.server({ type: 'receiveAdminConversations', conversations });
  return socket;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  mockApi({ 'POST /api/rt/tickets': ({ json: body }) => json({ ticket: `ticket-for-${(body as { room: string }).room}` }) });
});
afterEach(() => vi.unstubAllGlobals());

describe('team messages (the user side of the admin chat)', () => {
  it("connects to the person's own admin room and lists the team's conversations, without offering to start one", async () => {
    const socket = await openRoom('/portal/messages', [conversation]);
    expect(socket.url).toContain('/api/rt/chat/admin/user_student?ticket=ticket-for-chat-admin%2Fuser_student');
    expect(screen.getByRole('heading', { name: 'Messages from the Studyhall team', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Ada Admin/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New conversation' })).not.toBeInTheDocument();
  });

  it('opens the linked conversation straight away and loads its messages', async () => {
    const socket = await openRoom('/portal/messages?conversation=conv-1', [conversation]);
    expect(await screen.findByRole('heading', { name: 'Ada Admin' })).toBeInTheDocument();
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'adminChatGetConversationMessages', conversationId: 'conv-1' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('falls back to the list for a link to a conversation that is not in this room', async () => {
    const socket = await openRoom('/portal/messages?conversation=someone-elses', [conversation]);
    expect(await screen.findByRole('button', { name: /Ada Admin/ })).toBeInTheDocument();
    expect(socket.sent.some((f) => f.conversationId === 'someone-elses')).toBe(false);
  });

  it('starts a conversation with the team from “Message the team” and opens it, even before any message', async () => {
    const socket = await openRoom('/portal/messages', []);
    const button = await screen.findByRole('button', { name: 'Message the team' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(socket.sent).toContainEqual({ type: 'adminChatStartNewConversation', users: [] });
    const team = { _id: 'conv-team', course: null, users: [sam], lastMessageTime: null, lastMessage: null, unSeenCount: 0 };
    socket.server({ type: 'receiveNewAdminConversation', conversation: team });
    expect(await screen.findByRole('heading', { name: 'The team', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Anyone on the team can answer')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('starts the team conversation straight away when the header’s “Message the team” links here', async () => {
    const socket = await openRoom('/portal/messages?new=team', []);
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'adminChatStartNewConversation', users: [] }));
    expect(socket.sent.filter((f) => f.type === 'adminChatStartNewConversation')).toHaveLength(1);
  });

  it('explains the empty state', async () => {
    await openRoom('/portal/messages', []);
    expect(await screen.findByText(/No messages from the team yet/)).toBeInTheDocument();
  });
});
