import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { acceptFirstOfferViaApi, deliveredThenConfirmed, demo, signedInWithJob } from '../support/demo.ts';
import { expect, tokenIn } from '../support/fixtures.ts';
import { attachScreens, sidewaysOverflow } from '../support/screens.ts';

// Issue 10, part 5: every screen of the app on a 375 px phone, on a fresh embedded database with
// fast demo drivers (offers within a second, a driver state a second once accepted). The usual
// demo server (support/demo.ts): its worker, already started for the other demo files, runs these
// too, instead of a worker and a server of their own.
demo.use({ viewport: { width: 375, height: 740 } });
// The tests are independent (each its own sender) and together the longest file: spread over the
// workers, the run does not end waiting on this file alone.
demo.describe.configure({ mode: 'parallel' });

/**
 * Whether the top bar's visible parts share one row: every one overlaps every other vertically,
 * and side by side none covers another.
 */
const topBarIsOneRow = (page: Page) =>
  page.locator('header.top-bar').evaluate((bar) => {
    const parts = bar.querySelectorAll('.menu-toggle, .brand, .top-bar-center > *, .push-bell-button, .user-widget > *, .top-bar-login');
    const boxes = [...parts].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
    const oneRow = Math.max(...boxes.map((r) => r.top)) < Math.min(...boxes.map((r) => r.bottom));
    const sorted = boxes.sort((a, b) => a.left - b.left);
    const apart = sorted.every((r, i) => i === 0 || sorted[i - 1]!.right <= r.left + 1);
    return oneRow && apart;
  });

/** The checks every screen gets at 375 px: nothing scrolls sideways, one-row top bar, its title. */
async function fitsAPhone(page: Page, title: string | RegExp) {
  await expect(page).toHaveTitle(title);
  expect(await sidewaysOverflow(page), `${page.url()} scrolls sideways`).toBe(0);
  expect(await topBarIsOneRow(page), `${page.url()} top bar wraps`).toBe(true);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /favicon\.svg$/);
}

/** A complete wizard draft (what the wizard keeps in local storage), at the given step. */
function wizardAt(step: number) {
  const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
  const side = (street: string, zip: string, city: string, lat: number, lng: number) => ({
    isBusiness: '0',
    companyName: '',
    addressText: `${street} 1, ${zip} ${city}`,
    address: { street, number: '1', box: '', zip, city, country: 'BE', lat, lng, formatted: `${street} 1, ${zip} ${city}`, precision: 'locality', attribution: '' },
    timezone: 'Europe/Brussels',
    day: 'tomorrow',
    dateFrom: tomorrow,
    dateTill: tomorrow,
    time: 'workday',
    timeFrom: '08:00',
    timeTill: '17:00',
    instructions: 'Bel aan',
  });
  return {
    step,
    type: 'custom',
    description: '',
    items: [{ id: 'item-1', type: 'pallet', width: '80', height: '150', length: '120', weight: '400', description: 'Pallet met tegels en een lange omschrijving', tags: ['breakable'], palletType: 'euro_pallet', mustBeTraded: true }],
    pickup: side('Kerkstraat', '3500', 'Hasselt', 50.931, 5.338),
    delivery: side('Veldstraat', '9000', 'Gent', 51.054, 3.717),
    insurance: 'cmr',
  };
}

