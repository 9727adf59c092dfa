import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeProviders, startFakeProviders } from '../../../../e2e/support/fake-providers.ts';
import { clientToken, login, registerAndLogin, validRegistration, verifyPhone } from '../helpers/flows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Social and identity login (docs/decisions/0018-social-login.md) against local fakes of Facebook
// and of an OpenID Connect provider: the fakes check client, redirect URI and PKCE verifier.

let fake: FakeProviders;
let t: TestApp;
let n = 0;
beforeAll(async () => {
  fake = await startFakeProviders();
  t = await createTestApp(fake.env);
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});
beforeEach(() => {
  n += 1;
  fake.wrongNonce = false;
  fake.refusals = [];
  fake.facebookUser = { id: `fb-${n}`, email: `fb.${n}@example.com`, first_name: 'Fien', last_name: 'Facebook', birthday: '04/25/1990', picture: true };
  fake.oidcUser = { sub: `oidc-${n}`, email: `oidc.${n}@example.com`, given_name: 'Ida', family_name: 'Itsme', birthdate: '1985-12-01', picture: true };
});

const pathOf = (location: string) => location.replace(/^https?:\/\/[^/]+/, '');

/** The browser's round trip: our start, the provider's redirect, our callback. Answers where the callback sends it. */
async function roundTrip(provider: 'facebook' | 'oidc', tamper?: (callback: URL) => void): Promise<string> {
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}/start?redirect=/jobs/create` });
  expect(start.statusCode).toBe(302);
  const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
  expect(atProvider.status, fake.refusals.join('; ')).toBe(302);
  const callback = new URL(atProvider.headers.get('location')!);
  tamper?.(callback);
  const back = await t.app.inject({ method: 'GET', url: pathOf(callback.href) });
  expect(back.statusCode).toBe(302);
  return back.headers.location as string;
}
const ticketOf = (location: string) => {
  expect(location).toMatch(/^\/#\/social\?ticket=[\w-]{43}$/);
  return location.split('ticket=')[1]!;
};
// A fresh client token each time: the tests move the clock past a token's 15 minutes.
const headers = async () => ({ authorization: `Bearer ${await clientToken(t)}` });
const useTicket = async (ticket: string) => t.app.inject({ method: 'POST', url: '/api/auth/social/ticket', headers: await headers(), payload: { ticket } });
const link = async (ticket: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/social/link', headers: await headers(), payload: { ticket, password } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });

async function registerWithTicket(ticket: string, overrides: Record<string, unknown> = {}) {
  const bearer = await clientToken(t);
  const body = validRegistration({ email: fake.facebookUser.email, ...overrides });
  const verification_token = await verifyPhone(t, bearer, body.cellphone as string);
  return t.app.inject({ method: 'POST', url: '/api/user', headers: { authorization: `Bearer ${bearer}` }, payload: { ...body, verification_token, social_ticket: ticket } });
}

describe('configuration', () => {
  it('tells the web app which providers are on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ facebook_app_id: 'fb-app-1', oidc_label: 'itsme' });
  });

  it('answers 404 for a provider that is not configured, and shows no button for it', async () => {
    const bare = await createTestApp({}, undefined);
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/facebook/start' })).statusCode).toBe(404);
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=x&state=y' })).statusCode).toBe(404);
      expect((await bare.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ facebook_app_id: null, oidc_label: null });
    } finally {
      await bare.close();
    }
  });
});

describe('the start', () => {
  it('sends the browser back to the login page when the OIDC provider cannot be reached (no 500)', async () => {
    const down = await createTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9/oidc', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's', SOCIAL_TIMEOUT_MS: '2000' });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/#/login?social_error=failed');
    } finally {
      await down.close();
    }
  });

  it('sends the browser to Facebook with state and an S256 PKCE challenge, and keeps only a hash of the state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/facebook/start?redirect=/jobs/create' });
    const to = new URL(res.headers.location as string);
    expect(to.origin + to.pathname).toBe(`${fake.url}/facebook/dialog/oauth`);
    expect(to.searchParams.get('client_id')).toBe('fb-app-1');
    expect(to.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:3000/api/auth/facebook/callback');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const state = to.searchParams.get('state')!;
    expect(state).toMatch(/^[\w-]{43}$/);
    const rows = await t.handle.db.selectFrom('socialLoginStates').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(state);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends the browser to the OIDC provider found by discovery, with a nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const to = new URL(res.headers.location as string);
    expect(to.origin + to.pathname).toBe(`${fake.url}/oidc/authorize`);
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('scope')).toBe('openid email profile');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('keeps an unsafe redirect out: the flow ends on the default route instead', async () => {
    const start = await t.app.inject({ method: 'GET', url: `/api/auth/facebook/start?redirect=${encodeURIComponent('//evil.example/x')}` });
    const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = await t.app.inject({ method: 'GET', url: pathOf(atProvider.headers.get('location')!) });
    const result = await useTicket(ticketOf(back.headers.location as string));
    expect(result.json().redirect).toBe('/jobs');
  });
});

describe('a refused state', () => {
  it('sends a tampered, missing, reused or expired state back to the login page with a reason, never a 500', async () => {
    expect(await roundTrip('facebook', (u) => u.searchParams.set('state', 'forged-state'))).toBe('/#/login?social_error=refused');
    expect(await roundTrip('facebook', (u) => u.searchParams.delete('state'))).toBe('/#/login?social_error=refused');

    let replay = '';
    ticketOf(await roundTrip('facebook', (u) => void (replay = pathOf(u.href))));
    const again = await t.app.inject({ method: 'GET', url: replay });
    expect(again.headers.location).toBe('/#/login?social_error=refused');

    expect(
      await roundTrip('facebook', () => {
        t.clock.advance(601);
      }),
    ).toBe('/#/login?social_error=expired');

    // A state started for Facebook does not finish an OIDC login.
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/facebook/start' });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/oidc/callback?code=abc&state=${state}` })).headers.location).toBe('/#/login?social_error=refused');
  });

  it('treats a login the person cancelled at the provider as cancelled', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/facebook/start' });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/facebook/callback?error=access_denied&state=${state}` });
    expect(res.headers.location).toBe('/#/login?social_error=cancelled');
  });

  it('refuses a code sent with another verifier (the provider checks PKCE), as a failed login', async () => {
    // The state is right but the sealed verifier is swapped for another flow's: the fake refuses the exchange.
    const first = await t.app.inject({ method: 'GET', url: '/api/auth/facebook/start' });
    const second = await t.app.inject({ method: 'GET', url: '/api/auth/facebook/start' });
    const [s1, s2] = [first, second].map((r) => new URL(r.headers.location as string).searchParams.get('state')!);
    const atProvider = await fetch(second.headers.location as string, { redirect: 'manual' });
    const code = new URL(atProvider.headers.get('location')!).searchParams.get('code')!;
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/facebook/callback?code=${code}&state=${s1}` });
    expect(res.headers.location).toBe('/#/login?social_error=failed');
    expect(fake.refusals).toEqual(['facebook: code_verifier does not match the challenge']);
    expect(s2).not.toBe(s1);
  });
});

describe('OpenID Connect', () => {
  it('refuses an ID token with another nonce than the one sent', async () => {
    fake.wrongNonce = true;
    expect(await roundTrip('oidc')).toBe('/#/login?social_error=failed');
  });

  it('a new person goes to registration prefilled from the validated ID token and userinfo', async () => {
    const result = (await useTicket(ticketOf(await roundTrip('oidc')))).json();
    expect(result).toMatchObject({ status: 'register', provider: 'oidc', email: fake.oidcUser.email, first_name: 'Ida', last_name: 'Itsme', birthday: '01/12/1985', redirect: '/jobs/create' });
    expect(result.picture).toMatch(/^data:image\/(png|jpeg);base64,/);
  });

  it('a linked identity signs in with tokens like the password grant gives', async () => {
    const u = await registerAndLogin(t, { email: fake.oidcUser.email });
    const first = ticketOf(await roundTrip('oidc'));
    expect((await link(first, u.password)).statusCode).toBe(200);
    const res = await useTicket(ticketOf(await roundTrip('oidc')));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('signed_in');
    expect(body.token).toMatchObject({ token_type: 'Bearer', scope: 'app', expires_in: 900 });
    expect(body.token.refresh_token).toBeTruthy();
    expect((await me(body.token.access_token)).json().id).toBe(u.id);
  });
});

describe('an existing email', () => {
  it('is not taken over without the password: a wrong one links nothing, the right one links and signs in', async () => {
    const u = await registerAndLogin(t, { email: fake.facebookUser.email });
    const ticket = ticketOf(await roundTrip('facebook'));
    const asked = await useTicket(ticket);
    expect(asked.json()).toEqual({ status: 'password_needed', provider: 'facebook', email: u.email, redirect: '/jobs/create' });

    const wrong = await link(ticket, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');
    expect(await t.handle.db.selectFrom('socialIdentities').selectAll().where('userId', '=', u.id).execute()).toEqual([]);
    // Still the password question, not a sign-in.
    expect((await useTicket(ticket)).json().status).toBe('password_needed');

    const right = await link(ticket, u.password);
    expect(right.statusCode).toBe(200);
    expect((await me(right.json().access_token)).json().id).toBe(u.id);
    // The ticket worked once.
    expect((await link(ticket, u.password)).statusCode).toBe(400);
    expect((await useTicket(ticket)).json()).toMatchObject({ error: 'invalid_grant' });

    // From now on this Facebook identity signs in to that account without a password.
    const next = (await useTicket(ticketOf(await roundTrip('facebook')))).json();
    expect(next.status).toBe('signed_in');
    expect((await me(next.token.access_token)).json().id).toBe(u.id);
  });

  it('counts wrong passwords with the login limit of that email', async () => {
    const u = await registerAndLogin(t, { email: fake.facebookUser.email });
    const ticket = ticketOf(await roundTrip('facebook'));
    // TOKEN_RATE_LIMIT_PER_USERNAME is 10 a minute, shared with POST /oauth/access_token (registerAndLogin used one).
    for (let i = 0; i < 8; i++) expect((await login(t, u.email, 'wrong')).statusCode).toBe(400);
    expect((await link(ticket, 'wrong')).statusCode).toBe(400);
    expect((await link(ticket, u.password)).statusCode).toBe(429);
    t.clock.advance(61);
  });
});

describe('a new person', () => {
  it('registers with the ticket: phone still verified, identity linked, picture stored as the profile picture', async () => {
    const ticket = ticketOf(await roundTrip('facebook'));
    const prefill = (await useTicket(ticket)).json();
    expect(prefill).toMatchObject({ status: 'register', provider: 'facebook', email: fake.facebookUser.email, first_name: 'Fien', last_name: 'Facebook', birthday: '25/04/1990' });
    expect(prefill.picture).toMatch(/^data:image\//);

    // No account without the SMS proof, ticket or not.
    const bearer = await clientToken(t);
    const noPhone = await t.app.inject({ method: 'POST', url: '/api/user', headers: { authorization: `Bearer ${bearer}` }, payload: { ...validRegistration({ email: fake.facebookUser.email }), verification_token: 'x', social_ticket: ticket } });
    expect(noPhone.statusCode).toBe(400);

    const created = await registerWithTicket(ticket, { password: 'geheim123', repeat_password: 'geheim123' });
    expect(created.statusCode).toBe(201);
    const tokens = (await login(t, fake.facebookUser.email!, 'geheim123')).json();
    const user = (await me(tokens.access_token)).json();
    expect(user.profile_picture).toBeTruthy();
    const thumb = await t.app.inject({ method: 'GET', url: user.profile_picture.image.thumb.url, headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/^image\//);

    // The identity is linked: the next Facebook login signs straight in.
    const next = (await useTicket(ticketOf(await roundTrip('facebook')))).json();
    expect(next.status).toBe('signed_in');
    expect((await me(next.token.access_token)).json().id).toBe(created.json().id);
    // And the ticket does not register a second account.
    expect((await registerWithTicket(ticket, { email: 'other@example.com' })).statusCode).toBe(400);
  });

  it('refuses an unknown or expired ticket, and a call without a client token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/social/ticket', payload: { ticket: 'x' } })).statusCode).toBe(401);
    expect((await useTicket('not-a-ticket')).statusCode).toBe(400);
    const ticket = ticketOf(await roundTrip('facebook'));
    t.clock.advance(1801);
    const res = await useTicket(ticket);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('Deze aanmelding is verlopen of al gebruikt. Probeer opnieuw aan te melden.');
  });
});

describe('the log', () => {
  it('never holds the code, the state or the ticket of a flow', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(fake.env, undefined, { write: (l) => void lines.push(l) });
    try {
      const start = await logged.app.inject({ method: 'GET', url: '/api/auth/facebook/start' });
      const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
      const callback = new URL(atProvider.headers.get('location')!);
      const back = await logged.app.inject({ method: 'GET', url: pathOf(callback.href) });
      const ticket = ticketOf(back.headers.location as string);
      const all = lines.join('');
      expect(all).toContain('/api/auth/facebook/callback');
      for (const secret of [callback.searchParams.get('code')!, callback.searchParams.get('state')!, ticket]) expect(all).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
