import { readToken } from '@vm/client/token-store.ts';

// The service worker (built by vite-plugin-pwa with Workbox, vite.config.ts) precaches the app
// shell so the app opens without a network, and imports public/push-sw.js for Web Push.
// Registered after the first paint, in production builds.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL })
      .then((registration) => {
        // On each start of a signed-in app: the server gets this browser's current subscription
        // (decision 0028). Never asks for permission; loaded only then.
        if (readToken()) void import('./push.ts').then(({ resyncPush }) => resyncPush(registration)).catch(() => undefined);
      })
      .catch(() => undefined);
  });
}
