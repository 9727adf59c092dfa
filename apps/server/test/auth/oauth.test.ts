import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/lib/secrets.ts';
import { insertClient } from '../../src/modules/auth/auth.repository.ts';
import { clientToken, login, registerAndLogin } from '../helpers/flows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ACCESS_TOKEN_TTL: '600', REFRESH_TOKEN_TTL: '3600' });
});
afterAll(() => t.close());

const token = (payload: object | string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/oauth/access_token', payload, headers });
const refresh = (refresh_token: string) => token({ grant_type: 'refresh_token', refresh_token, client_id: 'web' });
const me = (access: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${access}` } });

describe('password grant', () => {
  it('answers bearer tokens for the right email and password, JSON or form-encoded', async () => {
    const u = await registerAndLogin(t);
    for (const res of [
      await login(t, u.email.toUpperCase(), u.password),
      await token(`grant_type=password&username=${encodeURIComponent(u.email)}&password=${u.password}&client_id=web&scope=app`, {
        'content-type': 'application/x-www-form-urlencoded',
      }),
    ]) {
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: 'app' });
      expect(body.access_token).toMatch(/^[\w-]{43}$/);
      expect(body.refresh_token).toMatch(/^[\w-]{43}$/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await me(body.access_token)).json().email).toBe(u.email);
    }
  });

  it('stores tokens only as hashes', async () => {
    const u = await registerAndLogin(t);
    const rows = await t.handle.db.selectFrom('accessTokens').select('tokenHash').execute();
    expect(rows.some((r) => r.tokenHash === u.tokens.access_token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(u.tokens.access_token))).toBe(true);
  });

  it('refuses a wrong password with an OAuth error in the reader language', async () => {
    const u = await registerAndLogin(t);
    const nl = await login(t, u.email, 'verkeerd1');
    expect(nl.statusCode).toBe(400);
    expect(nl.json()).toEqual({ error: 'invalid_grant', error_description: 'Het e-mailadres of wachtwoord is onjuist.' });
    const en = await token({ grant_type: 'password', username: u.email, password: 'nope123', client_id: 'web' }, { 'accept-language': 'en-GB' });
    expect(en.json().error_description).toBe('The email address or password is incorrect.');
    const unknown = await login(t, 'nobody@example.be', 'whatever1');
    expect(unknown.json()).toEqual(nl.json());
  });
});

describe('clients', () => {
  it('gives a client-credentials token without a refresh token, good for registration only', async () => {
    const res = await token({ grant_type: 'client_credentials', client_id: 'web', scope: 'app' });
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).toBeUndefined();
    const user = await me(res.json().access_token);
    expect(user.statusCode).toBe(401);
    expect(user.json().error).toBe('access_denied');
  });

  it('ignores a secret sent by the public web client and checks a confidential client secret', async () => {
    expect((await token({ grant_type: 'client_credentials', client_id: 'web', client_secret: 'anything' })).statusCode).toBe(200);
    await insertClient(t.handle.db, { id: 'partner', name: 'Partner', secretHash: hashToken('s3cret-value'), grants: ['client_credentials'] });
    expect((await token({ grant_type: 'client_credentials', client_id: 'partner', client_secret: 's3cret-value' })).statusCode).toBe(200);
    const wrong = await token({ grant_type: 'client_credentials', client_id: 'partner', client_secret: 'guess' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    const none = await token({ grant_type: 'client_credentials', client_id: 'partner' });
    expect(none.json().error).toBe('invalid_client');
    const grant = await token({ grant_type: 'password', client_id: 'partner', client_secret: 's3cret-value', username: 'a@b.be', password: 'xxxxxx' });
    expect(grant.json().error).toBe('unauthorized_client');
  });

  it('rejects unknown clients, grant types and scopes', async () => {
    expect((await token({ grant_type: 'client_credentials', client_id: 'nope' })).json().error).toBe('invalid_client');
    expect((await token({ grant_type: 'implicit', client_id: 'web' })).json().error).toBe('unsupported_grant_type');
    expect((await token({ grant_type: 'client_credentials', client_id: 'web', scope: 'admin' })).json().error).toBe('invalid_scope');
  });
});

describe('refresh_token grant', () => {
  it('rotates: a new pair each time, the old refresh token spent', async () => {
    const u = await registerAndLogin(t);
    const first = await refresh(u.tokens.refresh_token);
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refresh_token).not.toBe(u.tokens.refresh_token);
    expect(next.access_token).not.toBe(u.tokens.access_token);
    expect((await me(next.access_token)).statusCode).toBe(200);
    const second = await refresh(next.refresh_token);
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole family when a spent refresh token comes back after the grace', async () => {
    const u = await registerAndLogin(t);
    const rotated = (await refresh(u.tokens.refresh_token)).json();
    t.clock.advance(30); // REFRESH_REUSE_GRACE_SECONDS (test/auth/refresh-grace.test.ts covers the grace)
    const reused = await refresh(u.tokens.refresh_token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: 'invalid_request', error_description: 'The refresh token is invalid.' });
    // Both the thief's and the owner's newer tokens are dead now.
    expect((await refresh(rotated.refresh_token)).json().error_description).toBe('The refresh token is invalid.');
    expect((await me(rotated.access_token)).statusCode).toBe(401);
    expect((await me(u.tokens.access_token)).statusCode).toBe(401);
  });

  it('keeps other sessions of the same user alive when one family is revoked', async () => {
    const u = await registerAndLogin(t);
    const other = (await login(t, u.email, u.password)).json();
    await refresh(u.tokens.refresh_token);
    t.clock.advance(30);
    expect((await refresh(u.tokens.refresh_token)).statusCode).toBe(400);
    expect((await me(other.access_token)).statusCode).toBe(200);
  });

  it('answers the same invalid_request text for unknown, malformed and expired refresh tokens', async () => {
    const expected = { error: 'invalid_request', error_description: 'The refresh token is invalid.' };
    expect((await refresh('not-a-token')).json()).toEqual(expected);
    expect((await token({ grant_type: 'refresh_token', client_id: 'web' })).json()).toEqual(expected);
    const u = await registerAndLogin(t);
    t.clock.advance(3601);
    const expired = await refresh(u.tokens.refresh_token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(expected);
  });
});

describe('access tokens on /api', () => {
  it('answers 401 access_denied without a token, with an unknown one, and after expiry', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe('access_denied');
    expect((await me('x'.repeat(43))).json().error).toBe('access_denied');
    const u = await registerAndLogin(t);
    expect((await me(u.tokens.access_token)).statusCode).toBe(200);
    t.clock.advance(601);
    const expired = await me(u.tokens.access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: 'access_denied' });
  });
});

describe('rate limits', () => {
  it('limits password attempts per username with 429 and Retry-After', async () => {
    const limited = await createTestApp({ TOKEN_RATE_LIMIT_PER_USERNAME: '3', TOKEN_RATE_LIMIT_PER_IP: '100' });
    try {
      const u = await registerAndLogin(limited);
      for (let i = 0; i < 2; i++) expect((await login(limited, u.email, 'wrong-pass')).statusCode).toBe(400);
      const res = await login(limited, u.email, u.password);
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toBe('too_many_requests');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another username from the same address is not affected.
      expect((await login(limited, 'other@example.be', 'whatever1')).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });

  it('limits the token endpoint per IP', async () => {
    const limited = await createTestApp({ TOKEN_RATE_LIMIT_PER_IP: '3' });
    try {
      for (let i = 0; i < 3; i++) await clientToken(limited);
      const res = await limited.app.inject({ method: 'POST', url: '/oauth/access_token', payload: { grant_type: 'client_credentials', client_id: 'web' } });
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toBe('too_many_requests');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
