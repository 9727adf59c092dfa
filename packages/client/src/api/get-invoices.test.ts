import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../testing/web-test-setup.ts';
import { readToken, writeToken } from '../token-store.ts';
import { downloadUrl, freshAccessToken, getInvoices } from './get-invoices.ts';

afterEach(() => writeToken(null));

describe('the invoices call', () => {
  it('asks GET /api/invoices with the bearer token and answers the list', async () => {
    writeToken({ access_token: 'tok', refresh_token: 'r', expires_at: Date.now() + 900_000 });
    let auth: string | null = null;
    server.use(
      http.get('*/api/invoices', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ invoices: [] });
      }),
    );
    await expect(getInvoices()).resolves.toEqual({ invoices: [] });
    expect(auth).toBe('Bearer tok');
  });
});

describe('a download link', () => {
  it('carries the access token as ?access_token=, encoded', () => {
    expect(downloadUrl('/api/invoices/7/pdf', 'a+b/c')).toBe('/api/invoices/7/pdf?access_token=a%2Bb%2Fc');
    expect(downloadUrl('/api/invoices/7/ubl?x=1', 't')).toBe('/api/invoices/7/ubl?x=1&access_token=t');
  });

  it('is the bare URL signed out', () => {
    expect(downloadUrl('/api/invoices/7/pdf', undefined)).toBe('/api/invoices/7/pdf');
  });

  it('uses the stored token while it is valid, and renews an expired one first', async () => {
    const now = Date.now();
    writeToken({ access_token: 'valid', refresh_token: 'r1', expires_at: now + 600_000 });
    await expect(freshAccessToken(now)).resolves.toBe('valid');

    let refreshed = 0;
    server.use(
      http.post('*/oauth/access_token', () => {
        refreshed += 1;
        return HttpResponse.json({ access_token: 'renewed', refresh_token: 'r2', expires_in: 900, token_type: 'Bearer' });
      }),
    );
    writeToken({ access_token: 'old', refresh_token: 'r1', expires_at: now - 1 });
    await expect(freshAccessToken(now)).resolves.toBe('renewed');
    expect(refreshed).toBe(1);
    expect(readToken()?.access_token).toBe('renewed');
  });
});
