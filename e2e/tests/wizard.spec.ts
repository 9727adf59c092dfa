import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, logInViaForm, newPerson, registerViaApi, test } from '../support/fixtures.ts';
import { mondayAt } from '../support/clock.ts';

async function chooseAddress(page: Page, typed: string, suggestion: RegExp) {
  const input = page.getByRole('combobox', { name: 'Adres' });
  await input.fill(typed);
  await page.getByRole('option', { name: suggestion }).first().click();
  await expect(input).toHaveValue(new RegExp(suggestion.source.split(',')[0]!));
}

async function fillSide(page: Page, address: string, suggestion: RegExp, day: string, time: RegExp, instructions: string) {
  await chooseAddress(page, address, suggestion);
  await page.getByRole('radio', { name: day }).check();
  await page.getByRole('radio', { name: time }).check();
  await page.getByLabel('Instructies voor de chauffeur').fill(instructions);
}

/** Through type and info to the pickup step, with the pickup address chosen. */
async function toPickupStep(page: Page, type: RegExp = /Klein/, description = 'Doos') {
  await page.goto('/#/jobs/create');
  await page.getByRole('radio', { name: type }).check();
  await page.getByRole('button', { name: /Verder: Pakketinfo/ }).click();
  await page.getByLabel('Omschrijving van de goederen').fill(description);
  await page.getByRole('button', { name: /Verder: Ophaalgegevens/ }).click();
}

async function toPickup(page: Page) {
  await toPickupStep(page);
  await chooseAddress(page, 'Kerkstraat 12, 3500 Hasselt', /Kerkstraat 12, 3500 Hasselt/);
}

