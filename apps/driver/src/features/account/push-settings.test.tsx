import { screen, waitFor } from '@testing-library/react';
import { server } from '@vm/client/testing/web-test-setup.ts';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { driverApi, profile, renderApp, resetApp } from '../../test-app.tsx';

// Account, Notifications: the per-kind switches go through the settings route; "turn on" asks for
// permission on the tap and hands this browser's subscription to the server; iOS in a tab is told
// to add the app to the home screen first; signing out drops the subscription first.

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
let permission: NotificationPermission;
let subscribed: { endpoint: string; unsubscribe: () => Promise<boolean> } | null;
const calls: { method: string; path: string; body: unknown }[] = [];

/** A browser with the Push API and this app's service worker registered, its push manager a fake. */
function pushBrowser() {
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: async () => (permission = 'granted'),
  });
  const registration = {
    pushManager: {
      getSubscription: async () => subscribed,
      subscribe: async (o: { applicationServerKey: Uint8Array }) => {
        subscribed = {
          endpoint: 'https://push.example/abc',
          options: { applicationServerKey: o.applicationServerKey.buffer },
          toJSON: () => ({ endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
          unsubscribe: async () => ((subscribed = null), true),
        } as unknown as typeof subscribed;
        return subscribed;
      },
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => registration } });
}

function pushApi() {
  let settings = { new_job: true, offer_result: true, chat_message: true, document_expiring: true, job_problem: true };
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
  };
  server.use(
    http.get('*/api/driver/push/settings', () => HttpResponse.json(settings)),
    http.put('*/api/driver/push/settings', async ({ request }) => {
      await record(request.clone());
      settings = { ...settings, ...((await request.json()) as object) };
      return HttpResponse.json(settings);
    }),
    http.get('*/api/push/key', () => HttpResponse.json({ public_key: KEY })),
    http.post('*/api/driver/push/subscriptions', async ({ request }) => (await record(request), new HttpResponse(null, { status: 201 }))),
    http.delete('*/api/driver/push/subscriptions', async ({ request }) => (await record(request), new HttpResponse(null, { status: 204 }))),
  );
}

beforeEach(() => {
  permission = 'default';
  subscribed = null;
  calls.length = 0;
  driverApi(profile({ status: 'approved', vehicles: 1, missing_documents: [] }));
  pushApi();
});
afterEach(() => {
  resetApp();
  vi.unstubAllGlobals();
  // The own properties a test gave jsdom's navigator (it has no service worker; its user agent is on the prototype).
  for (const name of ['serviceWorker', 'userAgent']) Reflect.deleteProperty(navigator, name);
});

describe('notifications in Account', () => {
  it('turns pushes on from the tap (the subscription lands at the server), saves a kind switched off, and unsubscribes before signing out', async () => {
    pushBrowser();
    const { user } = renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Meldingen' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Meldingen aanzetten' }));
    expect(await screen.findByTestId('push-enabled')).toHaveTextContent('Meldingen staan aan op deze telefoon.');
    expect(calls).toContainEqual({ method: 'POST', path: '/api/driver/push/subscriptions', body: { endpoint: 'https://push.example/abc', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } } });

    const chat = screen.getByRole('switch', { name: 'Chatberichten' });
    expect(chat).toBeChecked();
    await user.click(chat);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Chatberichten' })).not.toBeChecked());
    expect(calls).toContainEqual({ method: 'PUT', path: '/api/driver/push/settings', body: { chat_message: false } });
    expect(screen.getByRole('switch', { name: 'Nieuwe ritten die bij mijn voertuigen passen' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Afmelden' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/api/driver/push/subscriptions', body: { endpoint: 'https://push.example/abc' } }));
    expect(subscribed).toBeNull();
  });

  it('on an iPhone in a Safari tab, says to add the app to the home screen first (no button that cannot work)', async () => {
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1' });
    renderApp('/account');
    expect(await screen.findByTestId('push-install-hint')).toHaveTextContent('zet deze app eerst op je beginscherm');
    expect(screen.queryByRole('button', { name: 'Meldingen aanzetten' })).toBeNull();
    // The kinds are the driver's settings on the server, for every phone: still there.
    expect(await screen.findByRole('switch', { name: 'Chatberichten' })).toBeChecked();
  });
});
