import { messages } from '@vm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/env.ts';
import { type FakeRequest, fakeHttp } from '../helpers/fake-http.ts';
import { clientToken, nextCellphone } from '../helpers/flows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// SPEC section 2: an invisible captcha on SMS code sends. The provider's siteverify endpoint is a
// local fake: 'good-…' tokens pass, 'outage-…' tokens get a 500, anything else is refused.
const SECRET = 'captcha-secret-do-not-log-9f2c';
const SITE_KEY = 'site-key-public-1234';

describe.each(['recaptcha', 'hcaptcha', 'turnstile'] as const)('the %s captcha on SMS sends', (provider) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof fakeHttp>>;
  let headers: Record<string, string>;
  const lines: string[] = [];
  beforeAll(async () => {
    fake = await fakeHttp((req: FakeRequest) => {
      const token = new URLSearchParams(req.body).get('response') ?? '';
      if (token.startsWith('outage-')) return { status: 500, json: { error: 'down' } };
      if (token.startsWith('good-')) return { json: { success: true, hostname: 'vrachtmarkt.be', ...(provider === 'recaptcha' ? { score: 0.9 } : {}) } };
      return { json: { success: false, 'error-codes': ['invalid-input-response'] } };
    });
    t = await createTestApp(
      { CAPTCHA_PROVIDER: provider, CAPTCHA_SITE_KEY: SITE_KEY, CAPTCHA_SECRET: SECRET, CAPTCHA_VERIFY_URL: `${fake.url}/siteverify` },
      undefined,
      { write: (line) => void lines.push(line) },
    );
    headers = { authorization: `Bearer ${await clientToken(t)}` };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const send = (captcha_token?: string, lang = 'nl') =>
    t.app.inject({ method: 'POST', url: '/api/phone/verification', headers: { ...headers, 'accept-language': lang }, payload: { cellphone: nextCellphone(), captcha_token } });

  it('sends the code for a valid token, checked at the provider with the secret and the remote IP', async () => {
    const before = t.sms.length;
    const res = await send(`good-${provider}-token`);
    expect(res.statusCode).toBe(200);
    expect(t.sms.length).toBe(before + 1);
    const asked = fake.requests.at(-1)!;
    expect(asked.method).toBe('POST');
    expect(asked.url.pathname).toBe('/siteverify');
    expect(asked.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(asked.body);
    expect(form.get('secret')).toBe(SECRET);
    expect(form.get('response')).toBe(`good-${provider}-token`);
    expect(form.get('remoteip')).toBe('127.0.0.1');
  });

  it('refuses a missing or invalid token with a clear message and sends no code', async () => {
    const before = t.sms.length;
    const asked = fake.requests.length;
    const missing = await send(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual([{ field: 'captcha_token', message: messages.nl.captcha_failed }]);
    // A missing token never reaches the provider.
    expect(fake.requests.length).toBe(asked);
    const invalid = await send('forged-token', 'en');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual([{ field: 'captcha_token', message: messages.en.captcha_failed }]);
    expect(t.sms.length).toBe(before);
  });

  it('answers 503 (not 500) while the provider is down, and sends no code', async () => {
    const before = t.sms.length;
    const res = await send('outage-token');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'captcha_unavailable', error_description: messages.nl.captcha_unavailable });
    expect(t.sms.length).toBe(before);
  });

  it('never writes the secret or a token to the logs', async () => {
    await send('good-logged-token-x1');
    await send('bad-logged-token-x2');
    await send('outage-logged-token-x3');
    const log = lines.join('');
    expect(log).toContain('/api/phone/verification');
    expect(log).toContain('captcha provider unavailable');
    for (const secret of [SECRET, 'good-logged-token-x1', 'bad-logged-token-x2', 'outage-logged-token-x3']) expect(log).not.toContain(secret);
  });

  it('tells the web app the provider and site key, never the secret, and allows only its hosts in the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().captcha).toEqual({ provider, site_key: SITE_KEY });
    expect(res.body).not.toContain(SECRET);
    const csp = String(res.headers['content-security-policy']);
    const hosts = { recaptcha: 'https://www.gstatic.com/recaptcha/', hcaptcha: 'https://*.hcaptcha.com', turnstile: 'https://challenges.cloudflare.com' };
    expect(csp).toMatch(new RegExp(`script-src [^;]*${hosts[provider].replace(/[.*/]/g, '\\$&')}`));
    for (const [other, host] of Object.entries(hosts)) if (other !== provider) expect(csp).not.toContain(host);
  });
});

