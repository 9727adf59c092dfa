import { expect, test as base } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { newPerson, registerViaApi } from '../support/fixtures.ts';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers.ts';
import { SERVER_START_TIMEOUT, startServer, type TestServer } from '../support/server.ts';

// Issue 12, part 2: 'Verbinden met Facebook' and 'Verbinden met itsme' (a generic OpenID Connect
// provider) against local fakes started here; the app server gets their addresses in its env.

const test = base.extend<object, { fake: FakeProviders; server: TestServer }>({
  fake: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const fake = await startFakeProviders();
      await use(fake);
      await fake.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ fake }, use) => {
      const server = await startServer(fake.env);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: SERVER_START_TIMEOUT },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

let n = 0;
test.beforeEach(({ fake }) => {
  n += 1;
  const id = `${Date.now()}-${n}`;
  fake.wrongNonce = false;
  fake.refusals = [];
  fake.facebookUser = { id: `fb-${id}`, email: `fien.${id}@example.com`, first_name: 'Fien', last_name: 'Facebook', birthday: '04/25/1990', picture: true };
  fake.oidcUser = { sub: `itsme-${id}`, email: `ida.${id}@example.com`, given_name: 'Ida', family_name: 'Itsme', birthdate: '1985-12-01', picture: true };
});
test.afterEach(({ fake }) => {
  // A failed login must be the app's doing, never a request the fake found wrong.
  expect(fake.refusals).toEqual([]);
});

