import { expect, registerViaApi, test } from '../support/fixtures.ts';

// The language choice (issue 12): Nederlands, Français, English in the top bar (in the menu on a
// phone) and on the account page; remembered, sent as Accept-Language, and the browser's language
// for a visitor who has not chosen.

test('switching to Français on the login page: French screens, French API calls, and the choice survives a reload', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: 'Aanmelden' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Taal' }).selectOption({ label: 'Français' });
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  const userCall = page.waitForRequest((r) => r.url().endsWith('/api/user') && r.method() === 'GET');
  await page.getByLabel('Adresse e-mail').fill(p.email);
  await page.getByLabel('Mot de passe').fill(p.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  expect((await userCall).headers()['accept-language']).toBe('fr-BE');
  await expect(page.getByRole('heading', { name: 'Envois actifs' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nouvel envoi' })).toBeVisible();
  await expect(page).toHaveTitle('Envois actifs · Vrachtmarkt');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Envois actifs' })).toBeVisible();
  await page.goto('/#/account');
  await expect(page.getByRole('heading', { name: 'Mon profil' })).toBeVisible();
  await expect(page.getByText('Numéro de GSM')).toBeVisible();
  const choice = page.getByRole('main').getByRole('combobox', { name: 'Langue' });
  await expect(choice).toHaveValue('fr');

  // Back to Dutch from the account page, at once.
  await choice.selectOption({ label: 'Nederlands' });
  await expect(page.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
});

test('on a 375 px phone the choice is in the menu and works from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/#/login');
  await page.getByRole('button', { name: 'Menu' }).click();
  const choice = page.getByRole('combobox', { name: 'Taal' });
  await expect(choice).toBeVisible();
  await choice.focus();
  await choice.selectOption('en');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
});

test.describe('a visitor whose browser speaks French', () => {
  test.use({ locale: 'fr-BE' });

  test('sees French from the first paint and on the next screens', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await expect(page.getByRole('link', { name: "S'inscrire" })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.goto('/#/jobs/create');
    await expect(page.getByRole('heading', { name: 'Choisir le type' })).toBeVisible();
    await expect(page).toHaveTitle('Nouvel envoi · Vrachtmarkt');
  });
});
