import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../schema/contracts/auth';
import InboxBadge from '../../web/features/chat/InboxBadge';
import { sessionAtom } from '../../web/lib/session';
import { json, mockApi, user } from './fetch-mock';

/** An inbox socket that stays quiet: the panel's names and links do not depend on what it says. */
class QuietSocket extends EventTarget {
  send() {}
  close() {}
}

function renderBadge(role: 'STUDENT' | 'PARENT' | 'TUTOR') {
  const person = user({ role: { name: role, isGuest: false } });
  const store = createStore();
  store.set(sessionAtom, { token: 'token-1', user: person as unknown as PublicUser, actingUserId: person._id as string });
  const router = createMemoryRouter([{ path: '*', element: <InboxBadge userId={person._id as string} /> }]);
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', QuietSocket);
  mockApi({ 'POST /api/rt/tickets': () => json({ ticket: 'ticket' }), 'GET /api/push/config': () => json({ publicKey: null }) });
});
afterEach(() => vi.unstubAllGlobals());

describe('the header’s Messages panel', () => {
  it('is titled for what it holds, as its button is named, and lets a student message the team', async () => {
    renderBadge('STUDENT');
    await userEvent.click(screen.getByRole('button', { name: 'Messages' }));
    const panel = screen.getByRole('region', { name: 'Messages' });
    expect(panel).not.toHaveTextContent('Notifications');
    expect(screen.getByRole('link', { name: 'Message the team' })).toHaveAttribute('href', '/portal/messages?new=team');
  });

  it('offers a parent the same', async () => {
    renderBadge('PARENT');
    await userEvent.click(screen.getByRole('button', { name: 'Messages' }));
    expect(screen.getByRole('link', { name: 'Message the team' })).toBeInTheDocument();
  });

  it('does not offer a tutor to start one', async () => {
    renderBadge('TUTOR');
    await userEvent.click(screen.getByRole('button', { name: 'Messages' }));
    expect(screen.getByRole('region', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message the team' })).not.toBeInTheDocument();
  });
});