demo('every screen fits a 375 px phone: no sideways scroll, a one-row top bar, a title per route', async ({ page, demoServer }) => {
  // Signed out.
  for (const [route, title] of [
    ['/#/login', 'Aanmelden · Vrachtmarkt'],
    ['/#/register', 'Registreren · Vrachtmarkt'],
    ['/#/forgot-password', 'Wachtwoord vergeten · Vrachtmarkt'],
    ['/#/reset-password?token=abc', 'Nieuw wachtwoord kiezen · Vrachtmarkt'],
  ] as const) {
    await page.goto(route);
    await expect(page.locator('main h1')).toBeVisible();
    await fitsAPhone(page, title);
  }

  // The wizard, each of its six steps, from a draft as the wizard keeps it.
  for (const [step, heading] of [
    [1, 'Kies type'],
    [2, 'Pakketinfo'],
    [3, 'Ophaalgegevens'],
    [4, 'Leveringsgegevens'],
    [5, 'Prijsgegevens'],
    [6, 'Verzekering'],
  ] as const) {
    await page.goto('/#/login');
    await page.evaluate((draft) => localStorage.setItem('vm.wizard', JSON.stringify(draft)), wizardAt(step));
    await page.goto('/#/jobs/create');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await fitsAPhone(page, 'Nieuwe opdracht · Vrachtmarkt');
  }
  await page.evaluate(() => localStorage.removeItem('vm.wizard'));

  // Signed in: the lists, the job before and after an offer is accepted, chat, profile, notifications.
  const { id } = await signedInWithJob(page, demoServer);
  for (const [state, title] of [
    ['active', 'Actieve opdrachten · Vrachtmarkt'],
    ['delivering', 'Opdrachten onderweg · Vrachtmarkt'],
    ['previous', 'Afgeronde opdrachten · Vrachtmarkt'],
    ['cancelled', 'Geannuleerde of verlopen opdrachten · Vrachtmarkt'],
  ] as const) {
    await page.goto(`/#/jobs/status/${state}`);
    await expect(page.locator('main h1')).toBeVisible();
    await fitsAPhone(page, title);
  }

  await page.goto(`/#/jobs/${id}`);
  await expect(page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ })).toBeVisible({ timeout: 20_000 });
  const reference = (await page.locator('.reference').innerText()).trim();
  expect(reference).toMatch(/^VM-/);
  await fitsAPhone(page, `Opdracht ${reference} · Vrachtmarkt`);
  await page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ }).click();
  const offers = page.getByRole('dialog', { name: 'Biedingen' });
  await offers.locator('tbody tr').first().click();
  expect(await sidewaysOverflow(page)).toBe(0);
  await offers.getByRole('button', { name: 'Sluiten' }).click();

  await acceptFirstOfferViaApi(demoServer, await tokenIn(page), id);
  await page.reload();
  await expect(page.getByText(/^Chauffeur$/)).toBeVisible();
  await fitsAPhone(page, `Opdracht ${reference} · Vrachtmarkt`);
  // The demo driver drives to delivered; confirmed, the finished job shows the rating stars.
  await deliveredThenConfirmed(page, demoServer, id);
  await expect(page.getByRole('heading', { name: 'Beoordelingen' })).toBeVisible();
  await fitsAPhone(page, `Opdracht ${reference} · Vrachtmarkt`);

  for (const [route, title, heading] of [
    ['/#/chat', 'Chat · Vrachtmarkt', null],
    [`/#/chat/${id}`, 'Chat · Vrachtmarkt', null],
    ['/#/account', 'Profiel · Vrachtmarkt', 'Mijn profiel'],
    ['/#/edit-user', 'Profiel bewerken · Vrachtmarkt', 'Profiel bewerken'],
  ] as const) {
    await page.goto(route);
    if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    else await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
    await fitsAPhone(page, title);
  }

  await page.getByRole('button', { name: /^Meldingen/ }).click();
  await expect(page.getByRole('region', { name: 'Je meldingen' })).toBeVisible();
  await fitsAPhone(page, 'Profiel bewerken · Vrachtmarkt');
  // The panel itself lies within the screen (one that sticks out on the left makes no scroll bar).
  const panel = (await page.getByRole('region', { name: 'Je meldingen' }).boundingBox())!;
  expect(panel.x).toBeGreaterThanOrEqual(0);
  expect(panel.x + panel.width).toBeLessThanOrEqual(375);

  // The public tracking page, as a stranger sees it.
  const created = await fetch(`${demoServer.url}/api/shipment/${id}/tracking`, { method: 'POST', headers: { authorization: `Bearer ${await tokenIn(page)}` } });
  expect(created.status).toBe(201);
  const { token } = (await created.json()) as { token: string };
  await page.goto(`/#/track/${token}`);
  await expect(page.getByRole('heading', { name: 'Volg de zending' })).toBeVisible();
  await fitsAPhone(page, 'Volg de zending · Vrachtmarkt');
});

