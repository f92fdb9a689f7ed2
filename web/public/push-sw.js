// Studyhall's push service worker: shows a chat push and opens its conversation on click. It has no fetch
// handler, so it never stands between the app and the network.
// The addresses below mirror conversationPath in web/features/chat/team-messages.ts (tests/web/push.test.ts checks).

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { notification: { body: event.data.text() } };
  }
  // The spec's push: notification.title and notification.data.courseId, with an optional image and a body.
  const notification = payload.notification || {};
  const data = notification.data || {};
  event.waitUntil(
    self.registration.showNotification(notification.title || 'New Message', {
      body: notification.body || '',
      image: notification.image,
      data,
      // One notification per conversation: a newer message replaces the older one.
      tag: data.conversationId || undefined,
    }),
  );
});

function conversationUrl(data) {
  const query = data.conversationId ? `?${new URLSearchParams({ conversation: data.conversationId })}` : '';
  let path = `portal/messages${query}`;
  if (data.courseId) path = `portal/courses/${data.courseId}${query}`;
  else if (data.adminChatUser) path = `portal/admin/users/${data.adminChatUser}${query}`;
  return new URL(path, self.registration.scope).href;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = conversationUrl(event.notification.data || {});
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => client.url.startsWith(self.registration.scope));
      if (!open) return self.clients.openWindow(url);
      // The open app navigates itself, without a reload, and keeps its live connections.
      await open.focus();
      open.postMessage({ type: 'studyhall:open', url });
    }),
  );
});
