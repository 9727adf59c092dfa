import { acceptFirstOfferViaApi, demo as test } from '../support/demo.ts';
import { createShipmentViaApi, expect, logInViaForm, registerViaApi, tokenIn } from '../support/fixtures.ts';

// Issue 20, defect 6: "Place Saint-Lambert 1, 4000 Liège" booked in the Dutch app was stored as
// "4000 Luik" and showed so in the French app and mails. The town now follows the reader.

/** A job Hasselt -> 4000 Luik, as the Dutch wizard books it (the geocoder's Dutch name). */
const liegeInDutch = { street: 'Place Saint-Lambert', zip: '4000', city: 'Luik', lat: 50.6455, lng: 5.5733 };

test('defect 6: town names follow the reader', async ({ page, demoServer }) => {
  const p = await registerViaApi(demoServer);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await expect(page.getByRole('heading', { name: 'Actieve opdrachten' })).toBeVisible();
  const token = await tokenIn(page);
  const id = await createShipmentViaApi(demoServer, token, liegeInDutch);

  // In Dutch: Luik on the job card and the job page.
  await page.reload();
  await expect(page.getByText('Hasselt → Luik')).toBeVisible();
  await page.goto(`/#/jobs/${id}`);
  await expect(page.getByText('Place Saint-Lambert 1, 4000 Luik')).toBeVisible();

  // Switching to French renames the town on the page at once, without a reload.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/locale') && r.request().method() === 'PUT');
  await page.getByRole('combobox', { name: 'Taal' }).selectOption({ label: 'Français' });
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('Place Saint-Lambert 1, 4000 Liège')).toBeVisible();
  await expect(page.getByText('4000 Luik')).toHaveCount(0);
  await page.getByRole('link', { name: 'Actifs', exact: true }).click();
  await expect(page.getByText('Hasselt → Liège')).toBeVisible();

  // The French sender's receipt mail names Liège too.
  await acceptFirstOfferViaApi(demoServer, token, id);
  const receipt = async () => (await demoServer.outbox()).find((m) => m.to === p.email && m.subject.startsWith('Reçu'));
  await expect.poll(async () => (await receipt())?.text ?? '', { timeout: 20_000 }).toContain('4000 Liège');
  expect((await receipt())!.text).not.toContain('Luik');
});
