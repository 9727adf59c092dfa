import { acceptFirstOfferViaApi, demo as test } from '../support/demo.ts';
import { expect, logInViaForm, registerViaApi, tokenIn } from '../support/fixtures.ts';
import type { TestServer } from '../support/server.ts';

// Issue 20, defect 6: "Place Saint-Lambert 1, 4000 Liège" booked in the Dutch app was stored as
// "4000 Luik" and showed so in the French app and mails. The town now follows the reader.

/** A job Hasselt -> 4000 Luik, as the Dutch wizard books it (the geocoder's Dutch name), pickup tomorrow. */
async function bookToLiegeInDutch(server: TestServer, token: string): Promise<number> {
  const day = new Date(Date.now() + 24 * 3600_000);
  const at = (h: number) => Math.floor(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h - 1) / 1000); // Brussels is UTC+1 in winter
  const side = (street: string, zip: string, city: string, lat: number, lng: number, from: number, till: number) => ({
    date_from: from,
    date_till: till,
    date_timezone: 'Europe/Brussels',
    lat,
    lng,
    street,
    number: '1',
    zip,
    city,
    country: 'BE',
    notes: 'Bel aan',
  });
  const form = new FormData();
  form.append(
    'content',
    JSON.stringify({
      pickup: side('Grote Markt', '3500', 'Hasselt', 50.931, 5.338, at(8), at(17)),
      delivery: side('Place Saint-Lambert', '4000', 'Luik', 50.6455, 5.5733, at(17), at(22)),
      insurance: 'cmr',
      packages: [{ type: 'medium', description: 'Zetel' }],
    }),
  );
  const res = await fetch(`${server.url}/api/shipment`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'accept-language': 'nl-BE' } });
  if (res.status !== 201) throw new Error(`create shipment: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

test('defect 6: town names follow the reader', async ({ page, demoServer }) => {
  const p = await registerViaApi(demoServer);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await expect(page.getByRole('heading', { name: 'Actieve opdrachten' })).toBeVisible();
  const token = await tokenIn(page);
  const id = await bookToLiegeInDutch(demoServer, token);

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
