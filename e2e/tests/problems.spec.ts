import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { validatePeppol } from '../../apps/server/test/e-invoice/validator.ts';
import { fakePushService } from '../../apps/server/test/web-push/fake-push-service.ts';
import { seriousViolations } from '../support/axe.ts';
import { acceptFirstOfferWithCard, demoTest } from '../support/demo.ts';
import { createStaff, jpeg, virtualAuthenticator } from '../support/driver-app.ts';
import { createShipmentViaApi, expect, logInViaForm, registerViaApi, tokenIn } from '../support/fixtures.ts';
import { admin, api, passwordToken } from '../support/admin.ts';

// Issue 23 part 1, the acceptance walk on a fresh embedded database: a business sender reports damage
// with a photo after the demo driver delivered; the driver answers in the driver app with their own
// photo; a finance staff member (a passkey of a virtual authenticator) reads the timeline and refunds
// half with a reason; both parties get the decision by push (the driver's phone through the local
// push service, the sender's bell) and by mail; the ledger holds, the credit note (Peppol-valid for
// the business sender) and the driver's payout show the split. Every new screen passes axe.

const DRIVER_PASSWORD = 'demo-driver-e2e-password';
const DEMO_DRIVER_EMAILS: Record<string, string> = {
  Jan: 'jan.maes@demo.vrachtmarkt.be',
  Sofie: 'sofie.claes@demo.vrachtmarkt.be',
  Karim: 'karim.elidrissi@demo.vrachtmarkt.be',
  Els: 'els.wouters@demo.vrachtmarkt.be',
};
const COMPANY = { name: 'Peeters Meubelen BV', vat: 'BE0403170701', address: 'Kerkstraat 12, 3500 Hasselt', email: 'factuur@peeters.be' };
const REASON = 'De foto bij het ophalen toont al een kras: we delen de schade in twee.';

let pushService: Awaited<ReturnType<typeof fakePushService>>;
const demo = demoTest({ DEMO_DRIVER_PASSWORD: DRIVER_PASSWORD, SANDBOX_PAYOUT_SETTLE_SECONDS: '1', PUSH_ALLOW_LOOPBACK: 'true' });
demo.beforeAll(async () => {
  pushService = await fakePushService();
});
demo.afterAll(async () => pushService?.close());



