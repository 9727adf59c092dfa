import { seriousViolations } from '../support/axe.ts';
import { expect, logInViaForm, registerViaApi, test } from '../support/fixtures.ts';

test('login and register have no serious or critical axe violations', async ({ page }) => {
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: 'Aanmelden' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/#/register');
  await expect(page.getByRole('heading', { name: 'Registreren' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The check itself finds what it must: a field without a name and an image without a text, added to this page.
  await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('afterbegin', '<img src="/favicon.svg"><input type="text">'));
  expect((await seriousViolations(page)).map((v) => v.split(' ')[0])).toEqual(expect.arrayContaining(['image-alt', 'label']));
});

test('account and edit-user have no serious or critical axe violations', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login?redirect=%2Faccount');
  await logInViaForm(page, p);
  await expect(page.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/#/edit-user');
  await expect(page.getByRole('heading', { name: 'Profiel bewerken' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
