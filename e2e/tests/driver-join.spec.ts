import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { expect, newPerson, test } from '../support/fixtures.ts';

// The drivers' app at /driver/ on a phone (375 px): a driver joins (account with a verified phone
// and the business details), adds a vehicle, uploads the documents it calls for, asks for
// verification and sees that it waits for staff. Every screen visited passes axe; after one visit
// the app shell opens without a network (the service worker's precache).

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

/** A small real PDF (the server checks a document's bytes, not its name). */
const pdf = (title: string) => ({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`) });

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test('a driver registers, adds a vehicle, uploads documents, asks for verification and sees “waiting”; the shell opens offline', async ({ page, context, server }) => {
  const p = newPerson();
  await page.goto('/driver/');
  await expect(page.getByRole('heading', { name: 'Aanmelden als chauffeur' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Registreer als chauffeur' }).click();

  // Account: phone verified by the SMS code (the embedded SMS provider logs it; no captcha configured).
  await expect(page.getByRole('heading', { name: 'Registreren als chauffeur' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Gsm-nummer').fill(p.typedPhone);
  await page.getByRole('button', { name: 'Verstuur code' }).click();
  await expect(page.getByText(`Code verstuurd naar ${p.e164}.`)).toBeVisible();
  await page.getByLabel('Verificatiecode').fill(await server.smsCode(p.e164));
  await page.getByRole('button', { name: 'Verifieer code' }).click();
  await expect(page.getByText('Gsm-nummer geverifieerd.')).toBeVisible();
  await page.getByLabel('Voornaam').fill(p.first);
  await page.getByLabel('Achternaam').fill(p.last);
  await page.getByLabel('Geboortedatum').pressSequentially('02041991');
  await page.getByLabel('E-mailadres').fill(p.email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(p.password);
  await page.getByLabel('Herhaal wachtwoord').fill(p.password);

  // Business: a sole trader under the small-business exemption; a wrong IBAN is caught in the form.
  await page.getByRole('radio', { name: 'Als zelfstandige (natuurlijke persoon)' }).check();
  await page.getByLabel('Ondernemingsnummer (KBO)').fill('0403.170.701');
  await page.getByLabel(/vrijstellingsregeling/).check();
  await page.getByLabel('IBAN-rekeningnummer').fill('BE68 5390 0754 7035');
  await page.getByRole('button', { name: 'Registreren' }).click();
  await expect(page.getByText('Dit is geen geldig IBAN-rekeningnummer: controleer het land, de lengte en de cijfers.')).toBeVisible();
  await page.getByLabel('IBAN-rekeningnummer').fill('BE68 5390 0754 7034');
  await page.getByRole('button', { name: 'Registreren' }).click();

  // Signed in, on the checklist.
  await expect(page).toHaveURL(/#\/account$/);
  await expect(page.getByRole('heading', { name: `Dag ${p.first}` })).toBeVisible();
  await expect(page.getByTestId('driver-status')).toHaveText('Nog niet aangevraagd');
  await expect(page.getByRole('button', { name: 'Verificatie aanvragen' })).toBeDisabled();
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
  await expectAccessible(page);

  // A light van: no transport licence asked.
  await page.getByRole('link', { name: 'Voertuig toevoegen' }).click();
  await expect(page.getByRole('heading', { name: 'Nieuw voertuig' })).toBeVisible();
  await page.getByLabel('Soort voertuig').selectOption({ label: 'Bestelwagen' });
  await page.getByLabel('Merk en model').fill('Renault Kangoo');
  await page.getByLabel('Nummerplaat').fill('1-abc-123');
  await page.getByLabel('Laadvermogen (kg)').fill('450');
  await page.getByLabel('Maximaal toegelaten massa (kg)').fill('2200');
  await expect(page.getByLabel('Nummer vervoersvergunning')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/#\/account$/);
  await expect(page.getByText('Renault Kangoo')).toBeVisible();
  await expect(page.getByText('Nog nodig: Rijbewijs, Verzekeringsattest CMR-aansprakelijkheid')).toBeVisible();

  // The two documents a light van calls for.
  await page.getByRole('link', { name: 'Documenten' }).click();
  await expect(page.getByRole('heading', { name: 'Documenten', level: 1 })).toBeVisible();
  await expectAccessible(page);
  const nextYear = `${new Date().getFullYear() + 1}-06-30`;
  for (const [kind, title] of [
    ['driving_licence', 'rijbewijs'],
    ['cmr_insurance', 'cmr-verzekering'],
  ] as const) {
    await page.getByLabel('Document', { exact: true }).selectOption(kind);
    await page.getByLabel('Geldig tot').fill(nextYear);
    await page.getByLabel('Bestand').setInputFiles(pdf(title));
    await page.getByRole('button', { name: 'Uploaden' }).click();
    await expect(page.getByText('Document geüpload.')).toBeVisible();
  }
  await expect(page.locator('.document-row')).toHaveCount(2);
  await expect(page.locator('.document-row').filter({ hasText: 'Rijbewijs' })).toContainText('Wordt nagekeken');

  // Asking for verification, then waiting for staff.
  await page.getByRole('link', { name: 'Account' }).first().click();
  const ask = page.getByRole('button', { name: 'Verificatie aanvragen' });
  await expect(ask).toBeEnabled();
  await ask.click();
  await expect(page.getByTestId('driver-status')).toHaveText('Wacht op verificatie: ons team bekijkt je documenten.');
  await expectAccessible(page);

  // The work tab.
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: /Werk/ }).click();
  await expect(page.getByRole('heading', { name: 'Open ritten' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: /Mijn ritten/ }).click();
  await expect(page.getByRole('heading', { name: 'Mijn ritten' })).toBeVisible();
  await expectAccessible(page);

  // Installable: the manifest and a service worker controlling the page.
  const manifest = await (await page.request.get('/driver/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ start_url: '/driver/', scope: '/driver/', display: 'standalone' });
  expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Offline after one visit: the shell opens from the precache and says the phone is offline.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
  await expect(page.getByText('Je bent offline. Wat je doet, wordt verstuurd zodra er weer netwerk is.')).toBeVisible();
  await context.setOffline(false);
});
