import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { hashToken } from '../../src/lib/secrets.ts';
import * as authRepository from '../../src/modules/auth/auth.repository.ts';
import { authService } from '../../src/modules/auth/auth.service.ts';
import { type Tokens, registerAndLogin } from '../helpers/flows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Two tabs refreshing at once present the same refresh token: the one just rotated gets a short
// grace (REFRESH_REUSE_GRACE_SECONDS, default 30) instead of ending the family (RFC 9700 4.14.2).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ACCESS_TOKEN_TTL: '600', REFRESH_TOKEN_TTL: '3600' });
});
afterAll(() => t.close());

const invalid = { error: 'invalid_request', error_description: 'The refresh token is invalid.' };
const refresh = (refresh_token: string) => t.app.inject({ method: 'POST', url: '/oauth/access_token', payload: { grant_type: 'refresh_token', refresh_token, client_id: 'web' } });
const me = async (access: string) => (await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${access}` } })).statusCode;

describe('refresh token grace', () => {
  it('two parallel refreshes of one token both get a working pair of their own, and nobody is signed out', async () => {
    const u = await registerAndLogin(t);
    const answers = await Promise.all([refresh(u.tokens.refresh_token), refresh(u.tokens.refresh_token)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((r) => r.json() as Tokens) as [Tokens, Tokens];
    expect(a.refresh_token).not.toBe(b.refresh_token);
    expect(a.access_token).not.toBe(b.access_token);
    expect([await me(a.access_token), await me(b.access_token), await me(u.tokens.access_token)]).toEqual([200, 200, 200]);
    // Each tab goes on rotating its own token.
    expect((await refresh(a.refresh_token)).statusCode).toBe(200);
    expect((await refresh(b.refresh_token)).statusCode).toBe(200);
    // Only hashes at rest, for the pair given in the grace too.
    const stored = (await t.handle.db.selectFrom('refreshTokens').select('tokenHash').execute()).map((r) => r.tokenHash);
    expect(stored).toContain(hashToken(b.refresh_token));
    expect(stored).not.toContain(b.refresh_token);
  });

  it('gives a fresh pair in the same family for a token rotated less than the grace ago', async () => {
    const u = await registerAndLogin(t);
    const rotated = (await refresh(u.tokens.refresh_token)).json() as Tokens;
    t.clock.advance(29);
    const again = await refresh(u.tokens.refresh_token);
    expect(again.statusCode).toBe(200);
    const late = again.json() as Tokens;
    expect(late.refresh_token).not.toBe(rotated.refresh_token);
    expect([await me(rotated.access_token), await me(late.access_token)]).toEqual([200, 200]);
    // Still one family: a leak found later ends the pair given in the grace as well.
    t.clock.advance(31);
    expect((await refresh(u.tokens.refresh_token)).json()).toEqual(invalid);
    expect([await me(rotated.access_token), await me(late.access_token)]).toEqual([401, 401]);
    expect((await refresh(late.refresh_token)).json()).toEqual(invalid);
  });

  it('revokes the whole family for a spent token presented after the grace', async () => {
    const u = await registerAndLogin(t);
    const rotated = (await refresh(u.tokens.refresh_token)).json() as Tokens;
    t.clock.advance(30);
    const reused = await refresh(u.tokens.refresh_token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(invalid);
    expect((await refresh(rotated.refresh_token)).json()).toEqual(invalid);
    expect([await me(rotated.access_token), await me(u.tokens.access_token)]).toEqual([401, 401]);
  });

  it('when both requests read the token unspent, the one that loses the spend still gets a pair', async () => {
    const u = await registerAndLogin(t);
    // Both reads are held until both happened, so the two spends really race.
    let release!: () => void;
    const bothRead = new Promise<void>((r) => (release = r));
    let reads = 0;
    const repo = {
      ...authRepository,
      findRefreshToken: async (db: Db, hash: string) => {
        const row = await authRepository.findRefreshToken(db, hash);
        if (++reads === 2) release();
        if (reads <= 2) await bothRead;
        return row;
      },
    };
    const auth = authService({ db: t.handle.db, repo, events: { record: async () => [] }, cache: null, now: t.clock.now, accessTtl: 600, refreshTtl: 3600, refreshReuseGraceSeconds: 30, usernameLimiter: { hit: async () => 0, reset: async () => undefined } });
    const body = { grant_type: 'refresh_token', refresh_token: u.tokens.refresh_token, client_id: 'web' };
    const [a, b] = await Promise.all([auth.grant(body), auth.grant(body)]);
    expect(a.refresh_token).not.toBe(b.refresh_token);
    expect([await me(a.access_token), await me(b.access_token)]).toEqual([200, 200]);
  });
});
