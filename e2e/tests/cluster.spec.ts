import { test as base } from '@playwright/test';
import { type Cluster, startCluster } from '../../apps/server/test/helpers/cluster.ts';
import { startS3Server } from '../../apps/server/test/helpers/s3-server.ts';
import { seriousViolations } from '../support/axe.ts';
import { confirmAccept, confirmWhenDelivered, fillCard, signedInWithJob } from '../support/demo.ts';
import { expect, tokenIn } from '../support/fixtures.ts';
import type { TestServer } from '../support/server.ts';

// The whole lifecycle through a round-robin proxy in front of two production processes (compiled
// build) on one PostgreSQL, Redis and S3-compatible store, with fast demo drivers whose ticks run
// as scheduled jobs once across both processes. Every page load, call and event stream of the
// browser lands on either process.

const test = base.extend<object, { cluster: TestServer & { served: Cluster['proxy']['served'] } }>({
  cluster: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const s3 = await startS3Server({ bucket: 'vm-e2e' });
      const cluster = await startCluster({
        processes: 2,
        postgresUrl: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
        env: {
          REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
          ...s3.env,
          DEMO_DRIVERS: 'true',
          DEMO_OFFER_DELAY_SECONDS: '1',
          DEMO_STEP_SECONDS: '1',
          DEMO_CHAT_REPLY_SECONDS: '1',
        },
      });
      await use({ url: cluster.url, dataDir: cluster.dataDir, smsCode: cluster.smsCode, outbox: async () => [], stop: cluster.stop, served: cluster.proxy.served });
      await cluster.stop();
      await s3.close();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ cluster }, use) => use(cluster.url),
});

test('the whole lifecycle through two processes: offers live, accepted with a card, chat, delivered, confirmed, Afgerond, rated', async ({ page, cluster }) => {
  test.setTimeout(180_000);
  const { id } = await signedInWithJob(page, cluster);
  await page.goto(`/#/jobs/${id}`);
  await expect(page.getByRole('heading', { name: /Referentienr\. VM-/ })).toBeVisible();

  // Offers arrive live over the event stream, whichever process holds it.
  const view = page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ });
  await expect(view).toBeVisible({ timeout: 30_000 });
  await view.click();
  const modal = page.getByRole('dialog', { name: 'Biedingen' });
  await modal.locator('tbody tr').first().click();
  await modal.getByRole('button', { name: 'Aanvaarden met kredietkaart / factuur' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await confirmAccept(page);
  await expect(page.getByText('Het bod is aanvaard!')).toBeVisible();

  // Chat while the demo driver drives: the reply comes from whichever process runs the tick.
  await page.goto(`/#/chat/${id}`);
  const box = page.getByRole('textbox', { name: 'Typ je bericht' });
  await box.fill('De poort is achteraan.');
  await box.press('Enter');
  await expect(page.locator('.chat-messages li.own').first()).toContainText('De poort is achteraan.');
  await expect(page.locator('.chat-messages li:not(.own)').first()).toBeVisible({ timeout: 20_000 });

  // Delivered by the demo driver and confirmed by the sender (through the API): the job is done.
  await confirmWhenDelivered(cluster, await tokenIn(page), id);
  await page.goto(`/#/jobs/${id}`);
  await expect(page.locator('.job-detail .badge').first()).toHaveText('Afgerond', { timeout: 60_000 });
  await page.getByRole('button', { name: '4 van 5 sterren' }).click();
  await expect(page.getByTestId('given-rating').getByRole('img', { name: '4 van 5 sterren' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Both processes served this browser, many times each.
  const counts = [...cluster.served.values()];
  expect(counts).toHaveLength(2);
  for (const n of counts) expect(n).toBeGreaterThan(10);
});
