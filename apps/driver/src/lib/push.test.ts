import { server } from '@vm/client/testing/web-test-setup.ts';
import { writeToken } from '@vm/client/token-store.ts';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disablePush, enablePush, keyBytes, pushState } from './push.ts';

// The browser's side of Web Push, with a push manager standing in for the browser's own.

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const OLD_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

type FakeSubscription = { endpoint: string; options: { applicationServerKey: ArrayBuffer }; toJSON: () => unknown; unsubscribe: () => Promise<boolean> };

/** A service worker registration whose push manager holds `existing` (an endpoint subscribed with a key) or nothing. */
function fakeRegistration(existing?: { endpoint: string; key: string }) {
  const made: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }[] = [];
  const dropped: string[] = [];
  const subscription = (endpoint: string, key: Uint8Array): FakeSubscription => ({
    endpoint,
    options: { applicationServerKey: key.buffer as ArrayBuffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    unsubscribe: async () => {
      dropped.push(endpoint);
      return true;
    },
  });
  let current: FakeSubscription | null = existing ? subscription(existing.endpoint, keyBytes(existing.key)) : null;
  const registration = {
    pushManager: {
      getSubscription: async () => current,
      subscribe: async (o: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
        made.push(o);
        current = subscription('https://push.example/new', o.applicationServerKey);
        return current;
      },
    },
  } as unknown as ServiceWorkerRegistration;
  return { registration, made, dropped };
}

let permission: NotificationPermission;
let asked: number;
const sent: { method: string; body: unknown }[] = [];

beforeEach(() => {
  permission = 'default';
  asked = 0;
  sent.length = 0;
  writeToken({ access_token: 'driver-token', refresh_token: 'refresh', expires_at: Date.now() + 600_000 });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: async () => {
      asked += 1;
      permission = 'granted';
      return permission;
    },
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  server.use(
    http.get('*/api/push/key', () => HttpResponse.json({ public_key: KEY })),
    http.post('*/api/driver/push/subscriptions', async ({ request }) => {
      sent.push({ method: 'POST', body: await request.json() });
      return HttpResponse.json(null, { status: 201 });
    }),
    http.delete('*/api/driver/push/subscriptions', async ({ request }) => {
      sent.push({ method: 'DELETE', body: await request.json() });
      return new HttpResponse(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  writeToken(null);
});

describe('web push in the driver app', () => {
  it('reads the base64url VAPID key as its 65 bytes', () => {
    const bytes = keyBytes(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4); // an uncompressed P-256 point
  });

  it('asks for permission, subscribes with the server’s key (notifications always shown) and hands the subscription to the server', async () => {
    const { registration, made } = fakeRegistration();
    expect(pushState()).toBe('default');
    expect(await enablePush(registration)).toBe('granted');
    expect(asked).toBe(1);
    expect(made).toEqual([{ userVisibleOnly: true, applicationServerKey: keyBytes(KEY) }]);
    expect(sent).toEqual([{ method: 'POST', body: { endpoint: 'https://push.example/new', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } } }]);
  });

  it('replaces a subscription made with another key, and keeps one made with this key', async () => {
    const { registration, made, dropped } = fakeRegistration({ endpoint: 'https://push.example/old', key: OLD_KEY });
    permission = 'granted';
    await enablePush(registration);
    expect(dropped).toEqual(['https://push.example/old']);
    expect(made).toHaveLength(1);
    await enablePush(registration);
    expect(made).toHaveLength(1); // the same key: the same subscription, sent again
    expect(sent.map((s) => (s.body as { endpoint: string }).endpoint)).toEqual(['https://push.example/new', 'https://push.example/new']);
    expect(asked).toBe(0);
  });

  it('does nothing when the driver refused notifications', async () => {
    permission = 'denied';
    const { registration, made } = fakeRegistration();
    expect(await enablePush(registration)).toBe('denied');
    expect(made).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('turns pushes off: the server forgets the endpoint, then the browser unsubscribes', async () => {
    const { registration, dropped } = fakeRegistration({ endpoint: 'https://push.example/mine', key: KEY });
    await disablePush(registration);
    expect(sent).toEqual([{ method: 'DELETE', body: { endpoint: 'https://push.example/mine' } }]);
    expect(dropped).toEqual(['https://push.example/mine']);
  });

  it('tells an iPhone in a Safari tab to install the app first', () => {
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    const ua = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1');
    expect(pushState()).toBe('needs-install');
    ua.mockRestore();
  });
});
