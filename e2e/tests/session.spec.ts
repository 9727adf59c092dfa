import type { Page } from '@playwright/test';
import { expect, logInViaForm, registerViaApi, test, tokenIn } from '../support/fixtures.ts';
import { SERVER_START_TIMEOUT, startServer, type TestServer } from '../support/server.ts';

// Access tokens that live 3 seconds, so a session outlives its token while the test watches.
let shortLived: TestServer;
test.beforeAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT);
  // No refresh grace here: any reuse of a spent refresh token ends the family at once, whatever the
  // machine's speed (the grace for two tabs has its own server tests: refresh-grace.test.ts).
  shortLived = await startServer({ ACCESS_TOKEN_TTL: '3', REFRESH_REUSE_GRACE_SECONDS: '0' });
});
test.afterAll(async () => shortLived.stop());

/** Waits until the server refuses the page's access token: its 3 seconds are over (no guess at how long that takes). */
async function accessTokenExpired(page: Page) {
  const token = await tokenIn(page);
  await expect
    .poll(async () => (await fetch(`${shortLived.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status, { intervals: [250] })
    .toBe(401);
}

test('an access token expiring mid-session is refreshed silently', async ({ page }) => {
  const p = await registerViaApi(shortLived);
  await page.goto(`${shortLived.url}/#/login`);
  await logInViaForm(page, p);
  await expect(page.getByTestId('user-widget')).toContainText(p.email);
  await accessTokenExpired(page);

  const refresh = page.waitForRequest((r) => r.url().endsWith('/oauth/access_token') && (r.postData() ?? '').includes('refresh_token'));
  const user = page.waitForResponse((r) => r.url().endsWith('/api/user') && r.status() === 200);
  // A fresh page load asks for the user again with the expired token.
  await page.reload();
  await refresh;
  await user;
  await page.getByRole('link', { name: 'Profiel' }).click();
  await expect(page.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();
  await expect(page.getByText(p.email).first()).toBeVisible();
  await expect(page).toHaveURL(/#\/account$/);
});

test('a reused refresh token logs the user out', async ({ page }) => {
  const p = await registerViaApi(shortLived);
  await page.goto(`${shortLived.url}/#/login`);
  await logInViaForm(page, p);
  await expect(page.getByTestId('user-widget')).toContainText(p.email);

  // Someone else spends the stored refresh token first (as a thief would).
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('vm.token')!));
  const stolen = await fetch(`${shortLived.url}/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: stored.refresh_token, client_id: 'web' }),
  });
  expect(stolen.status).toBe(200);

  // When the app's access token runs out it presents the spent refresh token: the server ends the family.
  await accessTokenExpired(page);
  const refused = page.waitForResponse((r) => r.url().endsWith('/oauth/access_token') && r.status() === 400);
  await page.reload();
  expect(await (await refused).json()).toEqual({ error: 'invalid_request', error_description: 'The refresh token is invalid.' });
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByTestId('user-widget')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('vm.token'))).toBeNull();
});