test('a new Facebook user registers prefilled, verifies the phone and ends signed in with the Facebook picture', async ({ page, server, fake }) => {
  const p = newPerson();
  await page.goto('/#/register');
  await page.getByRole('link', { name: 'Verbinden met Facebook' }).click();

  await expect(page.getByRole('heading', { name: 'Welkom, Fien Facebook' })).toBeVisible();
  // The ticket does not stay in the address bar.
  expect(page.url()).not.toContain('ticket=');
  await expect(page.getByLabel('Voornaam')).toHaveValue('Fien');
  await expect(page.getByLabel('Achternaam')).toHaveValue('Facebook');
  await expect(page.getByLabel('Geboortedatum')).toHaveValue('25/04/1990');
  await expect(page.getByLabel('E-mailadres')).toHaveValue(fake.facebookUser.email!);
  const preview = page.getByRole('img', { name: 'Je profielfoto van Facebook' });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The phone is still verified by SMS: without it the form does not register.
  await page.getByLabel('Wachtwoord', { exact: true }).fill(p.password);
  await page.getByLabel('Herhaal wachtwoord').fill(p.password);
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page.getByLabel('Gsm-nummer')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/#\/register\?redirect=%2Fjobs%2Fcreate$/);
  await page.getByLabel('Gsm-nummer').fill(p.typedPhone);
  await page.getByRole('button', { name: 'Verstuur code' }).click();
  await page.getByLabel('Verificatiecode').fill(await server.smsCode(p.e164));
  await page.getByRole('button', { name: 'Verifieer code' }).click();
  await expect(page.getByText('Gsm-nummer geverifieerd.')).toBeVisible();
  await page.getByRole('button', { name: 'Registreren' }).click();

  await expect(page).toHaveURL(/#\/jobs\/create$/);
  const widget = page.getByTestId('user-widget');
  await expect(widget).toContainText('Fien Facebook');
  await expect(widget.locator('img')).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => widget.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Linked: the next 'Verbinden met Facebook' signs straight in.
  await widget.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await page.getByRole('link', { name: 'Verbinden met Facebook' }).click();
  await expect(page).toHaveURL(/#\/jobs\/status\/active$/);
  await expect(page.getByTestId('user-widget')).toContainText('Fien Facebook');
});

test('an existing email is not taken over without its password: a wrong one is refused, the right one links', async ({ page, server, fake }) => {
  const owner = await registerViaApi(server);
  fake.facebookUser.email = owner.email;
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Verbinden met Facebook' }).click();

  await expect(page.getByRole('heading', { name: `Er bestaat al een account met ${owner.email}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Wachtwoord').fill('niet-het-wachtwoord');
  await page.getByRole('button', { name: 'Koppelen en aanmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText('Het e-mailadres of wachtwoord is onjuist.');
  await expect(page.getByTestId('user-widget')).toHaveCount(0);

  await page.getByLabel('Wachtwoord').fill(owner.password);
  await page.getByRole('button', { name: 'Koppelen en aanmelden' }).click();
  await expect(page).toHaveURL(/#\/jobs\/status\/active$/);
  await expect(page.getByTestId('user-widget')).toContainText(`${owner.first} ${owner.last}`);
});

test('the login page offers both providers, accessibly', async ({ page }) => {
  await page.goto('/#/login');
  await expect(page.getByRole('link', { name: 'Verbinden met Facebook' })).toHaveAttribute('href', '/api/auth/facebook/start');
  await expect(page.getByRole('link', { name: 'Verbinden met itsme' })).toHaveAttribute('href', '/api/auth/oidc/start');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a tampered state is refused: back on the login page with the reason, not signed in', async ({ page }) => {
  // The provider's answer with another state than the one the app sent (as a forged link would carry).
  const start = await page.request.get('/api/auth/facebook/start', { maxRedirects: 0 });
  const atProvider = await page.request.get(start.headers().location!, { maxRedirects: 0 });
  const callback = new URL(atProvider.headers().location!);
  expect(callback.searchParams.get('code')).toBeTruthy();
  callback.searchParams.set('state', 'tampered-state');
  await page.goto(callback.href);
  await expect(page).toHaveURL(/#\/login\?social_error=refused$/);
  await expect(page.getByRole('alert')).toHaveText('Deze aanmelding kon niet worden bevestigd (ongeldige of al gebruikte aanvraag). Probeer opnieuw.');
  await expect(page.getByTestId('user-widget')).toHaveCount(0);
});

test('an OpenID Connect ID token with another nonce is refused', async ({ page, fake }) => {
  fake.wrongNonce = true;
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Verbinden met itsme' }).click();
  await expect(page).toHaveURL(/#\/login\?social_error=failed$/);
  await expect(page.getByRole('alert')).toHaveText('Aanmelden bij de provider is mislukt. Probeer opnieuw of meld je aan met je wachtwoord.');
  await expect(page.getByTestId('user-widget')).toHaveCount(0);
});

test('an itsme (OpenID Connect) login: registers prefilled from the ID token, then signs in with itsme alone', async ({ page, server, fake }) => {
  const p = newPerson();
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Verbinden met itsme' }).click();

  await expect(page.getByRole('heading', { name: 'Welkom, Ida Itsme' })).toBeVisible();
  await expect(page.getByLabel('Geboortedatum')).toHaveValue('01/12/1985');
  await expect(page.getByLabel('E-mailadres')).toHaveValue(fake.oidcUser.email!);
  await expect(page.getByRole('img', { name: 'Je profielfoto van itsme' })).toBeVisible();
  await page.getByLabel('Gsm-nummer').fill(p.typedPhone);
  await page.getByRole('button', { name: 'Verstuur code' }).click();
  await page.getByLabel('Verificatiecode').fill(await server.smsCode(p.e164));
  await page.getByRole('button', { name: 'Verifieer code' }).click();
  await expect(page.getByText('Gsm-nummer geverifieerd.')).toBeVisible();
  await page.getByLabel('Wachtwoord', { exact: true }).fill(p.password);
  await page.getByLabel('Herhaal wachtwoord').fill(p.password);
  await page.getByRole('button', { name: 'Registreren' }).click();
  const widget = page.getByTestId('user-widget');
  await expect(widget).toContainText('Ida Itsme');

  await widget.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await page.getByRole('link', { name: 'Verbinden met itsme' }).click();
  await expect(page).toHaveURL(/#\/jobs\/status\/active$/);
  await expect(page.getByTestId('user-widget')).toContainText('Ida Itsme');
});
