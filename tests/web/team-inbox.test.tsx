import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../schema/contracts/auth';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import type { TeamInboxPage, TeamThread } from '../../schema/contracts/team-inbox';
import InboxBadge from '../../web/features/chat/InboxBadge';
import { sessionAtom } from '../../web/lib/session';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

const FIRST_PAINT = { timeout: 5000 };
const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', lastname: 'Admin', role: { name: 'ADMIN', isGuest: false } });
const CARA = { _id: 'user_cara', firstname: 'Cara', lastname: 'Chat' };

const thread = (overrides: Partial<TeamThread> = {}): TeamThread => ({
  _id: 'thread_sam',
  conversationId: 'conversation_sam',
  user: { _id: 'user_student', firstname: 'Sam', lastname: 'Student', role: 'STUDENT' },
  status: 'OPEN',
  assignee: null,
  lastMessage: 'When is my next lesson?',
  lastMessageAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  waiting: 1,
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

/** An inbox socket that opens and says, once, what waits for the team. */
function inboxSaying(frame: Record<string, unknown>) {
  return class TalkingSocket extends EventTarget {
    constructor() {
      super();
      setTimeout(() => {
        this.dispatchEvent(new Event('open'));
        this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
      }, 0);
    }
    send() {}
    close() {}
  };
}

describe('the team inbox page', () => {
  it('lists what waits, gives a thread to a teammate and marks it done, which takes it off the open list', async () => {
    const puts: unknown[] = [];
    mockApi({
      ...signedInApi(ADMIN),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
      'GET /api/admin/team-inbox': () => json({ docs: [thread()], totalDocs: 1, limit: 20, offset: 0, teammates: [CARA] } satisfies TeamInboxPage),
      'PUT /api/admin/team-inbox/thread_sam': ({ json: body }) => {
        puts.push(body);
        const change = body as Partial<TeamThread> & { assigneeId?: string };
        return json(thread({ ...(change.status ? { status: change.status } : {}), ...(change.assigneeId ? { assignee: CARA } : {}) }));
      },
    });
    storeSession(ADMIN);
    renderApp('/portal/admin/inbox');
    const row = await screen.findByTestId('team-thread', {}, FIRST_PAINT);
    expect(within(row).getByRole('link', { name: 'Sam Student' })).toHaveAttribute(
      'href',
      '/learning-portal/portal/admin/users/user_student?conversation=conversation_sam',
    );
    expect(within(row).getByTestId('thread-waiting')).toHaveTextContent('1 waiting');
    expect(row).toHaveTextContent('When is my next lesson?');

    await userEvent.selectOptions(within(row).getByLabelText('Looked after by'), 'user_cara');
    await waitFor(() => expect(puts).toEqual([{ assigneeId: 'user_cara' }]));
    expect(within(row).getByLabelText('Looked after by')).toHaveValue('user_cara');

    await userEvent.click(within(row).getByRole('button', { name: 'Mark the conversation with Sam Student done' }));
    await waitFor(() => expect(screen.queryByTestId('team-thread')).toBeNull());
    expect(puts[1]).toEqual({ status: 'DONE' });
    expect(await screen.findByText('Conversation marked done.')).toBeInTheDocument();
  });

  it('says plainly when nothing waits', async () => {
    mockApi({
      ...signedInApi(ADMIN),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
      'GET /api/admin/team-inbox': () => json({ docs: [], totalDocs: 0, limit: 20, offset: 0, teammates: [] }),
    });
    storeSession(ADMIN);
    renderApp('/portal/admin/inbox');
    expect(
      await screen.findByText('Nothing is waiting. When a student or parent writes to the team, their conversation shows here.', {}, FIRST_PAINT),
    ).toBeInTheDocument();
  });
});

describe('the header badge of someone on the team', () => {
  it('counts what waits in the team inbox and links to it, instead of the admin’s own team messages', async () => {
    vi.stubGlobal(
      'WebSocket',
      inboxSaying({ type: 'receiveUserNotificationData', notifications: [], totalDocs: 0, offset: 0, totalUnseen: 0, news: [], teamWaiting: 2 }),
    );
    mockApi({ 'POST /api/rt/tickets': () => json({ ticket: 'ticket' }), 'GET /api/push/config': () => json({ publicKey: null }) });
    const store = createStore();
    store.set(sessionAtom, { token: 'token-1', user: ADMIN as unknown as PublicUser, actingUserId: ADMIN._id as string });
    const router = createMemoryRouter([{ path: '*', element: <InboxBadge userId={ADMIN._id as string} /> }]);
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByTestId('inbox-badge')).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: 'Messages, 2 unseen' }));
    expect(screen.getByTestId('team-inbox-link')).toHaveAttribute('href', '/portal/admin/inbox');
    expect(screen.getByTestId('team-inbox-link')).toHaveTextContent('Team inbox2 waiting');
    expect(screen.queryByRole('link', { name: /Messages from the/ })).toBeNull();
  });
});
