import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { acceptFirstOfferWithCard, demo, signedInWithJob } from '../support/demo.ts';
import { expect } from '../support/fixtures.ts';

// Pushes, the push list, the Activity column and live screens, against fast demo drivers.
// Every screen here updates through the event stream; test 3 switches polling off to prove it.

const toastArea = (page: Page) => page.getByRole('region', { name: 'Meldingen', exact: true });
const bell = (page: Page) => page.locator('.push-bell-button');
const pushPanel = (page: Page) => page.getByRole('region', { name: 'Je meldingen' });
const activity = (page: Page) => page.getByRole('complementary', { name: 'Activiteit' });
const offerPush = /Nieuw bod van .+ op VM-/;

demo('a push toast appears when a demo offer arrives; clicking it opens the job', async ({ page, demoServer }) => {
  const { id } = await signedInWithJob(page, demoServer);
  const toast = toastArea(page).getByRole('button', { name: offerPush }).first();
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await toast.click();
  await expect(page).toHaveURL(new RegExp(`#/jobs/${id}$`));
  await expect(page.getByRole('heading', { name: /Referentienr\. VM-/ })).toBeVisible();
});

demo('defect 9: the bell and the Activity column fill as the job runs to Afgerond; opening the list reads it', async ({ page, demoServer }) => {
  const { id } = await signedInWithJob(page, demoServer);
  await page.goto(`/#/jobs/${id}`);
  await acceptFirstOfferWithCard(page);
  await expect(page.locator('.job-detail .badge').first()).toHaveText('Geleverd', { timeout: 40_000 });
  // Confirmed, the job's money is released and the job is done.
  await page.getByRole('region', { name: 'Bewijs van ophalen en levering' }).getByRole('button', { name: 'Levering bevestigen' }).click();
  await expect(page.locator('.job-detail .badge').first()).toHaveText('Afgerond');
  // The demo driver rates the sender at the end: the last push, in the column before the bell is opened.
  await expect(activity(page).getByText(/Je kreeg \d van 5 sterren voor VM-/)).toBeVisible();

  await expect(bell(page)).toHaveAccessibleName(/^Meldingen, \d+ ongelezen$/);
  await bell(page).click();
  await expect(pushPanel(page).getByRole('button', { name: /VM-\w+: afgerond/ })).toBeVisible();
  await expect(pushPanel(page).getByRole('button', { name: offerPush }).first()).toBeVisible();

  // Newest first: the finalised job above the offer that started it, in the column as in the list.
  const column = await activity(page).getByRole('listitem').allTextContents();
  const finalisedAt = column.findIndex((t) => /: afgerond/.test(t));
  const offerAt = column.findIndex((t) => offerPush.test(t));
  expect(finalisedAt).toBeGreaterThanOrEqual(0);
  expect(offerAt).toBeGreaterThan(finalisedAt);

  // Opened, the list is read (issue 20, defect 9: the bell reached 38 unread in one session).
  await expect(pushPanel(page).getByRole('button', { name: /Je kreeg \d van 5 sterren voor VM-/ })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Meldingen');
  await expect(page.locator('.push-bell-count')).toHaveCount(0);
  // read_at lives on the server: a fresh load still shows no count.
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Meldingen');
});

// Issue 20, defect 9: one acceptance brought a green box, a toast and a push toast with the same news.
demo('defect 9: accepting an offer on its page says so once: the toast, no box, no push toast on top', async ({ page, demoServer }) => {
  const { id } = await signedInWithJob(page, demoServer);
  await page.goto(`/#/jobs/${id}`);
  await acceptFirstOfferWithCard(page);
  // The acceptance's push has reached the page once the Activity column lists it.
  await expect(activity(page).getByText(/Bod van .+ aanvaard voor VM-/)).toBeVisible();
  await expect(toastArea(page).getByText('Het bod is aanvaard!')).toHaveCount(1);
  await expect(toastArea(page).getByText(/aanvaard voor VM-/)).toHaveCount(0);
  await expect(page.locator('.outcome-boxes')).toHaveCount(0);
  // The demo driver's states arrive while the sender is on the job: the page shows them, no toasts.
  await expect(activity(page).getByText(/VM-\w+: chauffeur onderweg naar ophaaladres/)).toBeVisible({ timeout: 20_000 });
  await expect(toastArea(page).getByText(/VM-\w+: /)).toHaveCount(0);
});

demo('with polling off, the job list and the job page still update live', async ({ page, demoServer }) => {
  await page.addInitScript(() => localStorage.setItem('vm.polling', 'off'));
  await signedInWithJob(page, demoServer);

  // The list was loaded before the job existed; the offer's event brings the card with its count.
  const card = page.getByRole('link', { name: /Hasselt → Gent/ });
  await expect(card).toContainText(/\d+ (bod|biedingen)/, { timeout: 20_000 });
  await card.click();
  await expect(page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ })).toBeVisible();

  await acceptFirstOfferWithCard(page);
  // Each state the demo driver reports reaches the page through the stream alone.
  await expect(page.locator('.job-detail .badge').first()).not.toHaveText(/Nieuw|Aanvaard/, { timeout: 20_000 });
  await expect(page.locator('.job-detail .badge').first()).toHaveText('Geleverd', { timeout: 40_000 });
});

demo('axe finds no serious or critical violations with the push list open', async ({ page, demoServer }) => {
  await signedInWithJob(page, demoServer);
  await expect(bell(page)).toHaveAccessibleName(/^Meldingen, \d+ ongelezen$/, { timeout: 20_000 });
  await bell(page).click();
  await expect(pushPanel(page).getByRole('button', { name: offerPush }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Escape closes the list and gives focus back to the bell.
  await page.keyboard.press('Escape');
  await expect(pushPanel(page)).toBeHidden();
  await expect(bell(page)).toBeFocused();
});
