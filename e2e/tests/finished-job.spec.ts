import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { acceptFirstOfferViaApi, demo, signedInWithJob } from '../support/demo.ts';
import { expect, tokenIn } from '../support/fixtures.ts';
import { attachScreens } from '../support/screens.ts';

// A job page says one thing at each step (issue 31): every button it shows follows from the job's
// state and its money. Delivered, the sender is asked once (confirm, or report a problem: one
// button each); confirmed, the money is released and the job is finished: "Afgerond" with the
// rating, and nothing asks to confirm, to report or to cancel any more.

const buttons = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

demo('a delivered job asks once; confirmed, the finished job says one thing, at 1280 and 375 px', async ({ page, demoServer }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { id } = await signedInWithJob(page, demoServer);
  await acceptFirstOfferViaApi(demoServer, await tokenIn(page), id);
  await page.goto(`/#/jobs/${id}`);
  const badge = page.locator('.job-detail .badge').first();
  await expect(badge).toHaveText('Geleverd', { timeout: 40_000 });

  // Delivered: one way to confirm and one way to report, beside each other on the proof card.
  const proof = page.getByRole('region', { name: 'Bewijs van ophalen en levering' });
  await expect(proof.getByRole('button', { name: 'Levering bevestigen' })).toBeVisible();
  await expect(buttons(page, 'Probleem melden')).toHaveCount(1);
  await expect(buttons(page, 'Levering bevestigen')).toHaveCount(1);
  // The goods are handed over: the job can no longer be cancelled.
  await expect(buttons(page, 'Opdracht annuleren')).toHaveCount(0);
  await attachScreens(page, testInfo, 'delivered-job');

  await proof.getByRole('button', { name: 'Levering bevestigen' }).click();
  await expect(badge).toHaveText('Afgerond');
  await expect(proof.getByRole('status')).toHaveText(/Je bevestigde de levering/);
  // Finished: nothing asks to confirm, report or cancel; the rating is offered.
  await expect(buttons(page, 'Levering bevestigen')).toHaveCount(0);
  await expect(buttons(page, 'Probleem melden')).toHaveCount(0);
  await expect(buttons(page, 'Opdracht annuleren')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Beoordelingen' })).toBeVisible();
  // The money went to the driver with the confirmation.
  await expect(page.getByText('Na de levering aan de chauffeur betaald.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await attachScreens(page, testInfo, 'finished-job');
});
