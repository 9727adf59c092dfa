import { http, HttpResponse } from 'msw';
import { server } from './testing/web-test-setup.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, call, setSessionEndedHandler } from './api-client.ts';
import { readToken, writeToken } from './token-store.ts';

let refreshCalls = 0;
let validToken = 'fresh-access';
const handlers = [
  http.get('*/api/user', ({ request }) => {
    expect(request.headers.get('accept-language')).toBe('nl-BE');
    return request.headers.get('authorization') === `Bearer ${validToken}`
      ? HttpResponse.json({ id: 1 })
      : HttpResponse.json({ error: 'access_denied', error_description: 'expired' }, { status: 401 });
  }),
  http.post('*/oauth/access_token', async ({ request }) => {
    refreshCalls += 1;
    const body = (await request.json()) as { grant_type: string; refresh_token: string; client_id: string };
    expect(body).toMatchObject({ grant_type: 'refresh_token', client_id: 'web' });
    if (body.refresh_token !== 'good-refresh') {
      return HttpResponse.json({ error: 'invalid_request', error_description: 'The refresh token is invalid.' }, { status: 400 });
    }
    return HttpResponse.json({ access_token: validToken, refresh_token: 'next-refresh', expires_in: 900, token_type: 'Bearer' });
  }),
];
beforeEach(() => server.use(...handlers));

beforeEach(() => {
  refreshCalls = 0;
  validToken = 'fresh-access';
  writeToken({ access_token: 'expired-access', refresh_token: 'good-refresh', expires_at: 0 });
});

describe('api client', () => {
  it('refreshes once for many requests that meet a 401 together, then retries each with the new token', async () => {
    const results = await Promise.all([api('/api/user'), api('/api/user'), api('/api/user'), api('/api/user')]);
    expect(results).toEqual([{ id: 1 }, { id: 1 }, { id: 1 }, { id: 1 }]);
    expect(refreshCalls).toBe(1);
    expect(readToken()).toMatchObject({ access_token: 'fresh-access', refresh_token: 'next-refresh' });
    expect(document.cookie).toContain('vm.token=');
  });

  it('ends the session when the refresh token is refused', async () => {
    writeToken({ access_token: 'expired-access', refresh_token: 'spent-refresh', expires_at: 0 });
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    const err = await api('/api/user').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(readToken()).toBeNull();
    expect(document.cookie).not.toContain('vm.token=%7B');
  });

  it('turns a 400 list into field errors', async () => {
    server.use(http.post('*/api/user', () => HttpResponse.json([{ field: 'email', message: 'Vul een geldig e-mailadres in.' }], { status: 400 })));
    const err = (await api('/api/user', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err.fieldErrors).toEqual([{ field: 'email', message: 'Vul een geldig e-mailadres in.' }]);
    expect(err.message).toBe('Vul een geldig e-mailadres in.');
  });
});

describe('typed route calls', () => {
  it('fill the path parameters and the query, and send the body to the contract path', async () => {
    const seen: string[] = [];
    server.use(
      http.post('*/api/shipment/:sid/offer/:oid/bancontact', async ({ request, params }) => {
        seen.push(`${params.sid}/${params.oid} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ payment_id: 9, redirect_url: '/bank' });
      }),
      http.get('*/api/geo/autocomplete', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json([]);
      }),
    );
    writeToken({ access_token: 'fresh-access', refresh_token: 'good-refresh', expires_at: 0 });
    expect(await call('POST /api/shipment/:sid/offer/:oid/bancontact', { params: { sid: 4, oid: 7 }, body: { return_path: '/jobs/4' } })).toEqual({ payment_id: 9, redirect_url: '/bank' });
    await call('GET /api/geo/autocomplete', { query: { q: 'Kerkstraat 1 & co' } });
    expect(seen).toEqual(['4/7 {"return_path":"/jobs/4"}', '?q=Kerkstraat+1+%26+co']);
  });
});
