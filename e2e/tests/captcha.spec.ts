import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test as base } from '@playwright/test';
import { newPerson } from '../support/fixtures.ts';
import { SERVER_START_TIMEOUT, startServer, type TestServer } from '../support/server.ts';

// Issue 12, part 3: with CAPTCHA_PROVIDER=turnstile the register screen runs the invisible
// challenge on 'Verstuur code' and the server checks its token before sending. Cloudflare's script
// is played by a fake served in its place (page.route), the siteverify endpoint by a local server.

type FakeVerify = { url: string; tokens: string[]; close: () => Promise<void> };

async function startFakeVerify(): Promise<FakeVerify> {
  const tokens: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const token = new URLSearchParams(body).get('response') ?? '';
      tokens.push(token);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(token === 'human-token' ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/siteverify`, tokens, close: () => new Promise((r) => server.close(() => r())) };
}

// What the fake widget answers comes from window.__fakeCaptchaToken, set by each test.
const fakeTurnstile = `
(() => {
  let opts = null;
  window.turnstile = {
    render(el, o) { opts = o; window.__captchaSiteKey = o.sitekey; return 'w1'; },
    execute() { setTimeout(() => opts.callback(window.__fakeCaptchaToken || 'human-token'), 10); },
    reset() {},
  };
  const onload = new URL(document.currentScript.src).searchParams.get('onload');
  setTimeout(() => window[onload](), 0);
})();`;

const test = base.extend<object, { verify: FakeVerify; server: TestServer }>({
  verify: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const verify = await startFakeVerify();
      await use(verify);
      await verify.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ verify }, use) => {
      const server = await startServer({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'e2e-site-key', CAPTCHA_SECRET: 'e2e-secret', CAPTCHA_VERIFY_URL: verify.url });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: SERVER_START_TIMEOUT },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

test.beforeEach(async ({ page }) => {
  await page.route('https://challenges.cloudflare.com/turnstile/v0/api.js*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: fakeTurnstile }),
  );
});

test('Verstuur code runs the invisible challenge and the server sends the code for its token', async ({ page, server, verify }) => {
  const p = newPerson();
  await page.goto('/#/register');
  await page.getByLabel('Gsm-nummer').fill(p.typedPhone);
  await page.getByRole('button', { name: 'Verstuur code' }).click();
  await expect(page.getByText(`Code verstuurd naar ${p.e164}.`)).toBeVisible();
  expect(await server.smsCode(p.e164)).toMatch(/^\d{6}$/);
  expect(verify.tokens.at(-1)).toBe('human-token');
  expect(await page.evaluate(() => (window as unknown as { __captchaSiteKey?: string }).__captchaSiteKey)).toBe('e2e-site-key');
});

test('a token the provider refuses sends no code and says why', async ({ page }) => {
  const p = newPerson();
  await page.goto('/#/register');
  await page.evaluate(() => ((window as unknown as { __fakeCaptchaToken: string }).__fakeCaptchaToken = 'bot-token'));
  await page.getByLabel('Gsm-nummer').fill(p.typedPhone);
  await page.getByRole('button', { name: 'Verstuur code' }).click();
  await expect(page.getByText('We konden niet nagaan of je geen robot bent. Probeer de code opnieuw te versturen.')).toBeVisible();
  await expect(page.getByText(`Code verstuurd naar ${p.e164}.`)).toHaveCount(0);
});
