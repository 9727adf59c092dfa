// The service worker (built by vite-plugin-pwa with Workbox, vite.config.ts) precaches the app
// shell so the app opens without a network. Registered after the first paint, in production builds.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL }).catch(() => undefined);
  });
}
