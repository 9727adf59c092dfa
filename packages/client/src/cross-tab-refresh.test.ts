import { http, HttpResponse } from 'msw';
import { server } from './testing/web-test-setup.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from './api-client.ts';
import { readToken, writeToken } from './token-store.ts';

// Two tabs of one browser: each has its own copy of the api client's module state (a fresh module
// import), and both share local storage and the browser's lock manager, as real tabs do.

type ApiModule = typeof ApiClient;

let refreshCalls = 0;
const spent = new Set<string>();
let generation = 0;
const handlers = [
  http.get('*/api/user', ({ request }) =>
    request.headers.get('authorization') === `Bearer access-${generation}`
      ? HttpResponse.json({ id: 1 })
      : HttpResponse.json({ error: 'access_denied', error_description: 'expired' }, { status: 401 }),
  ),
  // Like the server: a refresh token works once; a second use is refused (reuse detection).
  http.post('*/oauth/access_token', async ({ request }) => {
    refreshCalls += 1;
    const { refresh_token } = (await request.json()) as { refresh_token: string };
    if (refresh_token !== `refresh-${generation}` || spent.has(refresh_token)) {
      return HttpResponse.json({ error: 'invalid_request', error_description: 'The refresh token is invalid.' }, { status: 400 });
    }
    spent.add(refresh_token);
    generation += 1;
    return HttpResponse.json({ access_token: `access-${generation}`, refresh_token: `refresh-${generation}`, expires_in: 900 });
  }),
];
beforeEach(() => server.use(...handlers));

/** A minimal exclusive Web Locks manager shared by the simulated tabs. */
function sharedLocks() {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request(name: string, _opts: unknown, fn: () => Promise<unknown>) {
      const before = queues.get(name) ?? Promise.resolve();
      const run = before.then(fn, fn);
      queues.set(name, run.catch(() => undefined));
      return run;
    },
  };
}

async function openTab(): Promise<ApiModule> {
  vi.resetModules();
  const tab = await import('./api-client.ts');
  return tab;
}

afterEach(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  refreshCalls = 0;
  spent.clear();
  generation = 1;
  // Both tabs start from the same stored token whose access token has just expired.
  writeToken({ access_token: 'access-0', refresh_token: 'refresh-1', expires_at: 0 });
});

describe('two tabs of one user', () => {
  it('send one refresh between them when both meet an expired token, and both go on signed in', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: sharedLocks() });
    const [a, b] = [await openTab(), await openTab()];
    const endedA = vi.fn();
    const endedB = vi.fn();
    a.setSessionEndedHandler(endedA);
    b.setSessionEndedHandler(endedB);

    const results = await Promise.all([a.api('/api/user'), b.api('/api/user'), a.api('/api/user'), b.api('/api/user')]);

    expect(results).toEqual([{ id: 1 }, { id: 1 }, { id: 1 }, { id: 1 }]);
    expect(refreshCalls).toBe(1);
    expect(endedA).not.toHaveBeenCalled();
    expect(endedB).not.toHaveBeenCalled();
    expect(readToken()).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-2' });
  });

  it('a tab whose request fails after another tab refreshed takes the new token without a refresh', async () => {
    const [a, b] = [await openTab(), await openTab()];
    await a.api('/api/user');
    expect(refreshCalls).toBe(1);
    // Tab b still had the old access token in flight: it meets a 401 and reads the stored one.
    expect(await b.refreshOnce('access-0')).toMatchObject({ access_token: 'access-2' });
    expect(refreshCalls).toBe(1);
  });
});

describe('the stored token', () => {
  it('tells this tab when another tab changes it', async () => {
    const { onTokenChange } = await import('./token-store.ts');
    const listener = vi.fn();
    const stop = onTokenChange(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'vm.token', newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '1' }));
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
