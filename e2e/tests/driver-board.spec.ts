import type { Page } from '@playwright/test';
import { fakePushService } from '../../apps/server/test/web-push/fake-push-service.ts';
import { seriousViolations } from '../support/axe.ts';
import { createShipmentViaApi, expect, registerViaApi, test } from '../support/fixtures.ts';
import { SERVER_START_TIMEOUT, startServer, type TestServer } from '../support/server.ts';

// The drivers' job board at /driver/ on a phone (375 px) with an emulated position in Hasselt: a
// demo driver (an ordinary driver account, approved by its seed, with a van) sees the board near
// the position; a sender books a job there through the API and it appears without a reload,
// announced and marked new; on the map its pickup is a pin; along a route Hasselt -> Gent it is
// found too. The board (list and map) and Account's notifications section pass axe. Then pushes:
// a subscription made through the app's "turn on" lands at the server, which pushes the next new
// job to it (the local fake push service decrypts it).

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, geolocation: { latitude: 50.93, longitude: 5.33, accuracy: 25 }, permissions: ['geolocation'] });

let market: TestServer;
let pushService: Awaited<ReturnType<typeof fakePushService>>;
test.beforeAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT);
  pushService = await fakePushService();
  // The demo drivers make no offer of their own within these tests (an hour's delay); pushes may
  // go to the fake push service on 127.0.0.1.
  market = await startServer({ DEMO_DRIVERS: 'true', DEMO_DRIVER_PASSWORD: 'demo-geheim-123', DEMO_OFFER_DELAY_SECONDS: '3600', PUSH_ALLOW_LOOPBACK: 'true' });
});
test.afterAll(async () => {
  await market?.stop();
  await pushService?.close();
});

async function signIn(page: Page, email: string) {
  await page.goto(`${market.url}/driver/`);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill('demo-geheim-123');
  await page.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Open ritten' })).toBeVisible();
}

/** A new sender books a job Hasselt -> Gent through the API. */
async function bookInHasselt(): Promise<number> {
  const sender = await registerViaApi(market);
  const tokenRes = await fetch(`${market.url}/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 'web', scope: 'app', username: sender.email, password: sender.password }),
  });
  return createShipmentViaApi(market, (await tokenRes.json()).access_token as string);
}

test('a driver sees the board near their position, a new job nearby appears live, on the map and along a route; board and notifications pass axe', async ({ page }) => {
  await signIn(page, 'jan.maes@demo.vrachtmarkt.be');

  // Near me (the default), 25 km: the position is known, the board is empty on a fresh database.
  await expect(page.getByTestId('board-position')).toContainText('tot op ongeveer 25 m');
  await expect(page.getByText('Hier zijn nu geen open ritten. Nieuwe verschijnen hier vanzelf.')).toBeVisible();
  await expect.poll(async () => seriousViolations(page)).toEqual([]);

  // A sender books a job from Hasselt: it comes in on the stream, no reload.
  await bookInHasselt();
  const card = page.getByTestId('board-list').getByRole('listitem').filter({ hasText: 'Hasselt' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('Gent');
  await expect(card).toContainText('Nieuw');
  await expect(card).toContainText(/op \d+,\d km/);
  await expect(page.getByTestId('board-announcement')).toContainText('Nieuwe rit:');
  await expect(page.getByTestId('board-announcement')).toContainText('Hasselt');
  await expect.poll(async () => seriousViolations(page)).toEqual([]);

  // The map: the pickup is a pin (a button named by the job) on the offline basemap.
  await page.getByRole('radio', { name: 'Kaart' }).check();
  const map = page.getByRole('region', { name: 'Kaart van de gevonden ritten (1)' });
  await expect(map).toBeVisible();
  await expect(map.getByRole('button', { name: /Hasselt.*Gent/ })).toBeVisible();
  await expect.poll(async () => seriousViolations(page)).toEqual([]);

  // Along a route Hasselt -> Gent (the embedded geocoder's towns), 10 km detour: found too.
  await page.getByRole('radio', { name: 'Lijst' }).check();
  await page.getByRole('radio', { name: 'Langs mijn route' }).check();
  await page.getByRole('combobox', { name: 'Van' }).fill('Hasselt');
  await page.getByRole('option', { name: /Hasselt/ }).first().click();
  await page.getByRole('combobox', { name: 'Naar' }).fill('Gent');
  await page.getByRole('option', { name: /Gent/ }).first().click();
  const onRoute = page.getByTestId('board-list').getByRole('listitem').filter({ hasText: 'Hasselt' });
  await expect(onRoute).toBeVisible();
  await expect(onRoute).toContainText(/km omweg/);
  await expect.poll(async () => seriousViolations(page)).toEqual([]);

  // The choice is remembered: back on the tab after a reload, the route is still there.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Van' })).toHaveValue(/Hasselt/);
  await expect(page.getByTestId('board-list').getByRole('listitem').filter({ hasText: 'Hasselt' })).toBeVisible();

  // Account: the notifications section with its per-kind switches.
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: /Account/ }).click();
  await expect(page.getByRole('heading', { name: 'Meldingen' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Nieuwe ritten die bij mijn voertuigen passen' })).toBeChecked();
  await page.getByRole('switch', { name: 'Chatberichten' }).uncheck();
  await expect(page.getByText('Opgeslagen.')).toBeVisible();
  await expect.poll(async () => seriousViolations(page)).toEqual([]);
});

test('turning notifications on hands this browser’s subscription to the server, and the next new job is pushed to it', async ({ page }) => {
  // Headless Chromium reaches no real push service: its push manager is replaced by one that hands
  // out a subscription on the local fake service (endpoint and keys as a browser makes them), and
  // the permission prompt answers "allow". Everything after that is the app's and the server's.
  const subscription = pushService.subscription('sofie');
  await page.addInitScript((sub) => {
    let permission: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => permission });
    Notification.requestPermission = async () => (permission = 'granted');
    let current: unknown = null;
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = options?.applicationServerKey as Uint8Array;
      current = { endpoint: sub.endpoint, options: { applicationServerKey: key.slice().buffer }, toJSON: () => sub, unsubscribe: async () => ((current = null), true) };
      return current as PushSubscription;
    };
  }, subscription);

  await signIn(page, 'sofie.claes@demo.vrachtmarkt.be');
  // The board near Hasselt is Sofie's area from now on.
  await expect(page.getByTestId('board-position')).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: /Account/ }).click();
  await page.getByRole('button', { name: 'Meldingen aanzetten' }).click();
  await expect(page.getByTestId('push-enabled')).toHaveText('Meldingen staan aan op deze telefoon.');

  const id = await bookInHasselt();
  await expect.poll(() => pushService.pushesTo('sofie'), { timeout: 30_000 }).toContainEqual(expect.objectContaining({ title: 'Nieuwe opdracht', url: `/driver/#/work/${id}` }));
});
