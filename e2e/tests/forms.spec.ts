import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, logInViaForm, registerViaApi, test, tokenIn } from '../support/fixtures.ts';

// Issue 10, part 6: the wizard's forms say what is wrong where it is wrong, when it happens.

const png = (name: string) => sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).png().toBuffer().then((buffer) => ({ name, mimeType: 'image/png', buffer }));

async function toInfoStep(page: Page, type: RegExp) {
  await page.goto('/#/jobs/create');
  await page.getByRole('radio', { name: type }).check();
  await page.getByRole('button', { name: /Verder: Pakketinfo/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pakketinfo' })).toBeVisible();
}

/** The error under the photo field. */
const photoError = (page: Page) => page.locator('.field', { has: page.getByLabel("Foto's") }).locator('.field-error');

test('a wrong photo is named under the photo field the moment it is chosen', async ({ page }) => {
  await toInfoStep(page, /Middelgroot/);
  const photos = page.getByLabel("Foto's");

  // A PDF that calls itself a PNG: the content decides.
  await photos.setInputFiles({ name: 'factuur.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n') });
  await expect(photoError(page)).toHaveText('factuur.png is geen foto (JPEG, PNG, WebP, GIF, HEIC of AVIF).');
  await expect(photos).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await photos.getAttribute('aria-describedby'))!;
  expect(describedBy.split(' ')).toContain(await photoError(page).getAttribute('id'));

  // Over 10 MB.
  const big = Buffer.alloc(10 * 1024 * 1024 + 1);
  (await png('x')).buffer.copy(big);
  await photos.setInputFiles({ name: 'groot.png', mimeType: 'image/png', buffer: big });
  await expect(photoError(page)).toHaveText('groot.png is te groot (maximaal 10 MB).');

  // More than a medium package takes (3).
  await photos.setInputFiles(await Promise.all(['a.png', 'b.png', 'c.png', 'd.png'].map(png)));
  await expect(photoError(page)).toHaveText("Kies hoogstens 3 foto's.");

  // Good photos clear the message and are kept.
  await photos.setInputFiles(await Promise.all(['a.png', 'b.png'].map(png)));
  await expect(photoError(page)).toHaveCount(0);
  await expect(page.getByText('a.png, b.png')).toBeVisible();
  await expect(photos).not.toHaveAttribute('aria-invalid', 'true');
});

test('a wizard restored without its photo says so on the info step', async ({ page }) => {
  await toInfoStep(page, /Groot/);
  await page.getByLabel('Omschrijving van de goederen').fill('Drie paletten tegels');
  await page.getByLabel("Foto's").setInputFiles(await png('tegels.png'));
  await expect(page.getByText('tegels.png')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'niet meer beschikbaar' })).toHaveCount(0);

  // The stored photos are gone (cleared storage, another window), the rest of the draft is not.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.deleteDatabase('vm-wizard');
        req.onsuccess = () => resolve();
        req.onerror = () => reject(req.error);
        req.onblocked = () => resolve();
      }),
  );
  await page.reload();
  await expect(page.getByLabel('Omschrijving van de goederen')).toHaveValue('Drie paletten tegels');
  await expect(page.getByRole('status').filter({ hasText: 'De foto van je vorige bezoek (tegels.png) is niet meer beschikbaar. Kies ze opnieuw.' })).toBeVisible();

  // Choosing it again ends the message.
  await page.getByLabel("Foto's").setInputFiles(await png('tegels.png'));
  await expect(page.getByText('niet meer beschikbaar')).toHaveCount(0);
});

test('pallet exchange is offered for pallets only; the flags have their own title; sizes read width × height × depth', async ({ page }) => {
  await toInfoStep(page, /Iets anders/);
  await page.getByRole('button', { name: /Item toevoegen/ }).click();
  const flags = page.getByRole('group', { name: 'Kenmerken van dit item' });
  await expect(flags).toBeVisible();
  await expect(flags.getByRole('checkbox', { name: 'Breekbaar' })).toBeVisible();
  // Boxes: no pallet exchange anywhere.
  await expect(page.getByRole('checkbox', { name: /Palletruil/ })).toHaveCount(0);

  await page.getByLabel('Soort item').selectOption({ label: 'Pallet' });
  await expect(flags.getByRole('checkbox', { name: /Palletruil/ })).toHaveCount(1);
  await flags.getByRole('checkbox', { name: /Palletruil/ }).check();
  // Back to boxes: the pallet's switch goes, and is not kept.
  await page.getByLabel('Soort item').selectOption({ label: 'Dozen' });
  await expect(page.getByRole('checkbox', { name: /Palletruil/ })).toHaveCount(0);
  await page.getByLabel('Soort item').selectOption({ label: 'Pallet' });
  await expect(flags.getByRole('checkbox', { name: /Palletruil/ })).not.toBeChecked();
  await flags.getByRole('checkbox', { name: /Palletruil/ }).check();
  await flags.getByRole('checkbox', { name: 'Breekbaar' }).check();
  await page.getByLabel('Soort pallet').selectOption({ label: 'Andere pallet' });
  await page.getByLabel('Breedte (cm)').fill('90');
  await page.getByLabel('Hoogte (cm)').fill('150');
  await page.getByLabel('Diepte (cm)').fill('110');
  await page.getByLabel('Gewicht (kg)').fill('400');
  await page.getByLabel('Omschrijving van de goederen').fill('Tegels');
  await page.getByRole('button', { name: 'Item opslaan' }).click();
  // The order in which they were entered: width, height, depth; then the flags.
  await expect(page.locator('.item-row')).toContainText('Pallet · Tegels · 90 × 150 × 110 cm, 400 kg · Breekbaar · Palletruil');
});

test('the job page shows a package as width × height × depth with its flags', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await expect(page).toHaveURL(/#\/jobs\/status\/active$/);
  const day = new Date(Date.now() + 24 * 3600_000);
  const at = (h: number) => Math.floor(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h - 1) / 1000);
  const side = (city: string, lat: number, lng: number, from: number, till: number) => ({ date_from: from, date_till: till, date_timezone: 'Europe/Brussels', lat, lng, street: 'Markt', number: '1', zip: '', city, country: 'BE', notes: 'Bel aan' });
  const form = new FormData();
  form.append(
    'content',
    JSON.stringify({
      pickup: side('Hasselt', 50.931, 5.338, at(8), at(17)),
      delivery: side('Gent', 51.054, 3.717, at(17), at(22)),
      insurance: 'cmr',
      packages: [
        { type: 'pallet', description: 'Tegels', width: 90, height: 150, length: 110, weight: 400, tags: ['breakable', 'no_stacking'], pallet_type: 'other_pallet', must_be_traded: true },
        { type: 'boxed', description: 'Dozen', width: 40, height: 30, length: 60, weight: 10, tags: ['refrigerated'] },
      ],
    }),
  );
  const res = await fetch(`${server.url}/api/shipment`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await tokenIn(page)}` } });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  await page.goto(`/#/jobs/${id}`);
  const packages = page.locator('section.card', { has: page.getByRole('heading', { name: 'Pakketten' }) });
  await expect(packages.locator('li').nth(0)).toContainText('pallet · 90 × 150 × 110 cm · 400 kg');
  await expect(packages.locator('li').nth(0)).toContainText('Breekbaar · Niet stapelen · Palletruil');
  await expect(packages.locator('li').nth(1)).toContainText('dozen · 40 × 30 × 60 cm · 10 kg');
  await expect(packages.locator('li').nth(1)).toContainText('Gekoeld');
  await expect(packages.locator('li').nth(1)).not.toContainText('Palletruil');
});