describe('a captcha provider that cannot be reached', () => {
  it('answers 503 and sends no code', async () => {
    const closed = await fakeHttp(() => ({ json: {} }));
    await closed.close();
    const t = await createTestApp({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: SITE_KEY, CAPTCHA_SECRET: SECRET, CAPTCHA_VERIFY_URL: `${closed.url}/siteverify` });
    try {
      const headers = { authorization: `Bearer ${await clientToken(t)}` };
      const res = await t.app.inject({ method: 'POST', url: '/api/phone/verification', headers, payload: { cellphone: nextCellphone(), captcha_token: 'good-token' } });
      expect(res.statusCode).toBe(503);
      expect(t.sms).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('reCAPTCHA v3 minimum score', () => {
  it('refuses a valid token that scores below CAPTCHA_MIN_SCORE', async () => {
    const fake = await fakeHttp((req) => ({ json: { success: true, score: new URLSearchParams(req.body).get('response') === 'human' ? 0.9 : 0.1 } }));
    const t = await createTestApp({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SITE_KEY: SITE_KEY, CAPTCHA_SECRET: SECRET, CAPTCHA_VERIFY_URL: fake.url, CAPTCHA_MIN_SCORE: '0.5' });
    try {
      const headers = { authorization: `Bearer ${await clientToken(t)}` };
      const send = (captcha_token: string) => t.app.inject({ method: 'POST', url: '/api/phone/verification', headers, payload: { cellphone: nextCellphone(), captcha_token } });
      expect((await send('bot')).statusCode).toBe(400);
      expect((await send('human')).statusCode).toBe(200);
      expect(t.sms.length).toBe(1);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

describe('reCAPTCHA v3', () => {
  it('needs a score of 0.5 or more (unless CAPTCHA_MIN_SCORE says otherwise) for the action sms_send', async () => {
    const fake = await fakeHttp((req) => {
      const [score, action] = (new URLSearchParams(req.body).get('response') ?? '').split('/');
      return { json: { success: true, score: Number(score), ...(action ? { action } : {}), hostname: 'vrachtmarkt.be' } };
    });
    const t = await createTestApp({ CAPTCHA_PROVIDER: 'recaptcha_v3', CAPTCHA_SITE_KEY: SITE_KEY, CAPTCHA_SECRET: SECRET, CAPTCHA_VERIFY_URL: fake.url });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().captcha).toEqual({ provider: 'recaptcha_v3', site_key: SITE_KEY });
      const headers = { authorization: `Bearer ${await clientToken(t)}` };
      const send = (captcha_token: string) => t.app.inject({ method: 'POST', url: '/api/phone/verification', headers, payload: { cellphone: nextCellphone(), captcha_token } });
      expect((await send('0.3/sms_send')).statusCode).toBe(400);
      expect((await send('0.9/login')).statusCode).toBe(400);
      expect((await send('0.9')).statusCode).toBe(400);
      expect(t.sms.length).toBe(0);
      expect((await send('0.5/sms_send')).statusCode).toBe(200);
      expect(t.sms.length).toBe(1);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

describe('captcha configuration', () => {
  it('is off by default: no captcha asked, none announced, no provider host in the CSP', async () => {
    expect(loadConfig({}).captcha).toMatchObject({ provider: 'none', siteKey: null, secret: null });
    const t = await createTestApp();
    try {
      const config = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().captcha).toEqual({ provider: 'none', site_key: null });
      expect(String(config.headers['content-security-policy'])).not.toMatch(/recaptcha|hcaptcha|cloudflare/);
      const headers = { authorization: `Bearer ${await clientToken(t)}` };
      const res = await t.app.inject({ method: 'POST', url: '/api/phone/verification', headers, payload: { cellphone: nextCellphone() } });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('needs both keys for a provider, and knows only the supported providers', () => {
    for (const provider of ['recaptcha', 'recaptcha_v3', 'hcaptcha', 'turnstile']) {
      expect(() => loadConfig({ CAPTCHA_PROVIDER: provider })).toThrow(`CAPTCHA_PROVIDER=${provider} needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET`);
      expect(() => loadConfig({ CAPTCHA_PROVIDER: provider, CAPTCHA_SITE_KEY: SITE_KEY })).toThrow(/needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET/);
      expect(() =>
        loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/vm', ADMIN_TOKEN: 'a'.repeat(32), PUBLIC_URL: 'https://vrachtmarkt.be', PAYMENT_PROVIDER: 'sandbox', CAPTCHA_PROVIDER: provider, CAPTCHA_SECRET: SECRET }),
      ).toThrow(/needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET/);
    }
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'friendlycaptcha' })).toThrow(/CAPTCHA_PROVIDER/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: SITE_KEY, CAPTCHA_SECRET: SECRET, CAPTCHA_MIN_SCORE: '2' })).toThrow(/CAPTCHA_MIN_SCORE/);
    const c = loadConfig({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SITE_KEY: SITE_KEY, CAPTCHA_SECRET: SECRET });
    expect(c.captcha).toEqual({ provider: 'hcaptcha', siteKey: SITE_KEY, secret: SECRET, verifyUrl: null, timeoutMs: 5000, minScore: null });
  });
});
