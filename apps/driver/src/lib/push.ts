import { call } from '@vm/client/api-client.ts';

// Web Push in the driver app (issue 21 part 4, docs/decisions/0028-web-push.md): subscribes this
// browser at its push service with the server's VAPID key and hands the subscription to the server;
// the service worker (public/push-sw.js, imported by the Workbox one) shows what arrives. The settings per kind are plain calls of
// the contract ('GET'/'PUT /api/driver/push/settings').

/** What this browser can do: no Push API at all, iOS in a tab (install to the home screen first), or the permission's state. */
export type PushState = 'unsupported' | 'needs-install' | 'denied' | 'default' | 'granted';

const isIos = () => /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const isStandalone = () => window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;

export function pushState(): PushState {
  const hasApi = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  // Safari on iOS/iPadOS offers push only to a web app opened from the home screen (16.4+).
  if (!hasApi) return isIos() && !isStandalone() ? 'needs-install' : 'unsupported';
  return Notification.permission;
}

/** The base64url VAPID key as the bytes pushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((v, i) => v === b[i]);

/** The browser's subscription for the server's current key: the one it has, or a new one (an old key's is dropped). */
async function subscription(registration: ServiceWorkerRegistration): Promise<PushSubscription> {
  const { public_key } = await call('GET /api/push/key', {});
  const key = keyBytes(public_key);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  // userVisibleOnly: every push shows a notification (browsers allow nothing else).
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

async function send(sub: PushSubscription): Promise<void> {
  const json = sub.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('push subscription without keys');
  await call('POST /api/driver/push/subscriptions', { body: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } } });
}

/**
 * Turns pushes on for the signed-in driver. Call it from a click (browsers ask for permission only
 * after a gesture); resolves with the state after asking: 'granted' when subscribed.
 */
export async function enablePush(registration?: ServiceWorkerRegistration): Promise<PushState> {
  const state = pushState();
  if (state === 'unsupported' || state === 'needs-install' || state === 'denied') return state;
  const permission = state === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  await send(await subscription(registration ?? (await navigator.serviceWorker.ready)));
  return 'granted';
}

/**
 * On each start of the signed-in app: when permission was given, makes sure the server has this
 * browser's subscription for the current key (it may have expired, been dropped after a 410, or the
 * phone may have been used by another driver). Never asks for permission.
 */
export async function resyncPush(registration?: ServiceWorkerRegistration): Promise<boolean> {
  if (pushState() !== 'granted') return false;
  await send(await subscription(registration ?? (await navigator.serviceWorker.ready)));
  return true;
}

/** Turns pushes off on this browser: the server forgets it, then the browser unsubscribes (call before signing out). */
export async function disablePush(registration?: ServiceWorkerRegistration): Promise<void> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return;
  const sub = await (registration ?? (await navigator.serviceWorker.ready)).pushManager.getSubscription();
  if (!sub) return;
  await call('DELETE /api/driver/push/subscriptions', { body: { endpoint: sub.endpoint } });
  await sub.unsubscribe();
}

/**
 * This app's service worker registration, or null where there is none (a dev server, a first visit
 * before it registered). Never waits: `navigator.serviceWorker.ready` would hang without one.
 */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || typeof navigator.serviceWorker.getRegistration !== 'function') return null;
  return (await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL)) ?? null;
}

/** Before signing out: this browser stops getting the driver's pushes (best effort: signing out never waits on it failing). */
export async function disablePushBeforeSignOut(): Promise<void> {
  try {
    const registration = await pushRegistration();
    if (registration) await disablePush(registration);
  } catch {
    // Offline or already gone: the server drops the subscription on the push service's 404/410.
  }
}
