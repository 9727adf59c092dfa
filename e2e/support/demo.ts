import { test as base, type Page } from '@playwright/test';
import { createShipmentViaApi, expect, logInViaForm, registerViaApi, tokenIn } from './fixtures.ts';
import { startServer, type TestServer } from './server.ts';

// The marketplace on a fresh embedded database with fast demo drivers: offers within seconds,
// one state per second once accepted.
export const demo = base.extend<object, { demoServer: TestServer }>({
  demoServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ DEMO_DRIVERS: 'true', DEMO_OFFER_DELAY_SECONDS: '1', DEMO_STEP_SECONDS: '1' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ demoServer }, use) => use(demoServer.url),
});

/** A new sender, signed in through the form, with one job Hasselt -> Gent. */
export async function signedInWithJob(page: Page, server: TestServer) {
  const p = await registerViaApi(server);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await expect(page.getByRole('heading', { name: 'Actieve opdrachten' })).toBeVisible();
  const id = await createShipmentViaApi(server, await tokenIn(page));
  return { p, id };
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Kaartnummer').fill(number);
  await page.getByLabel('Vervaldatum (MM/JJ)').fill('12/34');
  await page.getByLabel('Beveiligingscode (CVC)').fill('123');
  await page.getByRole('button', { name: 'Kaart toevoegen' }).click();
}

/** Opens the offers of the job page, picks the first and accepts it with a new test card. */
export async function acceptFirstOfferWithCard(page: Page) {
  await page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ }).click({ timeout: 20_000 });
  const modal = page.getByRole('dialog', { name: 'Biedingen' });
  await modal.locator('tbody tr').first().click();
  await modal.getByRole('button', { name: 'Aanvaarden met kredietkaart / factuur' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Het bod is aanvaard!')).toBeVisible();
}
