import { expect, logInViaForm, registerViaApi, test } from '../support/fixtures.ts';

test('lists a created shipment under Active as a card, and shows the empty text elsewhere', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await expect(page.getByText('Geen actieve opdrachten gevonden!')).toBeVisible();

  // A shipment for tomorrow, made through the API the wizard uses.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('vm.token')!).access_token);
  const tomorrow = Math.floor(Date.now() / 1000) + 24 * 3600;
  const side = (city: string, lat: number, lng: number, from: number) => ({
    date_from: from,
    date_till: from + 9 * 3600,
    date_timezone: 'Europe/Brussels',
    lat,
    lng,
    street: 'Markt',
    number: '1',
    zip: '',
    city,
    country: 'BE',
    notes: 'Bel aan',
  });
  const form = new FormData();
  form.append('content', JSON.stringify({ pickup: side('Hasselt', 50.931, 5.338, tomorrow), delivery: side('Gent', 51.054, 3.717, tomorrow + 3600), insurance: 'cmr', packages: [{ type: 'medium', description: 'Zetel' }] }));
  const res = await fetch(`${server.url}/api/shipment`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(201);

  await page.reload();
  const card = page.getByRole('link', { name: /Hasselt → Gent/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Nieuw');
  await expect(card).toContainText('1 item · middelgroot');
  await expect(card).toContainText(/\d+ km/);
  await card.click();
  await expect(page).toHaveURL(/#\/jobs\/\d+$/);

  await page.goto('/#/jobs/status/previous');
  await expect(page.getByText('Geen afgeronde opdrachten gevonden!')).toBeVisible();
  await page.goto('/#/jobs/status/nonsense');
  await expect(page).toHaveURL(/#\/jobs\/status\/active$/);
});
