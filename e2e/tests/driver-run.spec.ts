import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { drawSignature, jpeg } from '../support/driver-app.ts';
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

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${market.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}
async function passwordToken(username: string, password: string): Promise<string> {
  const res = await fetch(`${market.url}/oauth/access_token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', client_id: 'web', scope: 'app', username, password }) });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function expectAccessible(page: Page) {
  await expect.poll(async () => seriousViolations(page)).toEqual([]);
}

test('a driver drives an accepted job to delivered offline, with photos and signatures; back online the sender sees each state at its time and both proofs', async ({ page, context }) => {
  test.setTimeout(240_000);
  const sender = await registerViaApi(market);
  const senderToken = await passwordToken(sender.email, sender.password);
  const id = await createShipmentViaApi(market, senderToken);
  const driverToken = await passwordToken('jan.maes@demo.vrachtmarkt.be', 'demo-geheim-123');
  const offer = (await api(driverToken, 'POST', `/api/driver/shipment/${id}/offer`, { price: 120 })) as { id: number };
  await api(senderToken, 'POST', '/api/billing/addcard', { stripeToken: 'tok_visa' });
  await api(senderToken, 'POST', `/api/shipment/${id}/offer/${offer.id}`);

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
  const done: { state: string; from: number; till: number }[] = [];
  const step = async (button: string, state: string, shown: string) => {
    const from = Math.floor(Date.now() / 1000);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.getByTestId('run-state')).toContainText(`Status: ${shown}`);
    done.push({ state, from, till: Math.ceil(Date.now() / 1000) });
  };
  const proof = async (kind: 'pickup' | 'delivery', signer: string, photos: number) => {
    await page.getByRole('button', { name: kind === 'pickup' ? 'Ophaalbewijs opnemen' : 'Leveringsbewijs opnemen' }).click();
    await expect(page.getByRole('heading', { name: kind === 'pickup' ? /^Ophaalbewijs in / : /^Leveringsbewijs in / })).toBeVisible();
    await expect(page.getByTestId('proof-where')).toContainText('Positie tot op 15 m');
    const files = await Promise.all(Array.from({ length: photos }, (_, i) => jpeg(page, `${kind}-${i + 1}.jpg`)));
    await page.getByLabel("Foto's van Zetel").setInputFiles(files);
    await expect(page.getByTestId(/^photo-count-/)).toHaveText(`${photos} foto's`);
    if (kind === 'delivery') {
      await page.getByRole('radio', { name: 'Met voorbehoud' }).check();
      await page.getByRole('textbox', { name: 'Voorbehoud' }).fill('Hoek van de zetel licht beschadigd.');
    }
    await page.getByLabel(kind === 'pickup' ? 'Naam van wie afgeeft' : 'Naam van wie ontvangt').fill(signer);
    await drawSignature(page);
    await expectAccessible(page);
    const from = Math.floor(Date.now() / 1000);
    await page.getByRole('button', { name: kind === 'pickup' ? 'Bewijs opslaan en geladen' : 'Bewijs opslaan en geleverd' }).click();
    const state = kind === 'pickup' ? 'loaded' : 'delivered';
    await expect(page.getByTestId('run-state')).toContainText(`Status: ${kind === 'pickup' ? 'Geladen' : 'Geleverd'}`);
    done.push({ state, from, till: Math.ceil(Date.now() / 1000) });
  };

  await step('Vertrekken naar ophaling', 'onwaytopickup', 'Onderweg naar ophaling');
  await expect(page.getByTestId('run-waiting')).toHaveText('(wacht op verzending)');
  await expect(page.getByText(/acties? wacht(en)? op verzending\./)).toBeVisible();
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

  const pending = Number((await page.getByText(/acties? wacht(en)? op verzending\./).textContent())!.match(/\d+/)![0]);
  const senderJob = () => api(senderToken, 'GET', `/api/shipment/${id}`) as Promise<{ current_state: { state: string }; states: { state: string; created_at: number }[] }>;
  expect((await senderJob()).current_state.state).toBe('accepted');

  const online = Date.now();
  await context.setOffline(false);
  await expect(page.getByText(/acties? wacht(en)? op verzending\./)).toHaveCount(0, { timeout: 60_000 });
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
  const proofs = (await api(senderToken, 'GET', `/api/shipment/${id}/proof`)) as { proofs: { kind: string; signer_name: string; condition: string; reservations: string; packages: { photo_urls: string[] }[] }[]; note_url: string | null };
  expect(proofs.proofs.map((p) => [p.kind, p.signer_name, p.condition, p.reservations, p.packages[0]!.photo_urls.length])).toEqual([
    ['pickup', 'Jan Peeters', 'good', '', 3],
    ['delivery', 'Sofie Claes', 'reservations', 'Hoek van de zetel licht beschadigd.', 3],
  ]);
  expect(proofs.note_url).not.toBeNull();
});
