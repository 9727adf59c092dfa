import { generate } from 'otplib';
import { seriousViolations } from '../support/axe.ts';
import { createStaff, virtualAuthenticator } from '../support/driver-app.ts';
import { expect, test } from '../support/fixtures.ts';

// Staff of the back office (issue 21, decision 0025): an admin command creates a staff member with a
// one-time set-up link; they set up a passkey (a virtual authenticator here) or a password with an
// authenticator app's code, sign out and sign in again.

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('a staff member sets up a passkey from the link, signs out and signs in with it', async ({ page, server }) => {
  const email = `passkey.${unique()}@ops.vrachtmarkt.be`;
  const link = createStaff(server, email, 'admin', 'Petra Peeters');
  await virtualAuthenticator(page);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Je account instellen' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Passkey aanmaken' }).click();

  // Signed in: the welcome with name and role, and (an admin) the audit log with the set-up in it.
  await expect(page.getByRole('heading', { name: 'Dag Petra Peeters' })).toBeVisible();
  await expect(page.getByText('Je bent aangemeld als beheerder.')).toBeVisible();
  await expect(page.getByText('Je hebt 1 passkey.')).toBeVisible();
  const log = page.getByRole('region', { name: 'Auditlogboek' });
  await expect(log.getByRole('row', { name: /Account ingesteld/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Aanmelden bij beheer' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Aanmelden met een passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Dag Petra Peeters' })).toBeVisible();
  await expect(log.getByRole('row', { name: /Aangemeld/ }).first()).toBeVisible();
});

test('a staff member sets up a password with an authenticator code, and signs in with both', async ({ page, server }) => {
  const email = `totp.${unique()}@ops.vrachtmarkt.be`;
  const link = createStaff(server, email, 'support', 'Simon Claes');
  const password = 'een lang wachtwoord 2026';

  await page.goto(link);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Nieuw wachtwoord').fill(password);
  await page.getByLabel('Code van 6 cijfers uit de app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Wachtwoord en code bewaren' }).click();
  await expect(page.getByRole('heading', { name: 'Dag Simon Claes' })).toBeVisible();
  await expect(page.getByText('Je bent aangemeld als klantendienst.')).toBeVisible();
  // Support staff do not see the audit log.
  await expect(page.getByRole('region', { name: 'Auditlogboek' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Aanmelden bij beheer' })).toBeVisible();

  // The form says at each field what is missing.
  await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  await expect(page.getByLabel('E-mailadres')).toHaveAccessibleDescription('Dit veld is verplicht.');
  await expect(page.getByLabel('Code van 6 cijfers')).toHaveAccessibleDescription(/Dit veld is verplicht\./);

  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByLabel('Code van 6 cijfers').fill('000000');
  await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Het e-mailadres, het wachtwoord of de code is onjuist.');

  // A code works once, so not the set-up's again: the app's next one (the server allows one step of drift).
  await page.getByLabel('Code van 6 cijfers').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dag Simon Claes' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Signed in with a password, they add a passkey on this device.
  await expect(page.getByText('Je hebt 0 passkeys.')).toBeVisible();
  await virtualAuthenticator(page);
  await page.getByRole('button', { name: 'Passkey toevoegen op dit toestel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'De passkey is toegevoegd.' })).toBeVisible();
  await expect(page.getByText('Je hebt 1 passkey.')).toBeVisible();
});