demo('a damage report with a photo, the driver’s answer, finance refunds half with a reason: both told by push and mail; ledger, credit note and payout show the split', async ({ page, browser, demoServer }) => {
  demo.setTimeout(180_000);
  // A business sender, a job, the demo driver's offer accepted by card.
  const p = await registerViaApi(demoServer);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await expect(page.getByRole('heading', { name: 'Actieve opdrachten' })).toBeVisible();
  const token = await tokenIn(page);
  const me = await api<Record<string, unknown>>(demoServer, token, 'GET', '/api/user');
  await api(demoServer, token, 'PUT', '/api/user', { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company: COMPANY });
  const id = await createShipmentViaApi(demoServer, token);
  await page.goto(`/#/jobs/${id}`);
  await page.reload();
  await acceptFirstOfferWithCard(page);
  const accepted = await api<{ accepted_offer: { driver: { user: { first_name: string } } } }>(demoServer, token, 'GET', `/api/shipment/${id}`);
  const driverEmail = DEMO_DRIVER_EMAILS[accepted.accepted_offer.driver.user.first_name]!;
  const driverToken = await passwordToken(demoServer, driverEmail, DRIVER_PASSWORD);
  // The driver's phone takes pushes (the local push service stands in for the browser's).
  await api(demoServer, driverToken, 'POST', '/api/driver/push/subscriptions', pushService.subscription('driver'));

  // 1. Delivered (the demo driver drives a state a second, with proof): the sender reports damage with a photo.
  await expect(page.locator('.job-detail .badge').first()).toHaveText(/Geleverd|Afgerond/, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Probleem melden' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Een probleem melden' });
  await dialog.getByRole('radio', { name: 'Schade' }).check();
  await dialog.getByRole('checkbox', { name: /Zetel/ }).check();
  await dialog.getByLabel('Foto’s van Zetel').setInputFiles(await jpeg(page, 'zetel.jpg'));
  await dialog.getByLabel('Beschrijf wat er mis is').fill('De zetel heeft een diepe scheur in de rugleuning.');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Melding versturen' }).click();
  const reported = page.getByRole('region', { name: 'Gemeld probleem' });
  await expect(reported).toContainText('In behandeling');
  await expect(reported.getByRole('img').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expect.poll(() => pushService.pushesTo('driver'), { timeout: 30_000 }).toContainEqual(expect.objectContaining({ title: 'Probleem met een opdracht', url: `/driver/#/my-jobs/${id}` }));

  // 2. The driver answers in the driver app (a phone), with their own photo.
  const phoneContext = await browser.newContext({ baseURL: demoServer.url, viewport: { width: 375, height: 812 } });
  const phone = await phoneContext.newPage();
  await phone.goto('/driver/');
  await phone.getByLabel('E-mailadres').fill(driverEmail);
  await phone.getByLabel('Wachtwoord').fill(DRIVER_PASSWORD);
  await phone.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(phone.getByRole('heading', { name: 'Open ritten' })).toBeVisible();
  await phone.goto(`/driver/#/my-jobs/${id}`);
  await expect(phone.getByRole('heading', { name: 'De verzender meldde een probleem' })).toBeVisible();
  await expect(phone.getByText('De zetel heeft een diepe scheur in de rugleuning.')).toBeVisible();
  await phone.getByLabel('Wat is er gebeurd?').fill('Bij het ophalen stond er al een kras op de rugleuning, zie mijn foto.');
  await phone.getByLabel('Andere foto’s').setInputFiles(await jpeg(phone, 'kras.jpg'));
  expect(await seriousViolations(phone)).toEqual([]);
  await phone.getByRole('button', { name: 'Antwoord versturen' }).click();
  await expect(phone.getByText('Ons team beslist na het lezen van beide kanten.')).toBeVisible();

  // 3. Finance staff read the case in the back office and refund half, with a reason.
  const staffContext = await browser.newContext({ baseURL: demoServer.url });
  const office = await staffContext.newPage();
  await virtualAuthenticator(office);
  await office.goto(createStaff(demoServer, `finance.${Date.now()}@ops.vrachtmarkt.be`, 'finance', 'Fien Finance'));
  await office.getByRole('button', { name: 'Passkey aanmaken' }).click();
  await expect(office.getByRole('heading', { name: 'Dag Fien Finance' })).toBeVisible();
  await office.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Problemen' }).click();
  const row = office.getByRole('row', { name: /VM-/ }).first();
  await expect(row).toContainText('Schade');
  expect(await seriousViolations(office)).toEqual([]);
  await row.getByRole('link').first().click();
  const timeline = office.getByRole('region', { name: 'Tijdlijn' });
  await expect(timeline).toContainText('De zetel heeft een diepe scheur');
  await expect(timeline).toContainText('Bij het ophalen stond er al een kras');
  await expect(timeline.getByRole('img').first()).toBeVisible();
  expect(await seriousViolations(office)).toEqual([]);
  await office.getByRole('radio', { name: 'Terugbetalen aan de verzender (deels of alles)' }).check();
  await office.getByRole('button', { name: /De helft/ }).click();
  await office.getByLabel('Reden (beide partijen lezen dit)').fill(REASON);
  await office.getByRole('button', { name: 'Verder naar bevestigen' }).click();
  expect(await seriousViolations(office)).toEqual([]);
  await office.getByRole('button', { name: 'Bevestigen en versturen' }).click();
  await expect(office.getByText('Er is beslist.', { exact: false })).toBeVisible();
  expect(await seriousViolations(office)).toEqual([]);

  // 4. Both parties are told: the driver's phone by push, the sender's bell, both by mail.
  await expect.poll(async () => (pushService.pushesTo('driver') as { body: string }[]).some((m) => m?.body.includes(REASON)), { timeout: 30_000 }).toBe(true);
  await expect.poll(async () => (await demoServer.outbox()).filter((m) => m.text.includes(REASON)).map((m) => m.to).sort(), { timeout: 30_000 }).toEqual([driverEmail, p.email].sort());
  await page.reload();
  await page.locator('.push-bell-button').click();
  await expect(page.getByRole('region', { name: 'Je meldingen' }).getByRole('button', { name: /Beslissing over VM-/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(reported).toContainText(REASON);
  await expect(reported).toContainText('Beslist');
  await phone.reload();
  await expect(phone.getByText(REASON).first()).toBeVisible();

  // 5. The split: the ledger holds; a credit note for the half refunded, valid Peppol UBL for the business
  // sender; the driver's payout is what the other half pays them.
  expect(admin(demoServer, 'ledger', 'check')).toContain('The ledger holds');
  const problem = await api<{ problem: { decision: { refund: number; released: number } } }>(demoServer, token, 'GET', `/api/shipment/${id}/problem`);
  const { refund, released } = problem.problem.decision;
  expect(refund).toBeGreaterThan(0);
  expect(released).toBeGreaterThan(0);
  type Doc = { kind: string; total: number; shipment_id: number; ubl_url: string | null; number: string };
  const creditNoteOf = async () => (await api<{ invoices: Doc[] }>(demoServer, token, 'GET', '/api/invoices')).invoices.find((d) => d.kind === 'credit_note' && d.shipment_id === id);
  await expect.poll(async () => (await creditNoteOf())?.total, { timeout: 30_000 }).toBe(refund);
  const creditNote = (await creditNoteOf())!;
  const ubl = await (await fetch(`${demoServer.url}${creditNote.ubl_url}`, { headers: { authorization: `Bearer ${token}` } })).text();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-e2e-credit-'));
  await fs.writeFile(path.join(dir, `${creditNote.number}.xml`), ubl);
  expect(validatePeppol([path.join(dir, `${creditNote.number}.xml`)]).fatal).toEqual([]);
  await fs.rm(dir, { recursive: true, force: true });
  await page.goto('/#/account/invoices');
  await expect(page.getByText(/Creditnota bij factuur VM-\d{4}-\d{6}/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  expect(admin(demoServer, 'payouts', 'run', '--now')).toMatch(/payout\(s\) sent/);
  const earnings = await api<{ items: { shipment_id: number; price: number; payable: number }[]; payouts: { amount: number }[] }>(demoServer, driverToken, 'GET', '/api/driver/earnings');
  const job = earnings.items.find((i) => i.shipment_id === id)!;
  expect(job.price).toBeLessThan(released);
  expect(earnings.payouts.map((x) => x.amount)).toContain(job.payable);
  await phoneContext.close();
  await staffContext.close();
});
