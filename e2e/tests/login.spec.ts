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

// Issue 20, defect 10: every first visit while logged out asked for the job list, which answered 401
// and logged a console error, before the login page showed.
test('defect 10: a first visit while logged out asks nothing that answers 401 and logs no error', async ({ page }) => {
  const unauthorised: string[] = [];
  const errors: string[] = [];
  let inFlight = 0;
  page.on('request', (r) => r.url().includes('/api/') && inFlight++);
  page.on('requestfinished', (r) => r.url().includes('/api/') && inFlight--);
  page.on('requestfailed', (r) => r.url().includes('/api/') && inFlight--);
  page.on('response', (r) => r.status() === 401 && unauthorised.push(r.url()));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  for (const path of ['/', '/#/jobs/12', '/#/chat']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Aanmelden' })).toBeVisible();
    await expect.poll(() => inFlight).toBe(0);
  }
  expect(unauthorised).toEqual([]);
  expect(errors).toEqual([]);
});
