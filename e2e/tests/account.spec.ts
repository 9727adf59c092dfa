import sharp from 'sharp';
import { expect, logInViaForm, registerViaApi, test } from '../support/fixtures.ts';

/** A real 64x64 PNG, made in the test so no fixture file is needed. */
const png = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#0b5d4b' } }).png().toBuffer();

test('a new profile picture shows in the top bar', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login?redirect=%2Faccount');
  await logInViaForm(page, p);
  await expect(page.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();
  const widget = page.getByTestId('user-widget');
  await expect(widget.locator('img')).toHaveCount(0);

  await page.getByLabel('Profielfoto wijzigen', { exact: true }).last().setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png() });
  await expect(page.getByText('Je profielfoto is bijgewerkt.')).toBeVisible();
  await expect(widget.locator('img')).toHaveAttribute('src', /^blob:/);
  // The image really loaded (a broken blob would have no size).
  await expect.poll(() => widget.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('refuses a file that is not an image, with the server message', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login?redirect=%2Faccount');
  await logInViaForm(page, p);
  await page.getByLabel('Profielfoto wijzigen', { exact: true }).last().setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expect(page.getByRole('alert').filter({ hasText: 'Dit bestand is geen afbeelding' })).toBeVisible();
});

test('edits the profile and shows it on the account page', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login?redirect=%2Fedit-user');
  await logInViaForm(page, p);
  await page.getByLabel('Voornaam').fill('Lotje');
  await page.getByLabel('Adres').fill('Kerkstraat 12, 3500 Hasselt');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/#\/account$/);
  await expect(page.getByText(`Lotje ${p.last}`).first()).toBeVisible();
  await expect(page.getByText('Kerkstraat 12, 3500 Hasselt', { exact: true })).toBeVisible();
  await expect(page.getByTestId('user-widget')).toContainText(`Lotje ${p.last}`);
});
