import { createShipmentViaApi, expect, logInViaForm, registerViaApi, test, tokenIn } from '../support/fixtures.ts';

test('lists a created shipment under Active as a card, and shows the empty text elsewhere', async ({ page, server }) => {
  const p = await registerViaApi(server);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await expect(page.getByText('Geen actieve opdrachten gevonden!')).toBeVisible();

  // A shipment for tomorrow, made through the API the wizard uses.
  await createShipmentViaApi(server, await tokenIn(page));

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
