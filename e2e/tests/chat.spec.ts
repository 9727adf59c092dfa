import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { demoTest } from '../support/demo.ts';
import { createShipmentViaApi, expect, logInViaForm, registerViaApi, tokenIn } from '../support/fixtures.ts';
import type { TestServer } from '../support/server.ts';

// Chat with a demo driver: offers within a second, the driver answers a message after a second,
// and stays in state accepted (slow steps) so the conversation stays as it is.
const demo = demoTest({ DEMO_STEP_SECONDS: '3600', DEMO_CHAT_REPLY_SECONDS: '1' });

async function call(server: TestServer, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Signs in, creates a job and accepts a demo driver's offer through the API (the marketplace spec covers doing it on screen). */
async function acceptedJob(page: Page, server: TestServer): Promise<number> {
  const p = await registerViaApi(server);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await expect(page.getByRole('heading', { name: 'Actieve opdrachten' })).toBeVisible();
  const token = await tokenIn(page);
  const id = await createShipmentViaApi(server, token);

  await page.goto(`/#/jobs/${id}`);
  // Before acceptance the chat icon explains instead of opening the chat.
  await page.getByRole('button', { name: 'Chat over deze opdracht' }).click();
  await expect(page.getByText('De chat opent zodra je een bod aanvaardt.')).toBeVisible();

  await expect(page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ })).toBeVisible({ timeout: 20_000 });
  const s = await call(server, token, 'GET', `/api/shipment/${id}`);
  await call(server, token, 'POST', '/api/billing/addcard', { stripeToken: 'tok_visa' });
  await call(server, token, 'POST', `/api/shipment/${id}/offer/${s.offers[0].id}`);
  return id;
}

demo('defect 9: chat with the driver from the job page (no toast for the open chat): Enter sends, own messages right as Jij, the reply arrives, markup stays text', async ({ page, demoServer }) => {
  demo.setTimeout(120_000);
  const id = await acceptedJob(page, demoServer);
  await page.reload();
  await page.getByRole('link', { name: 'Chat over deze opdracht' }).click();
  await expect(page).toHaveURL(new RegExp(`#/chat/${id}$`));
  await expect(page.getByRole('heading', { name: /^Chat met .+ [A-Z]\.$/ })).toBeVisible();
  await expect(page.getByText('0 berichten')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const box = page.getByRole('textbox', { name: 'Typ je bericht' });
  await box.fill('Hallo, de poort is achteraan.');
  await box.press('Shift+Enter');
  await box.pressSequentially('Bel maar aan.');
  await box.press('Enter');
  await expect(box).toHaveValue('');

  const history = page.locator('.chat-messages');
  const mine = history.locator('li.own').first();
  await expect(mine).toContainText('Jij');
  await expect(mine.locator('.chat-text')).toHaveText('Hallo, de poort is achteraan.\nBel maar aan.');
  const box1 = (await mine.boundingBox())!;
  const list = (await history.boundingBox())!;
  // Aligned right: the message ends at the right edge of the history, not at its left.
  expect(box1.x + box1.width).toBeGreaterThan(list.x + list.width - 20);
  expect(box1.x).toBeGreaterThan(list.x + 20);

  // The demo driver answers; the conversation refreshes itself (stream or polling), no reload.
  const theirs = history.locator('li.theirs');
  await expect(theirs).toHaveCount(1, { timeout: 45_000 });
  await expect(theirs.first()).not.toContainText('Jij');
  // The open conversation shows the reply: no toast about it on top (issue 20, defect 9).
  await expect(page.getByRole('region', { name: 'Meldingen', exact: true }).getByText(/^Bericht van /)).toHaveCount(0);

  await box.fill('<script>window.chatXss = 1</script><b>vet</b>');
  await page.getByRole('button', { name: 'Verstuur' }).click();
  await expect(history.getByText('<script>window.chatXss = 1</script><b>vet</b>', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { chatXss?: number }).chatXss)).toBeUndefined();
  await expect(history.locator('b')).toHaveCount(0);

  await page.goto('/#/chat');
  const card = page.getByRole('navigation', { name: 'Gesprekken' }).getByRole('link');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(/3 berichten|4 berichten/);
  expect(await seriousViolations(page)).toEqual([]);
});

demo('on a phone (375 px) the list comes first, then the conversation with a way back', async ({ page, demoServer }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const id = await acceptedJob(page, demoServer);
  await page.goto('/#/chat');
  const nav = page.getByRole('navigation', { name: 'Gesprekken' });
  const card = nav.getByRole('link');
  await expect(card).toBeVisible();
  // With no messages yet the card shows the job's state.
  await expect(card).toContainText('Aanvaard');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`#/chat/${id}$`));
  await expect(nav).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Typ je bericht' })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: '← Alle gesprekken' }).click();
  await expect(nav).toBeVisible();
});
