import { test as base, type Page } from '@playwright/test';
import { createShipmentViaApi, expect, logInViaForm, registerViaApi, tokenIn } from './fixtures.ts';
import { SERVER_START_TIMEOUT, startServer, type TestServer } from './server.ts';

// The marketplace on a fresh embedded database with fast demo drivers: offers within a second,
// then one driver state a second once an offer is accepted (unless `env` says otherwise).

export function demoTest(env: Record<string, string> = {}) {
  return base.extend<object, { demoServer: TestServer }>({
    demoServer: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const server = await startServer({ DEMO_DRIVERS: 'true', DEMO_OFFER_DELAY_SECONDS: '1', DEMO_STEP_SECONDS: '1', ...env });
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: SERVER_START_TIMEOUT },
    ],
    baseURL: async ({ demoServer }, use) => use(demoServer.url),
  });
}

/** The usual demo: offers within a second, a state a second. */
export const demo = demoTest();

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
export async function acceptFirstOfferWithCard(page: Page, cardNumber = '4242 4242 4242 4242') {
  await page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ }).click({ timeout: 20_000 });
  const modal = page.getByRole('dialog', { name: 'Biedingen' });
  await modal.locator('tbody tr').first().click();
  await modal.getByRole('button', { name: 'Aanvaarden met kredietkaart / factuur' }).click();
  await fillCard(page, cardNumber);
  await confirmAccept(page);
  await expect(page.getByText('Het bod is aanvaard!')).toBeVisible();
}

/** The final confirmation every accept asks (amount, driver, method): confirms it. */
export async function confirmAccept(page: Page, button = 'Bevestigen en betalen') {
  await page.getByRole('dialog', { name: 'Bod aanvaarden?' }).getByRole('button', { name: button }).click();
}

/** Waits for a demo driver's offer and accepts it with a test card, through the API the offers modal uses. */
export async function acceptFirstOfferViaApi(server: TestServer, token: string, shipmentId: number): Promise<void> {
  const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
  let offerId: number | undefined;
  await expect
    .poll(
      async () => {
        const s = (await (await call(`/api/shipment/${shipmentId}`)).json()) as { offers: { id: number }[] };
        offerId = s.offers[0]?.id;
        return offerId;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  expect((await call('/api/billing/addcard', { method: 'POST', body: { stripeToken: 'tok_visa' } })).status).toBe(200);
  const accepted = await call(`/api/shipment/${shipmentId}/offer/${offerId}`, { method: 'POST' });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
}

/** The sender confirms the delivery through the API (the money is released and the job is done). */
async function confirmDelivery(server: Pick<TestServer, 'url'>, token: string, shipmentId: number): Promise<void> {
  const confirmed = await fetch(`${server.url}/api/shipment/${shipmentId}/delivery`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'confirmed' }),
  });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
}

/**
 * Waits until the demo driver has delivered the job (its badge reads `delivered`, in the page's
 * language), then confirms the delivery through the API, as a walk sets up what it is not about:
 * the money is released and the job is done (`finished`).
 */
export async function deliveredThenConfirmed(page: Page, server: Pick<TestServer, 'url'>, shipmentId: number, labels: { delivered: string; finished: string } = { delivered: 'Geleverd', finished: 'Afgerond' }): Promise<void> {
  const badge = page.locator('.job-detail .badge').first();
  await expect(badge).toHaveText(labels.delivered, { timeout: 40_000 });
  await confirmDelivery(server, await tokenIn(page), shipmentId);
  await expect(badge).toHaveText(labels.finished);
}

/** Waits (reading the job through the API) until the demo driver has delivered it, then confirms the delivery through the API. */
export async function confirmWhenDelivered(server: Pick<TestServer, 'url'>, token: string, shipmentId: number): Promise<void> {
  await expect
    .poll(async () => ((await (await fetch(`${server.url}/api/shipment/${shipmentId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { current_state: { state: string } }).current_state.state, { timeout: 60_000 })
    .toBe('delivered');
  await confirmDelivery(server, token, shipmentId);
}
