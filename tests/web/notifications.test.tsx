import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultNotificationPreferences, type NotificationPage, type NotificationRecord } from '../../schema/contracts/notifications';
import { noticeNewsAtom } from '../../web/entities/notifications/notice-news';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

const FIRST_PAINT = { timeout: 5000 };
const SAM = user();

const notice = (overrides: Partial<NotificationRecord> = {}): NotificationRecord => ({
  _id: 'notice_1',
  kind: 'lessons',
  title: 'Lesson booked: Mathematics with Theo, Tue 3 Dec, 16:00',
  body: 'Mathematics with Theo with Theo Tutor is booked for Tue 3 Dec, 16:00 (45 minutes).',
  link: '/portal/courses/course_1',
  readAt: null,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  ...overrides,
});
const pageOf = (docs: NotificationRecord[]): NotificationPage => ({
  docs,
  totalDocs: docs.length,
  limit: 20,
  offset: 0,
  unread: docs.filter((d) => !d.readAt).length,
});

describe('the notifications page', () => {
  it('lists the notices, marks all read, and saves a changed setting', async () => {
    let docs = [notice(), notice({ _id: 'notice_2', title: 'Tomorrow: Mathematics with Theo at 16:00', readAt: '2030-01-01T00:00:00.000Z' })];
    const saved: unknown[] = [];
    mockApi({
      ...signedInApi(SAM),
      'GET /api/notifications': () => json(pageOf(docs)),
      'POST /api/notifications/read': () => {
        docs = docs.map((d) => ({ ...d, readAt: d.readAt ?? new Date().toISOString() }));
        return json(pageOf(docs));
      },
      'GET /api/notification-preferences': () => json(defaultNotificationPreferences()),
      'PUT /api/notification-preferences': ({ json: body }) => {
        saved.push(body);
        return json(body);
      },
      'GET /api/push/config': () => json({ publicKey: null }),
    });
    storeSession(SAM);
    renderApp('/portal/notifications');
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 }, FIRST_PAINT)).toBeInTheDocument();
    const items = await screen.findAllByTestId('notice');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: /Lesson booked: Mathematics with Theo/ })).toHaveAttribute(
      'href',
      '/learning-portal/portal/courses/course_1',
    );
    expect(within(items[0]!).getByRole('link', { name: /\(unread\)$/ })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: /at 16:00$/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByTestId('unread-dot')).toBeNull());

    expect(await screen.findByText('Push is off on this site: it has no push keys set up yet, so notices come in the app and by e-mail.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lessons: by e-mail' }));
    await userEvent.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ lessons: { inApp: true, email: false, push: true }, chat: { inApp: true, email: true, push: true } });
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
  });

  it('reads the list again when the inbox brings news of a notice', async () => {
    let docs: NotificationRecord[] = [];
    mockApi({
      ...signedInApi(SAM),
      'GET /api/notifications': () => json(pageOf(docs)),
      'GET /api/notification-preferences': () => json(defaultNotificationPreferences()),
      'GET /api/push/config': () => json({ publicKey: 'key' }),
    });
    storeSession(SAM);
    const store = createStore();
    renderApp('/portal/notifications', store);
    expect(await screen.findByText('Nothing yet', {}, FIRST_PAINT)).toBeInTheDocument();
    docs = [notice()];
    store.set(noticeNewsAtom, Date.now());
    expect(await screen.findByRole('link', { name: /Lesson booked: Mathematics with Theo/ })).toBeInTheDocument();
  });
});
