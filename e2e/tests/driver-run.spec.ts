import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { api, jobRun, passwordToken, QUEUED_LINE, RESERVATION, type SenderJob, type SenderProofs } from '../support/driver-app.ts';
import { createShipmentViaApi, expect, registerViaApi, test } from '../support/fixtures.ts';
import { SERVER_START_TIMEOUT, startServer, type TestServer } from '../support/server.ts';

// Issue 21 part 3 and 4, doing the job at 375 px with an emulated position: a demo driver (an
// ordinary verified driver account) has an accepted job; without a network the driver drives it
// to delivered with photos and signatures drawn with the mouse; back online, the queue empties in
// order and the sender's API shows every state at the driver's own times and both proofs.

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, permissions: ['geolocation'], geolocation: { latitude: 50.931, longitude: 5.338, accuracy: 15 } });

let market: TestServer;
test.beforeAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT);
  // The demo drivers make no offer and take no step of their own during the test (an hour's delay).
  market = await startServer({ DEMO_DRIVERS: 'true', DEMO_DRIVER_PASSWORD: 'demo-geheim-123', DEMO_OFFER_DELAY_SECONDS: '3600', DEMO_STEP_SECONDS: '3600' });
});
test.afterAll(async () => market?.stop());

const call = (token: string, method: string, path: string, body?: unknown) => api(market, token, method, path, body);

async function expectAccessible(page: Page) {
  await expect.poll(async () => seriousViolations(page)).toEqual([]);
}

test('a driver drives an accepted job to delivered offline, with photos and signatures; back online the sender sees each state at its time and both proofs', async ({ page, context }) => {
  test.setTimeout(240_000);
  const sender = await registerViaApi(market);
  const senderToken = await passwordToken(market, sender.email, sender.password);
  const id = await createShipmentViaApi(market, senderToken);
  const driverToken = await passwordToken(market, 'jan.maes@demo.vrachtmarkt.be', 'demo-geheim-123');
  const offer = (await call(driverToken, 'POST', `/api/driver/shipment/${id}/offer`, { price: 120 })) as { id: number };
  await call(senderToken, 'POST', '/api/billing/addcard', { stripeToken: 'tok_visa' });
  await call(senderToken, 'POST', `/api/shipment/${id}/offer/${offer.id}`);

  await page.goto(`${market.url}/driver/`);
  await page.getByLabel('E-mailadres').fill('jan.maes@demo.vrachtmarkt.be');
  await page.getByLabel('Wachtwoord').fill('demo-geheim-123');
  await page.getByRole('button', { name: 'Aanmelden' }).click();
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Mijn ritten' }).click();
  await expect(page.getByRole('heading', { name: 'Mijn ritten' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('listitem').filter({ hasText: 'Hasselt' }).filter({ hasText: 'Aanvaard' }).getByRole('link').first().click();

  // The job: full addresses now, a navigation link to the phone's map app, the chat.
  await expect(page.getByText('Markt 1', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Navigeer naar/ })).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=50.931,5.338');
  await expect(page.getByTestId('position-sent')).toContainText('Laatste positie');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Chat met de verzender' }).click();
  await expect(page.getByRole('heading', { name: /^Chat met / })).toBeVisible();
  await expectAccessible(page);
  // The proof screen's code is loaded once online (the service worker keeps it too).
  await page.goto(`${market.url}/driver/#/my-jobs/${id}/proof/pickup`);
  await expect(page.getByRole('heading', { name: /^Ophaalbewijs in / })).toBeVisible();
  await page.goto(`${market.url}/driver/#/my-jobs/${id}`);
  await expect(page.getByTestId('run-state')).toHaveText('Status: Aanvaard');

  await context.setOffline(true);
  const { done, step, proof } = jobRun(page, { axe: true });

  await step('Vertrekken naar ophaling', 'onwaytopickup', 'Onderweg naar ophaling');
  await expect(page.getByTestId('run-waiting')).toHaveText('(wacht op verzending)');
  await expect(page.getByText(QUEUED_LINE)).toBeVisible();
  await step('Bijna bij ophaling', 'nearpickup', 'Bijna aan ophaling');
  await step('Aangekomen bij ophaling', 'arrivedpickup', 'Aangekomen bij ophaling');
  await step('Begin met laden', 'loading', 'Aan het laden');
  await proof('pickup', 'Jan Peeters', 3);
  await step('Vertrekken naar levering', 'onwaytodelivery', 'Onderweg naar levering');
  await step('Bijna bij levering', 'neardelivery', 'Bijna aan levering');
  await step('Aangekomen bij levering', 'arriveddelivery', 'Aangekomen bij levering');
  await step('Begin met lossen', 'unloading', 'Aan het lossen');
  await step('Gelost', 'unloaded', 'Gelost');
  await proof('delivery', 'Sofie Claes', 3);
  await expect(page.getByText('Deze rit is afgewerkt.')).toBeVisible();
  await expectAccessible(page);

  const pending = Number((await page.getByText(QUEUED_LINE).textContent())!.match(/\d+/)![0]);
  const senderJob = () => call(senderToken, 'GET', `/api/shipment/${id}`) as Promise<SenderJob>;
  expect((await senderJob()).current_state.state).toBe('accepted');

  const online = Date.now();
  await context.setOffline(false);
  await expect(page.getByText(QUEUED_LINE)).toHaveCount(0, { timeout: 60_000 });
  const emptied = Date.now() - online;
  console.log(`driver-run: the offline queue (${pending} actions: ${done.length} state changes, ${pending - done.length - 2} positions, 2 proofs with 6 photos and 2 signatures) emptied ${emptied} ms after the network returned`);
  await expect(page.getByTestId('run-waiting')).toHaveCount(0);

  const s = await senderJob();
  expect(s.current_state.state).toBe('delivered');
  for (const d of done) {
    const at = s.states.find((x) => x.state === d.state)?.created_at;
    expect(at, d.state).toBeGreaterThanOrEqual(d.from - 1);
    expect(at, d.state).toBeLessThanOrEqual(d.till + 1);
  }
  expect(s.states.map((x) => x.state)).toEqual(['new', 'accepted', ...done.map((d) => d.state)]);
  const proofs = (await call(senderToken, 'GET', `/api/shipment/${id}/proof`)) as SenderProofs;
  expect(proofs.proofs.map((p) => [p.kind, p.signer_name, p.condition, p.reservations, p.packages[0]!.photo_urls.length])).toEqual([
    ['pickup', 'Jan Peeters', 'good', '', 3],
    ['delivery', 'Sofie Claes', 'reservations', RESERVATION, 3],
  ]);
  expect(proofs.note_url).not.toBeNull();

  // Issue 22 part 3: the driver's earnings show this job's money held by Vrachtmarkt, with the latest release time.
  const earnings = (await call(driverToken, 'GET', '/api/driver/earnings')) as { items: { shipment_id: number; reference: string; status: string | null }[] };
  const earned = earnings.items.find((x) => x.shipment_id === id)!;
  expect(earned.status).toBe('held');
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Verdiensten' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verdiensten' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: `Referentie ${earned.reference}` });
  await expect(card.getByTestId('earning-status')).toHaveText(/^Vastgehouden door Vrachtmarkt\. Vrijgegeven uiterlijk op \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/);
  // Four tabs fit at 375 px: no label runs out of its tab.
  const overflowing = await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link').evaluateAll((links) => links.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
  expect(overflowing).toEqual([]);
  await expectAccessible(page);
});