demo('job detail on a phone: label above value, whole words, stars that fit; screenshots', async ({ page, demoServer }, testInfo) => {
  const { id } = await signedInWithJob(page, demoServer);
  await acceptFirstOfferViaApi(demoServer, await tokenIn(page), id);
  await page.goto(`/#/jobs/${id}`);
  await deliveredThenConfirmed(page, demoServer, id);
  await expect(page.getByRole('heading', { name: 'Beoordelingen' })).toBeVisible();

  // Each label sits above its value, and the value has the card's whole width.
  const pairs = await page.locator('.job-detail dl.details').first().evaluate((dl) =>
    [...dl.querySelectorAll('dt')].map((dt) => {
      const dd = dt.nextElementSibling as HTMLElement;
      const [a, b] = [dt.getBoundingClientRect(), dd.getBoundingClientRect()];
      return { label: dt.textContent, below: b.top >= a.bottom - 1, sameLeft: Math.abs(a.left - b.left) < 1 };
    }),
  );
  expect(pairs.length).toBeGreaterThan(4);
  for (const p of pairs) expect(p, String(p.label)).toMatchObject({ below: true, sameLeft: true });
  // No word of an address or a date is broken over two lines.
  expect(await page.locator('.job-detail dl.details dd').evaluateAll((dds) => dds.map((dd) => getComputedStyle(dd).overflowWrap))).not.toContain('anywhere');

  // The five rating buttons fit inside their card.
  const card = page.locator('section.card', { has: page.getByRole('heading', { name: 'Beoordelingen' }) });
  const cardBox = (await card.boundingBox())!;
  for (const star of await card.getByRole('button', { name: /van 5 sterren/ }).all()) {
    const box = (await star.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  }
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await attachScreens(page, testInfo, 'job-detail');
});

demo('every navigation starts at the top; the menu never covers the top bar', async ({ page, demoServer }) => {
  const { id } = await signedInWithJob(page, demoServer);
  await page.goto(`/#/jobs/${id}`);
  await expect(page.getByRole('heading', { name: 'Pakketten' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

  // From the menu (the drawer on a phone) to another page: it opens at its top.
  await page.getByRole('button', { name: 'Menu' }).click();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  const [bar, drawer] = [(await page.locator('header.top-bar').boundingBox())!, (await sidebar.boundingBox())!];
  expect(drawer.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  // The top bar stays usable above the open drawer: its button closes the drawer again.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await sidebar.getByRole('link', { name: 'Profiel' }).click();
  await expect(page.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // And back through the browser's history too.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Pakketten' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Signing out from the drawer (the top bar has no room for it on a phone).
  await page.getByRole('button', { name: 'Menu' }).click();
  await sidebar.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Aanmelden' })).toBeVisible();
});

demo('#/jobs/abc says the job does not exist, without asking the server about NaN', async ({ page, demoServer }) => {
  await signedInWithJob(page, demoServer);
  // The job ids asked for; other calls under /api/shipment/ (the job list, refreshed live) are not.
  const asked: string[] = [];
  page.on('request', (r) => {
    const id = /\/api\/shipment\/([^/?]+)/.exec(new URL(r.url()).pathname)?.[1];
    if (id && id !== 'sender') asked.push(id);
  });
  await page.goto('/#/jobs/abc');
  await expect(page.getByText('Deze opdracht bestaat niet (meer).')).toBeVisible();
  await page.goto('/#/jobs/12abc');
  await expect(page.getByText('Deze opdracht bestaat niet (meer).')).toBeVisible();
  // A real id that is not there is asked, and answered the same way.
  await page.goto('/#/jobs/999999');
  await expect(page.getByText('Deze opdracht bestaat niet (meer).')).toBeVisible();
  expect([...new Set(asked)]).toEqual(['999999']);
});

demo('leaving a job page in the middle of a map zoom throws nothing', async ({ page, demoServer }) => {
  const { id } = await signedInWithJob(page, demoServer);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/#/jobs/${id}`);
  const map = page.getByTestId('route-map');
  await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
  for (let i = 0; i < 3; i++) {
    await map.getByRole('button', { name: 'Inzoomen' }).click();
    // Straight to a screen that is already loaded, so the job page goes while the zoom still runs.
    await page.evaluate(() => (window.location.hash = '#/jobs/status/active'));
    await expect(page.getByRole('heading', { name: 'Actieve opdrachten' })).toBeVisible();
    // Leaflet ends a zoom in a 250 ms timer: let it run out before looking for errors.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));
    await page.goto(`/#/jobs/${id}`);
    await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
  }
  expect(errors).toEqual([]);
});

demo('leaving a job page right after the window changed size throws nothing', async ({ page, demoServer }) => {
  const { id } = await signedInWithJob(page, demoServer);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  for (const size of [{ width: 375, height: 700 }, { width: 375, height: 640 }, { width: 800, height: 700 }]) {
    await page.goto(`/#/jobs/${id}`);
    await expect(page.getByTestId('route-map').locator('.leaflet-marker-icon').first()).toBeVisible();
    // A phone's address bar hiding while scrolling resizes the window; the map answers 200 ms later.
    await page.setViewportSize(size);
    await page.evaluate(() => (window.location.hash = '#/jobs/status/active'));
    await expect(page.getByRole('heading', { name: 'Actieve opdrachten' })).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));
  }
  expect(errors).toEqual([]);
});
