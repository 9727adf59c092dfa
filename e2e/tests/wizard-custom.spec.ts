import type { Page } from '@playwright/test';
import { expect, logInViaForm, registerViaApi, test } from '../support/fixtures.ts';
import { seriousViolations } from '../support/axe.ts';
import { mondayAt } from '../support/clock.ts';

async function side(page: Page, typed: string, day: string, time: RegExp, note: string) {
  await page.getByRole('combobox', { name: 'Adres' }).fill(typed);
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByRole('radio', { name: day }).check();
  await page.getByRole('radio', { name: time }).check();
  await page.getByLabel('Instructies voor de chauffeur').fill(note);
}

test('a custom shipment with a boxed item and a euro pallet, with axe checks on every step', async ({ page, server }) => {
  await page.clock.setFixedTime(mondayAt('10:00'));
  const p = await registerViaApi(server);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await expect(page).toHaveURL(/#\/jobs\/status\/active$/);
  await page.goto('/#/jobs/create');

  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('radio', { name: /Iets anders/ }).check();
  await page.getByRole('button', { name: /Verder: Pakketinfo/ }).click();
  await expect(page.getByText('Je hebt nog geen eigen pakketitems toegevoegd. Klik op "Item toevoegen" om te beginnen.')).toBeVisible();
  // Next stays closed without items.
  await page.getByRole('button', { name: /Verder: Ophaalgegevens/ }).click();
  await expect(page.getByText('Voeg minstens één pakket toe.')).toBeVisible();

  await page.getByRole('button', { name: /Item toevoegen/ }).click();
  await expect(page.getByRole('option', { name: 'Volle lading (niet beschikbaar)' })).toBeDisabled();
  await page.getByLabel('Breedte (cm)').fill('300');
  await page.getByLabel('Hoogte (cm)').fill('40');
  await page.getByLabel('Diepte (cm)').fill('60');
  await page.getByLabel('Gewicht (kg)').fill('12');
  await page.getByLabel('Omschrijving van de goederen').fill('Dozen met boeken');
  await page.getByLabel('Breekbaar').check();
  await page.getByRole('button', { name: 'Item opslaan' }).click();
  await expect(page.getByText('Dit is meer dan het maximum voor dit type.')).toBeVisible();
  await page.getByLabel('Breedte (cm)').fill('40');
  await page.getByRole('button', { name: 'Item opslaan' }).click();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: /Item toevoegen/ }).click();
  await page.getByLabel('Soort item').selectOption('pallet');
  await page.getByLabel('Soort pallet').selectOption('euro_pallet');
  await expect(page.getByLabel('Breedte (cm)')).toHaveValue('80');
  await expect(page.getByLabel('Diepte (cm)')).toHaveValue('120');
  await page.getByLabel('Hoogte (cm)').fill('110');
  await page.getByLabel('Gewicht (kg)').fill('650');
  await page.getByLabel('Omschrijving van de goederen').fill('Tegels');
  await page.getByLabel('Pallet moet geruild worden').check();
  await page.getByRole('button', { name: 'Item opslaan' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Tegels' })).toContainText('80 × 110 × 120 cm, 650 kg');

  await page.getByRole('button', { name: /Verder: Ophaalgegevens/ }).click();
  await side(page, 'Industrieweg 5, 3500 Hasselt', 'Morgen', /Werkdag/, 'Laadkade 3');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /Verder: Leveringsgegevens/ }).click();
  await side(page, 'Meir 24, 2000 Antwerpen', 'Deze week', /In overleg/, 'Winkel, achteringang');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /Verder: Prijsgegevens/ }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /Kies verzekering/ }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Opdracht plaatsen' }).click();
  await expect(page).toHaveURL(/#\/jobs\/\d+$/);

  // The server stored both items with their sizes.
  const id = /#\/jobs\/(\d+)$/.exec(page.url())![1];
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('vm.token')!).access_token);
  const shipment = await (await fetch(`${server.url}/api/shipment/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(shipment.packages).toMatchObject([
    { type: 'boxed', width: 40, height: 40, length: 60, weight: 12, tags: ['breakable'] },
    { type: 'pallet', width: 80, height: 110, length: 120, weight: 650, pallet_type: 'euro_pallet', must_be_traded: true },
  ]);
});
