import { seriousViolations } from '../support/axe.ts';
import { acceptFirstOfferViaApi, demoTest, signedInWithJob } from '../support/demo.ts';
import { expect, tokenIn } from '../support/fixtures.ts';

// A demo driver takes a step every 4 s: slow enough to see it on the way, fast enough that the
// marker moves between two of the page's 10 s refreshes.
const demo = demoTest({ DEMO_STEP_SECONDS: '4' });
/** How often the public page asks again (apps/sender's TRACKING_REFRESH_MS). */
const PAGE_REFRESH_MS = 10_000;

demo('a shared tracking link shows a stranger the trip and the moving truck, until it is revoked', async ({ page, context, browser, demoServer }) => {
  const { p, id } = await signedInWithJob(page, demoServer);
  await acceptFirstOfferViaApi(demoServer, await tokenIn(page), id);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto(`/#/jobs/${id}`);
  await page.getByRole('button', { name: 'Deel tracking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tracking delen' });
  await dialog.getByRole('button', { name: 'Link maken' }).click();
  const link = dialog.getByLabel('Trackinglink');
  await expect(link).toHaveValue(new RegExp(`^${demoServer.url}/#/track/[A-Za-z0-9_-]{43}$`));
  await expect(link).toHaveAttribute('readonly', '');
  const url = await link.inputValue();
  await dialog.getByRole('button', { name: 'Kopieer' }).click();
  await expect(page.getByText('De link is gekopieerd.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  expect(await seriousViolations(page)).toEqual([]);

  // Someone without an account, in a browser of their own, on a phone.
  const stranger = await browser.newContext({ locale: 'nl-BE', timezoneId: 'Europe/Brussels', viewport: { width: 375, height: 740 } });
  const v = await stranger.newPage();
  // The page's clock runs as usual, but the test can move it on to the page's next refresh once the
  // server has something new, instead of waiting up to 10 s for it each time.
  await v.clock.install();
  const nextRefresh = () => v.clock.fastForward(PAGE_REFRESH_MS);
  /** Where the driver is, as the public API tells anyone holding the link. */
  const served = async () => ((await (await fetch(`${demoServer.url}/api/tracking/${url.split('/').at(-1)}`)).json()) as { current_location: { lat: number; lng: number } | null }).current_location;
  await v.goto(url);
  await expect(v.getByRole('heading', { name: 'Volg de zending' })).toBeVisible();
  await expect(v.getByText('Hasselt → Gent')).toBeVisible();
  await expect(v.getByTestId('tracking-state')).not.toHaveText('');
  // The windows on Brussels' clock: pickup 08:00-17:00, delivery 17:00-22:00 tomorrow.
  await expect(v.getByText(/^[a-z]{2} \d{1,2} [a-z]{3}, 08:00 – 17:00$/)).toBeVisible();
  await expect(v.getByText(/^[a-z]{2} \d{1,2} [a-z]{3}, 17:00 – 22:00$/)).toBeVisible();

  const truck = v.getByTestId('tracking-map').getByTitle('Huidige positie van de chauffeur');
  // The driver's first step gives the first position; the page shows it at its next refresh.
  await expect.poll(served, { timeout: 20_000 }).not.toBeNull();
  await nextRefresh();
  await expect(truck).toBeVisible();
  await expect(v.getByTestId('tracking-eta')).toContainText(/Verwachte aankomst (op [a-z]{2} \d{1,2} [a-z]{3} )?om \d\d:\d\d \(schatting\)/);
  const text = await v.locator('main').innerText();
  for (const personal of [p.first, p.last, p.email, 'Markt', 'Bel aan', 'VM-', 'Driver', '€']) expect(text, personal).not.toContain(personal);
  expect(await seriousViolations(v)).toEqual([]);
  expect(await v.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The truck moves as the demo driver drives: its position (and the marker with it) changes.
  const map = v.getByTestId('tracking-map');
  const position = async () => `${await map.getAttribute('data-lat')},${await map.getAttribute('data-lng')}`;
  const where = async () => truck.evaluate((el) => (el as HTMLElement).style.transform);
  const [before, markerBefore] = [await position(), await where()];
  // The driver's next step moves the position on the server; the page's next refresh moves the truck.
  await expect.poll(async () => {
    const at = await served();
    return `${at?.lat},${at?.lng}`;
  }, { timeout: 30_000 }).not.toBe(before);
  await nextRefresh();
  await expect.poll(position).not.toBe(before);
  expect(await where()).not.toBe(markerBefore);

  // After a reload the sender cannot see the link again (only its hash is kept), and revokes it.
  await page.reload();
  await page.getByRole('button', { name: 'Deel tracking' }).click();
  await expect(dialog.getByText(/^Er is een actieve trackinglink \(aangemaakt op \d\d\/\d\d om \d\d:\d\d\)\. Maak een nieuwe om hem opnieuw te kopiëren\.$/)).toBeVisible();
  await expect(dialog.getByLabel('Trackinglink')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Link intrekken' }).click();
  await expect(page.getByText('De trackinglink is ingetrokken.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Link maken' })).toBeVisible();

  // The open page finds out at its next refresh; a fresh visit too.
  await nextRefresh();
  await expect(v.getByText('Deze trackinglink is niet (meer) geldig.')).toBeVisible();
  await expect(truck).toHaveCount(0);
  await v.reload();
  await expect(v.getByText('Deze trackinglink is niet (meer) geldig.')).toBeVisible();
  expect(await seriousViolations(v)).toEqual([]);
  await stranger.close();
});
