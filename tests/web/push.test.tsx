import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../schema/contracts/auth';
import PushControl from '../../web/features/chat/push/PushControl';
import { usePushClicks } from '../../web/features/chat/push/use-push-clicks';
import { usePushEndsWithSession } from '../../web/features/chat/push/use-push-ends-with-session';
import { conversationPath } from '../../web/features/chat/team-messages';
import { forgetPush, pushAvailability, turnOnPush } from '../../web/lib/push-client';
import { PUSH_SUBSCRIPTION_KEY, unregisterOldWorkers } from '../../web/lib/push-worker';
import { sessionAtom } from '../../web/lib/session';
import { endSession } from '../../web/lib/session-events';
import serviceWorkerSource from '../../web/public/push-sw.js?raw';
import Toaster from '../../web/ui/toast/Toaster';
import { json, mockApi, user } from './fetch-mock';

const PUBLIC_KEY = 'BPublicKeyOfThisDeployment';
const SUBSCRIPTION = { endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'BKey', auth: 'secret' } };

/** A browser with Web Push: the notification permission, a service worker container and a push manager. */
function fakeBrowser(permission: NotificationPermission, opts: { answer?: NotificationPermission; subscribed?: boolean } = {}) {
  const subscription = { toJSON: () => SUBSCRIPTION, unsubscribe: vi.fn(async () => true) };
  let current = opts.subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const container = Object.assign(new EventTarget(), {
    register: vi.fn(async () => registration),
    getRegistration: vi.fn(async () => (current || container.register.mock.calls.length > 0 ? registration : undefined)),
    ready: Promise.resolve(registration),
  });
  const Notification = { permission, requestPermission: vi.fn(async () => opts.answer ?? 'granted') };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { Notification, container, pushManager, subscription };
}

const configured = (vapidPublicKey: string | null = PUBLIC_KEY) => ({ 'GET /api/push/config': () => json({ vapidPublicKey }) });

beforeEach(() => localStorage.setItem('studyhall.token', 'token-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('old service workers', () => {
  it('are unregistered on load, keeping the push worker of this build and a registration still fetching its worker', async () => {
    const registration = (scriptURL: string | null) => ({
      active: scriptURL ? { scriptURL } : null,
      waiting: null,
      installing: null,
      unregister: vi.fn(async () => true),
    });
    const push = registration('http://localhost/learning-portal/push-sw.js');
    const legacy = registration('http://localhost/firebase-messaging-sw.js');
    const oldBuild = registration('http://localhost/learning-portal/sw.js');
    const empty = registration(null);
    await unregisterOldWorkers({ getRegistrations: async () => [push, legacy, oldBuild, empty] } as unknown as ServiceWorkerContainer);
    expect(push.unregister).not.toHaveBeenCalled();
    expect(legacy.unregister).toHaveBeenCalled();
    expect(oldBuild.unregister).toHaveBeenCalled();
    expect(empty.unregister).not.toHaveBeenCalled();
  });

  it('leave a browser without service workers alone', () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: undefined, configurable: true });
    expect(() => unregisterOldWorkers()).not.toThrow();
  });
});

describe('push availability', () => {
  it('is not configured in a development build, without asking the server', async () => {
    fakeBrowser('default');
    const fetchMock = mockApi(configured());
    expect(await pushAvailability(false)).toEqual({ status: 'not-configured', publicKey: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not configured where the deployment has no VAPID keys', async () => {
    fakeBrowser('default');
    mockApi(configured(null));
    expect((await pushAvailability(true)).status).toBe('not-configured');
  });

  it('is unsupported in a browser without Web Push', async () => {
    mockApi(configured());
    expect((await pushAvailability(true)).status).toBe('unsupported');
  });

  it('is blocked once the person refused, off until this browser is subscribed for them, then on', async () => {
    fakeBrowser('denied');
    mockApi(configured());
    expect(await pushAvailability(true)).toEqual({ status: 'blocked', publicKey: PUBLIC_KEY });
    fakeBrowser('granted', { subscribed: true });
    expect((await pushAvailability(true)).status).toBe('off');
    localStorage.setItem(PUSH_SUBSCRIPTION_KEY, 'sub-1');
    expect((await pushAvailability(true)).status).toBe('on');
  });
});

describe('turning push on', () => {
  it('asks permission, subscribes with the VAPID key and stores the subscription through /fcm-token', async () => {
    const browser = fakeBrowser('default');
    const posted: unknown[] = [];
    mockApi({ 'POST /api/fcm-token': ({ json: body }) => (posted.push(body), json({ _id: 'sub-1' }, 201)) });
    expect(await turnOnPush(PUBLIC_KEY)).toBe('on');
    expect(browser.Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.container.register).toHaveBeenCalledWith('/learning-portal/push-sw.js', { scope: '/learning-portal/' });
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: PUBLIC_KEY });
    expect(posted).toEqual([{ token: SUBSCRIPTION }]);
    expect(localStorage.getItem(PUSH_SUBSCRIPTION_KEY)).toBe('sub-1');
  });

  it('only logs a refusal, and subscribes nothing', async () => {
    const browser = fakeBrowser('default', { answer: 'denied' });
    const fetchMock = mockApi({});
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(await turnOnPush(PUBLIC_KEY)).toBe('blocked');
    expect(info).toHaveBeenCalledWith('push: notification permission denied');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    info.mockRestore();
  });

  it('stays off when the permission prompt is dismissed', async () => {
    fakeBrowser('default', { answer: 'default' });
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(await turnOnPush(PUBLIC_KEY)).toBe('off');
    expect(localStorage.getItem(PUSH_SUBSCRIPTION_KEY)).toBeNull();
  });
});

