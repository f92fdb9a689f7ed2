// Studyhall's push handling: shows a chat push and opens its conversation on click. scripts/build.ts puts the offline
// worker (web/features/offline/worker) in front of it in the built file, so the app has one service worker whose
// registration (and push subscription) stays where it was. Its lifecycle belongs to the offline part: no
// skipWaiting here, so a new build never takes over an open lesson.
// The addresses below mirror conversationPath in web/features/chat/team-messages.ts (tests/web/push.test.ts checks).

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
  // A notice (a lesson booked, a reminder) names its own page, below the app's base path.
  if (typeof data.path === 'string') return new URL(data.path.replace(/^\//, ''), self.registration.scope).href;
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
