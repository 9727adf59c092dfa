import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { admin, api, passwordToken } from '../support/admin.ts';
import { createStaff, virtualAuthenticator } from '../support/driver-app.ts';
import { createShipmentViaApi, expect, logInViaForm, registerViaApi, test } from '../support/fixtures.ts';
import type { TestServer } from '../support/server.ts';

// Issue 23 parts 2 to 4 in the browser: support staff find a driver and restrict them (without a
// reason it is refused at the field), the driver's app shows the statement of reasons; support staff
// read a problem's case but have no decision to take (and the API answers them 403); finance and
// admin pages, the sender's privacy and terms pages and the account's data section pass axe.

const REASON = 'Drie geaccepteerde ritten teruggegeven in twee weken, zonder uitleg aan de verzenders.';

async function staffOffice(browser: Browser, server: TestServer, role: 'support' | 'finance' | 'admin', name: string): Promise<{ office: Page; token: string; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: server.url });
  const office = await context.newPage();
  await virtualAuthenticator(office);
  await office.goto(createStaff(server, `${role}.${Date.now()}@ops.vrachtmarkt.be`, role, name));
  await office.getByRole('button', { name: 'Passkey aanmaken' }).click();
  await expect(office.getByRole('heading', { name: `Dag ${name}` })).toBeVisible();
  const token = await office.evaluate(() => (JSON.parse(sessionStorage.getItem('vm.ops.session') ?? '{}') as { token?: string }).token ?? '');
  return { office, token, close: () => context.close() };
}

const nav = (office: Page, name: string) => office.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name }).click();

