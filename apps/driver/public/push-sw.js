/* global self */
// Web Push in the driver app's service worker (issue 21 part 4, docs/decisions/0028-web-push.md).
// Standalone: copied as is to /driver/push-sw.js (public/); the Workbox service worker made by
// vite-plugin-pwa loads it with importScripts (vite.config.ts, workbox.importScripts).
// The server sends {title, body, url, tag} (packages/domain/src/web-push.ts, pushPayloadSchema).

const APP_PATH = '/driver/';
// The app's icon on every notification.
const ICON = `${APP_PATH}icon-192.png`;

self.addEventListener('push', (event) => {
  let data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch {
      data = { body: event.data.text() };
    }
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Vrachtmarkt';
  // Only a screen of this app opens from a notification.
  const url = typeof data.url === 'string' && data.url.startsWith(APP_PATH) ? data.url : APP_PATH;
  const options = { body: typeof data.body === 'string' ? data.body : '', data: { url }, icon: ICON, lang: self.navigator.language };
  // A newer push about the same job replaces the one showing, and still alerts.
  if (typeof data.tag === 'string' && data.tag) Object.assign(options, { tag: data.tag, renotify: true });
  // Every push shows a notification (userVisibleOnly): browsers drop sites that push silently.
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && typeof event.notification.data.url === 'string' ? event.notification.data.url : APP_PATH;
  const url = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // The app already open in a window: brought to the front, on the notification's screen.
      const open = windows.find((w) => new URL(w.url).pathname.startsWith(APP_PATH));
      if (open) {
        const focused = await open.focus();
        if ('navigate' in focused) await focused.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
