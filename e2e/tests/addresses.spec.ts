import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { attachScreens } from '../support/screens.ts';

// Issue 10, part 2: addresses a driver can drive to, with the embedded geocoder (Belgian postcodes).

async function toPickupStep(page: Page) {
  await page.goto('/#/jobs/create');
  await page.getByRole('radio', { name: /Klein/ }).check();
  await page.getByRole('button', { name: /Verder: Pakketinfo/ }).click();
  await page.getByLabel('Omschrijving van de goederen').fill('Doos');
  await page.getByRole('button', { name: /Verder: Ophaalgegevens/ }).click();
}

const addressInput = (page: Page) => page.getByRole('combobox', { name: 'Adres' });
const pin = (page: Page) => page.getByTestId('location-map').locator('.leaflet-marker-icon');

test.describe('addresses in the wizard (embedded geocoder)', () => {
  test('"Kerkstraat 12 bus 3, 9000 Gent" suggests Gent only, keeps the street, says the place is approximate; moving the pin keeps the street', async ({ page }, testInfo) => {
    await toPickupStep(page);
    await addressInput(page).fill('Kerkstraat 12 bus 3, 9000 Gent');
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toHaveText(/^Kerkstraat 12 bus 3, 9000 Gent/);
    await expect(page.getByRole('listbox')).not.toContainText('Gentinnes');
    await options.first().click();
    await expect(addressInput(page)).toHaveValue('Kerkstraat 12 bus 3, 9000 Gent');
    const note = page.getByTestId('approximate-note');
    await expect(note).toContainText('Plaats bij benadering');
    await expect(note).toContainText('Gent');
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreens(page, testInfo, 'wizard-pickup-approximate');

    // Drag the pin 150 px east: the point, postcode and town may change, the street never does.
    const before = (await pin(page).boundingBox())!;
    await page.mouse.move(before.x + before.width / 2, before.y + before.height - 4);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 + 75, before.y + before.height - 4 + 10, { steps: 5 });
    await page.mouse.move(before.x + before.width / 2 + 150, before.y + before.height - 4 + 20, { steps: 5 });
    await page.mouse.up();
    await expect(addressInput(page)).toHaveValue(/^Kerkstraat 12 bus 3, 9\d{3} \S/);
    const after = (await pin(page).boundingBox())!;
    expect(after.x).toBeGreaterThan(before.x + 100);
    await expect(page.getByText('Het adres moet een volledig adres met straat en huisnummer zijn.')).toHaveCount(0);
  });

  test('a click in the sea or abroad says so and keeps the previous address and pin', async ({ page }) => {
    await toPickupStep(page);
    await addressInput(page).fill('Zeedijk 1, 8660 De Panne');
    await page.getByRole('option', { name: /Zeedijk 1, 8660 De Panne/ }).click();
    await expect(addressInput(page)).toHaveValue('Zeedijk 1, 8660 De Panne');
    // Zoom out until the North Sea and France are in view; the top-left corner lies off Belgian land.
    const map = page.getByTestId('location-map');
    for (let i = 0; i < 2; i++) {
      await map.getByRole('button', { name: 'Uitzoomen' }).click();
      await expect(map).not.toHaveClass(/leaflet-zoom-anim/);
    }
    // The pin's place within the map (the message above the map moves the whole map down).
    const pinInMap = async () => {
      const [p, m] = [(await pin(page).boundingBox())!, (await map.boundingBox())!];
      return { x: Math.round(p.x - m.x), y: Math.round(p.y - m.y) };
    };
    const kept = await pinInMap();
    await map.click({ position: { x: 8, y: 8 } });
    await expect(page.getByText('Geen adres gevonden voor deze locatie.')).toBeVisible();
    await expect(addressInput(page)).toHaveValue('Zeedijk 1, 8660 De Panne');
    await expect.poll(pinInMap).toEqual(kept);
    await expect(page.getByTestId('approximate-note')).toContainText('De Panne');
  });

  test('town first or last, with or without a comma; nothing found says so', async ({ page }) => {
    await toPickupStep(page);
    for (const typed of ['Meir 1 Antwerpen', 'Antwerpen, Meir 1']) {
      await addressInput(page).fill(typed);
      await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(/^Meir 1, 2000 Antwerpen/);
    }
    await page.getByRole('listbox').getByRole('option').first().click();
    await expect(addressInput(page)).toHaveValue('Meir 1, 2000 Antwerpen');
    // Accents kept, and the Dutch name where Belgium has two (the UI is Dutch).
    await addressInput(page).fill('Rue de Herve 10, 4030 Grivegnée');
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(/^Rue de Herve 10, 4030 Grivegnée/);
    await addressInput(page).fill('Rue Neuve 5, 1000 Bruxelles');
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(/^Rue Neuve 5, 1000 Brussel\b/);
    await addressInput(page).fill('Xyzstraat 1, Qwertyville');
    await expect(page.getByTestId('address-status')).toHaveText('Geen adres gevonden. Typ straat en huisnummer, postcode en gemeente.');
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a typed address that was not picked says to pick it; Enter picks the best suggestion', async ({ page }) => {
    await toPickupStep(page);
    await addressInput(page).fill('Kerkstraat 12, 3500 Hasselt');
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(/^Kerkstraat 12, 3500 Hasselt/);
    // Next without a pick: not "required" (the field is full), but where to go from here.
    await page.getByRole('button', { name: /Verder: Leveringsgegevens/ }).click();
    await expect(page.getByText('Kies je adres uit de suggesties onder het veld.')).toBeVisible();
    await expect(addressInput(page)).toHaveAccessibleDescription(/Kies je adres uit de suggesties onder het veld\./);
    await expect(addressInput(page)).not.toHaveAccessibleDescription(/verplicht/);
    await expect(page.getByRole('group', { name: 'Dag' })).toHaveCount(0);
    // The click on Next took the focus away and the list closed (what the sender sees while reading the
    // message); back in the field, the suggestions it points to are shown again.
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await addressInput(page).focus();
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(/^Kerkstraat 12, 3500 Hasselt/);
    // Enter with nothing highlighted takes the first suggestion: the day choice appears.
    await addressInput(page).press('Enter');
    await expect(addressInput(page)).toHaveValue('Kerkstraat 12, 3500 Hasselt');
    await expect(page.getByRole('group', { name: 'Dag' })).toBeVisible();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    // A new address and Enter at once, while the list still shows the old one's suggestions: Enter
    // takes the best suggestion for what was typed once it comes in, never an older one.
    await addressInput(page).fill('Meir 1, 2000 Antwerpen');
    await addressInput(page).press('Enter');
    await expect(addressInput(page)).toHaveValue('Meir 1, 2000 Antwerpen');
    await expect(page.getByRole('group', { name: 'Dag' })).toBeVisible();
    await expect(page.getByRole('listbox')).toHaveCount(0);
  });
});

