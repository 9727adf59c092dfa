import { expect, logInViaForm, registerViaApi, test } from '../support/fixtures.ts';

test("shows the server's text above the form for a wrong password", async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login');
  await logInViaForm(page, { email: p.email, password: 'verkeerd-wachtwoord' });
  await expect(page.getByRole('alert')).toHaveText('Het e-mailadres of wachtwoord is onjuist.');
  await expect(page).toHaveURL(/#\/login$/);
});

test('validates the login fields before calling the server', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByLabel('E-mailadres').fill('niet-een-adres');
  await page.getByLabel('Wachtwoord').fill('123');
  await page.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(page.getByText('Vul een geldig e-mailadres in.')).toBeVisible();
  await expect(page.getByText('Het wachtwoord moet minstens 6 tekens lang zijn.')).toBeVisible();
});

test('a deep link while logged out returns there after login', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/edit-user');
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fedit-user$/);
  await logInViaForm(page, p);
  await expect(page).toHaveURL(/#\/edit-user$/);
  await expect(page.getByRole('heading', { name: 'Profiel bewerken' })).toBeVisible();
  await expect(page.getByLabel('Voornaam')).toHaveValue(p.first);
});

test('redirects /jobs and unknown paths to the active list, and keeps /jobs/create open to everyone', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/jobs/create');
  await expect(page).toHaveURL(/#\/jobs\/create$/);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await page.goto('/#/jobs');
  await expect(page).toHaveURL(/#\/jobs\/status\/active$/);
  await page.goto('/#/does-not-exist');
  await expect(page).toHaveURL(/#\/jobs\/status\/active$/);
});