describe('forgetting push (turning it off, or signing out)', () => {
  it('removes the stored subscription and unsubscribes the browser', async () => {
    const browser = fakeBrowser('granted', { subscribed: true });
    localStorage.setItem(PUSH_SUBSCRIPTION_KEY, 'sub-1');
    const fetchMock = mockApi({ 'DELETE /api/fcm-token/sub-1': () => json({ _id: 'sub-1' }) });
    await forgetPush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    expect(localStorage.getItem(PUSH_SUBSCRIPTION_KEY)).toBeNull();
  });

  it('still unsubscribes the browser when the server cannot be reached', async () => {
    const browser = fakeBrowser('granted', { subscribed: true });
    localStorage.setItem(PUSH_SUBSCRIPTION_KEY, 'sub-1');
    mockApi({ 'DELETE /api/fcm-token/sub-1': () => json({ message: 'down' }, 503) });
    await forgetPush();
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    expect(localStorage.getItem(PUSH_SUBSCRIPTION_KEY)).toBeNull();
  });
});

describe('a session that ends by a 401', () => {
  function Listener() {
    usePushEndsWithSession();
    return null;
  }

  it("unsubscribes the browser without calling the server, which drops the row when the push service says it's gone", async () => {
    const browser = fakeBrowser('granted', { subscribed: true });
    localStorage.setItem(PUSH_SUBSCRIPTION_KEY, 'sub-1');
    const fetchMock = mockApi({});
    render(<Listener />);
    act(() => endSession());
    await waitFor(() => expect(browser.subscription.unsubscribe).toHaveBeenCalled());
    expect(localStorage.getItem(PUSH_SUBSCRIPTION_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

function renderControl(production = true, store = createStore()) {
  render(
    <Provider store={store}>
      <Toaster />
      <PushControl production={production} />
    </Provider>,
  );
}

describe('PushControl', () => {
  it('is not offered while an admin acts as another user', async () => {
    fakeBrowser('default');
    const fetchMock = mockApi(configured());
    const store = createStore();
    const token = `header.${btoa(JSON.stringify({ imp: 'user_admin' }))}.signature`;
    store.set(sessionAtom, { token, user: user() as unknown as PublicUser, actingUserId: 'user_student' });
    renderControl(true, store);
    expect(screen.getByText('Push notifications cannot be turned on while acting as another user.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says plainly that push is off, and why, in local mode', async () => {
    fakeBrowser('default');
    renderControl(false);
    expect(await screen.findByText('Push is off on this site: it has no push keys set up yet, so notices come in the app and by e-mail.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks for permission only when the person presses the button, then shows push as on', async () => {
    const browser = fakeBrowser('default');
    mockApi({ ...configured(), 'POST /api/fcm-token': () => json({ _id: 'sub-1' }, 201) });
    renderControl();
    const button = await screen.findByRole('button', { name: 'Turn on notifications' });
    expect(browser.Notification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(await screen.findByText('Push notifications are on in this browser.')).toBeInTheDocument();
    expect(browser.Notification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('turns push off again', async () => {
    const browser = fakeBrowser('granted', { subscribed: true });
    localStorage.setItem(PUSH_SUBSCRIPTION_KEY, 'sub-1');
    mockApi({ ...configured(), 'DELETE /api/fcm-token/sub-1': () => json({ _id: 'sub-1' }) });
    renderControl();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Turn on notifications' })).toBeInTheDocument();
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('explains a blocked permission instead of offering a button that cannot work', async () => {
    fakeBrowser('denied');
    mockApi(configured());
    renderControl();
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the error and stays off when the subscription cannot be stored', async () => {
    fakeBrowser('default');
    mockApi({ ...configured(), 'POST /api/fcm-token': () => json({ message: 'Push subscription could not be saved', errors: [] }, 500) });
    renderControl();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Push subscription could not be saved');
    expect(screen.getByRole('button', { name: 'Turn on notifications' })).toBeEnabled();
    expect(localStorage.getItem(PUSH_SUBSCRIPTION_KEY)).toBeNull();
  });
});

/** web/public/push-sw.js run against a fake service-worker global. */
function loadServiceWorker(windows: { url: string; focus: () => Promise<unknown>; postMessage: (data: unknown) => void }[] = []) {
  const handlers: Record<string, (event: unknown) => void> = {};
  const self = {
    addEventListener: (type: string, handler: (event: unknown) => void) => (handlers[type] = handler),
    skipWaiting: vi.fn(),
    registration: { scope: 'http://localhost/learning-portal/', showNotification: vi.fn(async () => undefined) },
    clients: { claim: vi.fn(), matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
  };
  new Function('self', serviceWorkerSource)(self);
  const fire = async (type: string, event: object) => {
    let done: Promise<unknown> = Promise.resolve();
    handlers[type]!({ ...event, waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
  };
  return { self, fire };
}

describe('the push service worker', () => {
  const app = (path: string) => `http://localhost/learning-portal${path}`;

  it('shows the spec push: title, body and its data, one per conversation', async () => {
    const { self, fire } = loadServiceWorker();
    const data = { courseId: 'c1', conversationId: 'conv-1', adminChatUser: null };
    await fire('push', { data: { json: () => ({ notification: { title: 'New Message', body: 'See you at 5', data } }) } });
    expect(self.registration.showNotification).toHaveBeenCalledWith('New Message', expect.objectContaining({ body: 'See you at 5', data, tag: 'conv-1' }));
  });

  it('opens the conversation where the app would: a course chat, an admin chat for an admin, the team messages', async () => {
    const cases = [
      { courseId: 'c1', conversationId: 'conv-1', adminChatUser: null },
      { courseId: null, conversationId: 'conv-2', adminChatUser: 'user_sam' },
      { courseId: null, conversationId: 'conv-3', adminChatUser: null },
    ];
    for (const data of cases) {
      const { self, fire } = loadServiceWorker();
      const close = vi.fn();
      await fire('notificationclick', { notification: { data, close } });
      expect(close).toHaveBeenCalled();
      expect(self.clients.openWindow).toHaveBeenCalledWith(
        app(conversationPath({ _id: data.conversationId, course: data.courseId, adminChatUser: data.adminChatUser })),
      );
    }
  });

  it('focuses an open tab and asks it to show the conversation instead of opening another', async () => {
    const tab = { url: app('/portal/courses'), focus: vi.fn(async () => undefined), postMessage: vi.fn() };
    const { self, fire } = loadServiceWorker([{ url: 'http://localhost/elsewhere', focus: vi.fn(), postMessage: vi.fn() }, tab]);
    await fire('notificationclick', { notification: { data: { courseId: null, conversationId: 'conv-3' }, close: vi.fn() } });
    expect(tab.focus).toHaveBeenCalled();
    expect(tab.postMessage).toHaveBeenCalledWith({ type: 'studyhall:open', url: app('/portal/messages?conversation=conv-3') });
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });
});

describe('a push clicked while the app is open', () => {
  function Listener() {
    usePushClicks();
    return null;
  }

  it("navigates the app to the conversation, and ignores other sites' addresses", async () => {
    const { container } = fakeBrowser('granted');
    const router = createMemoryRouter([{ path: '*', element: <Listener /> }], {
      basename: '/learning-portal',
      initialEntries: ['/learning-portal/portal/courses'],
    });
    render(<RouterProvider router={router} />);
    act(() => {
      container.dispatchEvent(new MessageEvent('message', { data: { type: 'studyhall:open', url: 'https://evil.example/learning-portal/portal/x' } }));
    });
    expect(router.state.location.pathname).toBe('/learning-portal/portal/courses');
    act(() => {
      container.dispatchEvent(
        new MessageEvent('message', { data: { type: 'studyhall:open', url: `${location.origin}/learning-portal/portal/messages?conversation=conv-3` } }),
      );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/portal/messages'));
    expect(router.state.location.search).toBe('?conversation=conv-3');
  });
});

describe('conversationPath', () => {
  it('links a notification to where its conversation is read', () => {
    expect(conversationPath({ _id: 'a', course: 'c1', adminChatUser: null })).toBe('/portal/courses/c1?conversation=a');
    expect(conversationPath({ _id: 'b', course: null, adminChatUser: 'user_sam' })).toBe('/portal/admin/users/user_sam?conversation=b');
    expect(conversationPath({ _id: 'c', course: null, adminChatUser: null })).toBe('/portal/messages?conversation=c');
  });
});
