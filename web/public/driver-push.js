// The driver app's pushes, in its service worker (imported by driver-sw.js). Firebase Cloud Messaging
// delivers each as a Web Push message whose JSON carries the `notification` (title, body) and the `data`
// the office sent (bookingId, bookingNo, kind NEW_DUTY or DUTY_CANCELLED). Each is shown at once, the
// app open or not; a later push about the same duty replaces the earlier; a tap opens the duty.

const DRIVER_HOME = '/driver/';

function pushPayload(data) {
  if (!data) return {};
  try {
    const payload = data.json();
    return payload && typeof payload === 'object' ? payload : {};
  } catch {
    return { notification: { body: data.text() } };
  }
}

const text = (value) => (typeof value === 'string' ? value : '');

self.addEventListener('push', (event) => {
  const payload = pushPayload(event.data);
  const notification =
    payload.notification && typeof payload.notification === 'object' ? payload.notification : {};
  const data = payload.data && typeof payload.data === 'object' ? payload.data : {};
  const bookingId = text(data.bookingId);
  const title = text(notification.title) || text(data.title) || 'Fleet Driver';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: text(notification.body) || text(data.body),
      icon: '/driver-icons/icon-192.png',
      badge: '/driver-icons/icon-192.png',
      tag: bookingId ? `duty-${bookingId}` : undefined,
      renotify: Boolean(bookingId),
      data: { url: bookingId ? `${DRIVER_HOME}duty/${encodeURIComponent(bookingId)}` : DRIVER_HOME },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(text(event.notification.data?.url) || DRIVER_HOME, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith(DRIVER_HOME));
      if (!open) return self.clients.openWindow(url);
      await open.focus();
      return open.navigate(url);
    })(),
  );
});
