import { seriousViolations } from '../support/axe.ts';
import { expect, logInViaForm, registerViaApi, test } from '../support/fixtures.ts';

test('resets a forgotten password end to end through the outbox', async ({ page, context, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login');
  // 'Forgot password?' opens in a new tab, with the address already typed on the login form.
  await page.getByLabel('E-mailadres').fill(p.email);
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /Wachtwoord vergeten\?/ }).click()]);
  await expect(tab).toHaveURL(/#\/forgot-password\?email=/);
  await expect(tab.getByLabel('E-mailadres')).toHaveValue(p.email);
  await tab.getByRole('button', { name: 'Stuur de link' }).click();
  await expect(tab.getByRole('main').getByRole('status')).toContainText(p.email);

  await expect.poll(async () => (await server.outbox()).filter((m) => m.to === p.email && m.text.includes('reset-password')).length).toBe(1);
  const mail = (await server.outbox()).find((m) => m.to === p.email && m.text.includes('reset-password'))!;
  const link = /(http\S+#\/reset-password\?token=[\w-]+)/.exec(mail.text)![1]!;
  await tab.goto(link);
  await tab.bringToFront();
  await tab.getByLabel('Nieuw wachtwoord').fill('nieuw-geheim-1');
  await tab.getByLabel('Herhaal wachtwoord').fill('nieuw-geheim-1');
  await tab.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(tab.getByRole('main').getByRole('status')).toHaveText('Je wachtwoord is gewijzigd. Je kunt je nu aanmelden.');

  // The link works once: opened again, it says so at once, with no form to fill in for nothing.
  await tab.goto('about:blank');
  await tab.goto(link);
  await expect(tab.getByRole('alert')).toHaveText('Deze link is al gebruikt om een nieuw wachtwoord te kiezen. Een link werkt maar één keer: vraag een nieuwe aan als dat nodig is.');
  await expect(tab.getByLabel('Nieuw wachtwoord')).toHaveCount(0);
  expect(await seriousViolations(tab)).toEqual([]);
  await tab.getByRole('link', { name: 'Vraag een nieuwe link aan' }).click();
  await expect(tab).toHaveURL(/#\/forgot-password$/);

  await page.bringToFront();
  await logInViaForm(page, p);
  await expect(page.getByRole('alert')).toHaveText('Het e-mailadres of wachtwoord is onjuist.');
  await logInViaForm(page, { email: p.email, password: 'nieuw-geheim-1' });
  await expect(page.getByTestId('user-widget')).toContainText(p.email);
});