test('support restricts a driver with a reason (refused without one); the driver reads the statement; support cannot decide a problem; the desk, finance, admin and sender pages pass axe', async ({ page, browser, server }) => {
  test.setTimeout(150_000);
  // A driver made by staff, and a sender whose accepted job the driver never came for (a no-show, reported).
  const driverEmail = `dirk.${Date.now()}@example.be`;
  admin(server, 'driver', 'create', driverEmail, 'rijden123', 'Dirk', 'Beperkt', 'van', 'Ford Transit');
  const driverToken = await passwordToken(server, driverEmail, 'rijden123');
  const sender = await registerViaApi(server);
  const senderToken = await passwordToken(server, sender.email, sender.password);
  const id = await createShipmentViaApi(server, senderToken);
  const offer = await api<{ id: number }>(server, driverToken, 'POST', `/api/driver/shipment/${id}/offer`, { price: 120 });
  await api(server, senderToken, 'POST', '/api/billing/addcard', { stripeToken: 'tok_visa' });
  await api(server, senderToken, 'POST', `/api/shipment/${id}/offer/${offer.id}`);
  const form = new FormData();
  form.append('content', JSON.stringify({ kind: 'no_show', text: 'Niemand kwam opdagen in het hele venster.' }));
  const reported = await fetch(`${server.url}/api/shipment/${id}/problem`, { method: 'POST', headers: { authorization: `Bearer ${senderToken}` }, body: form });
  expect(reported.status).toBe(201);
  const problemId = ((await reported.json()) as { id: number }).id;

  // Support: search, the driver's page, restrict. Without a reason the form says so and sends nothing.
  const support = await staffOffice(browser, server, 'support', 'Sam Support');
  const { office } = support;
  await nav(office, 'Zoeken');
  await office.getByLabel('Zoekterm').fill(driverEmail);
  await office.getByRole('button', { name: 'Zoeken' }).click();
  await expect(office.getByRole('link', { name: /Dirk Beperkt/ })).toBeVisible();
  expect(await seriousViolations(office)).toEqual([]);
  await office.getByRole('link', { name: /Dirk Beperkt/ }).click();
  await expect(office.getByRole('heading', { name: 'Beperken of schorsen' })).toBeVisible();
  expect(await seriousViolations(office)).toEqual([]);
  await office.getByRole('radio', { name: /Beperken: geen nieuwe boekingen of biedingen/ }).check();
  await office.getByRole('button', { name: 'Verder naar bevestigen' }).click();
  const reasonField = office.getByLabel('Reden (de gebruiker leest dit in de motivering)');
  await expect(reasonField).toBeFocused();
  await expect(office.getByText('Dit veld is verplicht.')).toBeVisible();
  // The API refuses it too, and keeps nothing.
  const bare = await fetch(`${server.url}/api/ops/users/${(await api<{ users: { id: number; email: string }[] }>(server, support.token, 'GET', `/api/ops/search?q=${encodeURIComponent(driverEmail)}`)).users[0]!.id}/restrictions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${support.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'restrict' }),
  });
  expect(bare.status).toBe(400);
  await reasonField.fill(REASON);
  await office.getByRole('button', { name: 'Verder naar bevestigen' }).click();
  await office.getByRole('button', { name: 'Bevestigen en versturen' }).click();
  await expect(office.getByText('De beslissing geldt nu.', { exact: false })).toBeVisible();
  await nav(office, 'Beperkingen');
  await expect(office.getByText(REASON).first()).toBeVisible();
  expect(await seriousViolations(office)).toEqual([]);

  // Support reads the problem's case but has no decision to take; the API refuses them (403).
  await nav(office, 'Problemen');
  await expect(office.getByRole('row', { name: /VM-/ }).first()).toBeVisible();
  expect(await seriousViolations(office)).toEqual([]);
  await office.getByRole('row', { name: /VM-/ }).first().getByRole('link').first().click();
  await expect(office.getByText('Financiën of een beheerder beslist over dit probleem.', { exact: false })).toBeVisible();
  await expect(office.getByRole('button', { name: 'Verder naar bevestigen' })).toHaveCount(0);
  await expect(office.getByRole('radio', { name: /Terugbetalen/ })).toHaveCount(0);
  expect(await seriousViolations(office)).toEqual([]);
  const refused = await fetch(`${server.url}/api/ops/problems/${problemId}/decision`, {
    method: 'POST',
    headers: { authorization: `Bearer ${support.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'refund', refund: 10, reason: 'Een terugbetaling door support, wat niet mag.' }),
  });
  expect(refused.status).toBe(403);
  await support.close();

  // The driver: their bid is refused with the reason's page at hand; the banner and the statement.
  const phoneContext = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 812 } });
  const phone = await phoneContext.newPage();
  await phone.goto('/driver/');
  await phone.getByLabel('E-mailadres').fill(driverEmail);
  await phone.getByLabel('Wachtwoord').fill('rijden123');
  await phone.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(phone.getByText('Je account is beperkt.')).toBeVisible();
  await phone.getByRole('link', { name: 'Lees waarom en hoe je bezwaar maakt' }).click();
  await expect(phone.getByRole('heading', { name: 'Beperking van je account' })).toBeVisible();
  await expect(phone.getByText(REASON)).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);
  await phoneContext.close();

  // Finance's pages, the admin's overview with the audit log.
  const finance = await staffOffice(browser, server, 'finance', 'Fien Finance');
  for (const [link, heading] of [
    ['Facturatie op rekening', 'Facturatie op rekening'],
    ['Uitbetalingen', 'Uitbetalingen'],
    ['Openstaande facturen', 'Openstaande facturen'],
  ] as const) {
    await nav(finance.office, link);
    await expect(finance.office.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    expect(await seriousViolations(finance.office), link).toEqual([]);
  }
  await finance.close();
  const boss = await staffOffice(browser, server, 'admin', 'Ada Admin');
  await expect(boss.office.getByRole('table').first()).toBeVisible();
  expect(await seriousViolations(boss.office)).toEqual([]);
  await boss.close();

  // The sender: the privacy and terms pages (no sign-in needed), the account's data section.
  for (const [url, heading] of [
    ['/#/privacy', 'Privacyverklaring'],
    ['/#/terms', 'Gebruiksvoorwaarden'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    expect(await seriousViolations(page), url).toEqual([]);
  }
  await page.goto('/#/login');
  await logInViaForm(page, sender);
  await expect(page.getByRole('heading', { name: 'Actieve opdrachten' })).toBeVisible();
  await page.goto('/#/account');
  await expect(page.getByRole('heading', { name: 'Je gegevens' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