async function throughToInsurance(page: Page) {
  await page.goto('/#/jobs/create');
  await page.getByRole('radio', { name: /Klein · Makkelijk te dragen/ }).check();
  await page.getByRole('button', { name: 'Verder: Pakketinfo →' }).click();
  await expect(page.getByText('Zorg ervoor dat al je goederen samen deze grenzen niet overschrijden')).toBeVisible();
  await page.getByLabel('Omschrijving van de goederen').fill('Een gitaar in een harde koffer');
  await page.getByRole('button', { name: 'Verder: Ophaalgegevens →' }).click();
  // A click on the map finds the town there; the autocomplete then gives the full address.
  await page.getByTestId('location-map').click({ position: { x: 300, y: 150 } });
  await expect(page.getByRole('combobox', { name: 'Adres' })).toHaveValue(/Hasselt/);
  await fillSide(page, 'Kerkstraat 12, 3500 Hasselt', /Kerkstraat 12, 3500 Hasselt/, 'Morgen', /Werkdag/, 'Bel aan bij nummer 12');
  await page.getByRole('button', { name: 'Verder: Leveringsgegevens →' }).click();
  await fillSide(page, 'Rue Neuve 5, 1000 Bruxelles', /Rue Neuve 5, 1000 Brussel/, 'Morgen', /Avond/, 'Levering aan de achterdeur');
  await page.getByRole('button', { name: 'Verder: Prijsgegevens →' }).click();
  await expect(page.getByTestId('price-estimate')).toContainText('Geschatte prijs');
  // The fair-price band (issue 20): a guest asks with a client token; a range with its basis, or the honest fallback.
  await expect(page.getByRole('region', { name: 'Wat anderen betaalden' })).toContainText(/op basis van \d+ vergelijkbare opdracht|Nog te weinig vergelijkbare opdrachten/);
  // SPEC section 2, step 5 (issue 20, defect 11): a cost table and the offer list, then 'Choose insurance'.
  const costs = page.getByRole('table', { name: 'Kosten volgens de schatting' });
  await expect(costs.getByRole('row', { name: /^Transportkost € \d+(,\d\d)? – € \d+(,\d\d)?$/ })).toBeVisible();
  await expect(costs.getByRole('row', { name: /^Verzekering € 0,00$/ })).toBeVisible();
  await expect(costs.getByRole('row', { name: /^Totaal incl\. 21 % btw € [\d.]+(,\d\d)? – € [\d.]+(,\d\d)?$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Biedingen' })).toContainText('Nog geen biedingen');
  await page.getByRole('button', { name: 'Kies verzekering →' }).click();
  await expect(page.getByRole('radio', { name: /Basis \(500 euro\)/ })).toBeChecked();
}

test.describe('create-shipment wizard', () => {
  test.use({ timezoneId: 'Europe/Brussels' });
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(mondayAt('10:00'));
  });

  test('defect 11: logged in: step 5 shows the cost table, the offer list and "Kies verzekering"; a small shipment completed lands on the job', async ({ page, server }) => {
    const p = await registerViaApi(server);
    await page.goto('/#/login');
    await logInViaForm(page, p);
    await expect(page).toHaveURL(/#\/jobs\/status\/active$/);
    await throughToInsurance(page);
    await page.getByRole('radio', { name: /All-in tot 1.250 euro/ }).check();
    await page.getByRole('button', { name: 'Opdracht plaatsen' }).click();
    await expect(page).toHaveURL(/#\/jobs\/\d+$/);
    await expect(page.getByText('Je opdracht is aangemaakt!')).toBeVisible();
  });

  test('logged out: Register keeps everything and comes back to finish', async ({ page, server }) => {
    await throughToInsurance(page);
    await page.getByRole('button', { name: 'Registreren' }).click();
    await expect(page).toHaveURL(/#\/register\?redirect=%2Fjobs%2Fcreate$/);
    const p = newPerson();
    await page.getByLabel('Gsm-nummer').fill(p.typedPhone);
    await page.getByRole('button', { name: 'Verstuur code' }).click();
    await page.getByLabel('Verificatiecode').fill(await server.smsCode(p.e164));
    await page.getByRole('button', { name: 'Verifieer code' }).click();
    await page.getByLabel('Voornaam').fill(p.first);
    await page.getByLabel('Achternaam').fill(p.last);
    await page.getByLabel('Geboortedatum').fill('02/04/1991');
    await page.getByLabel('E-mailadres').fill(p.email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(p.password);
    await page.getByLabel('Herhaal wachtwoord').fill(p.password);
    await page.getByRole('button', { name: 'Registreren' }).click();
    await expect(page).toHaveURL(/#\/jobs\/create$/);
    await expect(page.getByRole('heading', { name: 'Verzekering' })).toBeVisible();
    await page.getByRole('button', { name: 'Opdracht plaatsen' }).click();
    await expect(page).toHaveURL(/#\/jobs\/\d+$/);
  });

  test('refuses an address without a house number', async ({ page }) => {
    await toPickupStep(page, /Middelgroot/, 'Zetel');
    await chooseAddress(page, 'Kerkstraat, 3500 Hasselt', /Kerkstraat, 3500 Hasselt/);
    await page.getByRole('button', { name: /Verder: Leveringsgegevens/ }).click();
    await expect(page.getByText('Het adres moet een volledig adres met straat en huisnummer zijn.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ophaalgegevens' })).toBeVisible();
  });

  test('keeps its state across a reload', async ({ page }) => {
    await page.goto('/#/jobs/create');
    await page.getByRole('radio', { name: /Groot/ }).check();
    await page.getByRole('button', { name: /Verder: Pakketinfo/ }).click();
    await page.getByLabel('Omschrijving van de goederen').fill('Drie paletten tegels');
    await page.getByLabel("Foto's").setInputFiles({ name: 'tegels.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).png().toBuffer() });
    await page.getByRole('button', { name: /Verder: Ophaalgegevens/ }).click();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Ophaalgegevens' })).toBeVisible();
    await page.getByRole('button', { name: /Terug: Pakketinfo/ }).click();
    await expect(page.getByLabel('Omschrijving van de goederen')).toHaveValue('Drie paletten tegels');
    // The chosen photo is kept too.
    await expect(page.getByText('tegels.png')).toBeVisible();
  });
});

test('logging out forgets the draft of the person who left', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await expect(page).toHaveURL(/#\/jobs\/status\/active$/);
  await toPickupStep(page, /Groot/, 'Piano');
  await page.getByTestId('user-widget').getByRole('button', { name: 'Afmelden' }).click();
  await page.goto('/#/jobs/create');
  await expect(page.getByRole('heading', { name: 'Kies type' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Groot/ })).not.toBeChecked();
});

// Issue 20, defect 5: the browser's Back left the wizard (to the login page for a guest on step 3).
test("defect 5: the browser's Back and Forward move between the wizard's steps, keeping what was entered", async ({ page }) => {
  await toPickupStep(page);
  const title = (name: string) => page.getByRole('heading', { level: 1, name });
  await expect(title('Ophaalgegevens')).toBeVisible();
  await page.goBack();
  await expect(title('Pakketinfo')).toBeVisible();
  await expect(page.getByLabel('Omschrijving van de goederen')).toHaveValue('Doos');
  await page.goBack();
  await expect(title('Kies type')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Klein/ })).toBeChecked();
  await page.goForward();
  await expect(title('Pakketinfo')).toBeVisible();
  await page.goForward();
  await expect(title('Ophaalgegevens')).toBeVisible();
  await expect(page).toHaveURL(/#\/jobs\/create$/);
  // Back past the first step leaves the wizard, to where the sender came from.
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(page).not.toHaveURL(/#\/jobs\/create$/);
});

test('the map shows the built-in basemap without a tile server, and a click picks the place', async ({ page }) => {
  await toPickupStep(page);
  const map = page.getByTestId('location-map');
  await expect(map).toHaveCSS('height', '300px');
  // Country shapes from Natural Earth and GeoNames town names, no tiles.
  await expect(map.locator('path.basemap-be')).toBeVisible();
  await expect(map.locator('.town-label', { hasText: 'Hasselt' })).toBeVisible();
  await expect(map.locator('.leaflet-tile')).toHaveCount(0);
  await expect(map).toContainText('Natural Earth');
  await map.click({ position: { x: 300, y: 150 } });
  await expect(page.getByRole('combobox', { name: 'Adres' })).toHaveValue(/Hasselt/);
  // A town alone is no full address: the street and number are still asked for.
  await page.getByLabel('Instructies voor de chauffeur').fill('x');
  await page.getByRole('button', { name: /Verder: Leveringsgegevens/ }).click();
  await expect(page.getByText('Het adres moet een volledig adres met straat en huisnummer zijn.')).toBeVisible();
});

test('zooming the map keeps one label per town: a redraw never shows a name twice', async ({ page }) => {
  await toPickupStep(page);
  const map = page.getByTestId('location-map');
  await expect(map.locator('.town-label', { hasText: /^Hasselt$/ })).toBeVisible();
  // At every change of the map's DOM: the most Hasselt labels seen at once, and whether a zoom
  // has ended (Leaflet redraws the towns in the same task that ends the zoom animation).
  await map.evaluate((el) => {
    const seen = { most: 0, zoomed: false };
    Reflect.set(window, 'labelsSeen', seen);
    const pane = el.querySelector('.leaflet-map-pane')!;
    let animating = false;
    new MutationObserver(() => {
      const hasselt = [...el.querySelectorAll('.town-label')].filter((t) => t.textContent === 'Hasselt');
      seen.most = Math.max(seen.most, hasselt.length);
      if (pane.classList.contains('leaflet-zoom-anim')) animating = true;
      else if (animating) seen.zoomed = true;
    }).observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  const seen = () => page.evaluate(() => Reflect.get(window, 'labelsSeen') as { most: number; zoomed: boolean });
  await map.getByRole('button', { name: 'Inzoomen' }).click();
  await expect.poll(async () => (await seen()).zoomed).toBe(true);
  await expect(map.locator('.town-label', { hasText: /^Hasselt$/ })).toHaveCount(1);
  expect((await seen()).most).toBe(1);
});

test.describe('time rules in Brussels time', () => {
  test('today is disabled at 23:10', async ({ page }) => {
    await page.clock.setFixedTime(mondayAt('23:10'));
    await toPickup(page);
    await expect(page.getByRole('radio', { name: 'Vandaag' })).toBeDisabled();
    await expect(page.getByRole('radio', { name: 'Morgen' })).toBeEnabled();
  });

  test('workday is disabled at 16:30 today', async ({ page }) => {
    await page.clock.setFixedTime(mondayAt('16:30'));
    await toPickup(page);
    await page.getByRole('radio', { name: 'Vandaag' }).check();
    await expect(page.getByRole('radio', { name: /Werkdag/ })).toBeDisabled();
    await expect(page.getByRole('radio', { name: /Avond/ })).toBeEnabled();
  });

  test('delivery today is disabled when pickup is tomorrow', async ({ page }) => {
    await page.clock.setFixedTime(mondayAt('10:00'));
    await toPickup(page);
    await page.getByRole('radio', { name: 'Morgen' }).check();
    await page.getByRole('radio', { name: /Werkdag/ }).check();
    await page.getByLabel('Instructies voor de chauffeur').fill('Achterdeur');
    await page.getByRole('button', { name: /Verder: Leveringsgegevens/ }).click();
    await chooseAddress(page, 'Meir 24, 2000 Antwerpen', /Meir 24, 2000 Antwerpen/);
    await expect(page.getByRole('radio', { name: 'Vandaag' })).toBeDisabled();
    await expect(page.getByRole('radio', { name: 'Morgen' })).toBeEnabled();
  });
});
