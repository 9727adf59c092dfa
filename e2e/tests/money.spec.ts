import type { Browser, Page } from '@playwright/test';
import { camt053File } from '../../apps/server/test/helpers/camt053-file.ts';
import { seriousViolations } from '../support/axe.ts';
import { demoTest, fillCard } from '../support/demo.ts';
import { createStaff, virtualAuthenticator } from '../support/driver-app.ts';
import { createShipmentViaApi, expect, logInViaForm, registerViaApi, tokenIn } from '../support/fixtures.ts';
import { admin, api, passwordToken } from '../support/admin.ts';
import type { TestServer } from '../support/server.ts';

// Issue 22, the acceptance walk on a fresh embedded database: a business sender accepts with a 3-D
// Secure test card (the challenge page), the demo driver delivers with proof, the sender confirms;
// the driver's app shows the money released, then paid out; the sender's Invoices page offers the
// PDF and the UBL; a second job cancelled after acceptance shows the fee first, then a credit note.
// And the invoice-payment path: finance staff import the bank's CAMT.053 statement in the back office.

const DRIVER_PASSWORD = 'demo-driver-e2e-password';
// Demo drivers offer at once and drive a state a second; a sandbox payout is paid a second after it is sent.
const demo = demoTest({ DEMO_DRIVER_PASSWORD: DRIVER_PASSWORD, SANDBOX_PAYOUT_SETTLE_SECONDS: '1' });

const DEMO_DRIVER_EMAILS: Record<string, string> = {
  Jan: 'jan.maes@demo.vrachtmarkt.be',
  Sofie: 'sofie.claes@demo.vrachtmarkt.be',
  Karim: 'karim.elidrissi@demo.vrachtmarkt.be',
  Els: 'els.wouters@demo.vrachtmarkt.be',
};
const COMPANY = { name: 'Peeters Meubelen BV', vat: 'BE0403170701', address: 'Kerkstraat 12, 3500 Hasselt', email: 'factuur@peeters.be' };



/** A signed-in business sender (company with a Belgian VAT number). */
async function businessSender(page: Page, server: TestServer) {
  const p = await registerViaApi(server);
  await page.goto('/#/login');
  await logInViaForm(page, p);
  await expect(page.getByRole('heading', { name: 'Actieve opdrachten' })).toBeVisible();
  const token = await tokenIn(page);
  const me = (await api(server, token, 'GET', '/api/user')) as Record<string, unknown>;
  await api(server, token, 'PUT', '/api/user', { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company: COMPANY });
  return { p, token };
}

/** Opens the job's offers, selects the row (the first, or the driver's), and asks to accept by card. */
async function acceptByCard(page: Page, driver?: RegExp) {
  await page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ }).click({ timeout: 20_000 });
  const modal = page.getByRole('dialog', { name: 'Biedingen' });
  const row = driver ? modal.locator('tbody tr').filter({ hasText: driver }) : modal.locator('tbody tr').first();
  await row.click();
  const name = (await modal.locator('tbody tr[aria-selected="true"] td').first().innerText()).trim();
  await modal.getByRole('button', { name: 'Aanvaarden met kredietkaart / factuur' }).click();
  return name;
}

/** The confirmation (money held, the cancellation ladder), then the 3-D Secure challenge, completed. */
async function confirmWithChallenge(page: Page) {
  const confirm = page.getByRole('dialog', { name: 'Bod aanvaarden?' });
  await expect(confirm).toContainText('Vrachtmarkt bewaart het geld tot de levering');
  await expect(confirm).toContainText(/Annuleren kost|Gratis annuleren tot/);
  await confirm.getByRole('button', { name: 'Bevestigen en betalen' }).click();
  // The card asks for 3-D Secure: the bank's challenge page (the sandbox's), then back to the job.
  await expect(page).toHaveURL(/\/sandbox\/3ds\//);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Verificatie voltooien' }).click();
  await expect(page.getByText('Het bod is aanvaard!')).toBeVisible();
}

async function driverApp(browser: Browser, server: TestServer, firstName: string) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 812 } });
  const phone = await context.newPage();
  await phone.goto('/driver/');
  await phone.getByLabel('E-mailadres').fill(DEMO_DRIVER_EMAILS[firstName]!);
  await phone.getByLabel('Wachtwoord').fill(DRIVER_PASSWORD);
  await phone.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(phone.getByRole('heading', { name: 'Open ritten' })).toBeVisible();
  await phone.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Verdiensten' }).click();
  return { context, phone };
}

demo('money held until delivery, released and paid out, invoices with PDF and UBL, and a cancellation after acceptance with its fee and credit note', async ({ page, browser, demoServer }) => {
  demo.setTimeout(180_000);
  const { token } = await businessSender(page, demoServer);
  const id = await createShipmentViaApi(demoServer, token);
  await page.goto(`/#/jobs/${id}`);

  // 1. Accept with a 3-D Secure test card: the challenge page, then the job is accepted.
  const driverShort = await acceptByCard(page);
  await fillCard(page, '4000 0027 6000 3184');
  await confirmWithChallenge(page);
  await expect(page.getByText(/Bewaard door Vrachtmarkt tot de levering/)).toBeVisible();

  // 2. The demo driver delivers with proof (a state a second); the sender confirms.
  await expect(page.locator('.job-detail .badge').first()).toHaveText('Geleverd', { timeout: 60_000 });
  const shown = page.getByRole('region', { name: 'Bewijs van ophalen en levering' });
  await shown.getByRole('button', { name: 'Levering bevestigen' }).click();
  await expect(shown.getByRole('status')).toHaveText(/Je bevestigde de levering/);

  // 3. The driver's app: the job's money released, then paid out after staff's payout run.
  const { context, phone } = await driverApp(browser, demoServer, driverShort.split(' ')[0]!);
  await expect(phone.getByText(/Vrijgegeven aan jou\. Op je rekening rond/)).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);
  expect(admin(demoServer, 'payouts', 'run', '--now')).toContain('1 payout(s) sent');
  await expect(async () => {
    admin(demoServer, 'payouts', 'run');
    await phone.reload();
    await expect(phone.getByText('Op je rekening gestort.').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(phone.getByText(/op je rekening gestort\./).first()).toBeVisible();
  // Its self-billed invoice is listed too.
  await expect(phone.getByRole('link', { name: /SB-\d{4}-\d{6}/ }).first()).toBeVisible();
  await context.close();

  // 4. The sender's Invoices page: the invoice, paid, with its PDF and UBL.
  await page.goto('/#/account');
  await page.getByRole('link', { name: 'Facturen' }).click();
  await expect(page.getByRole('heading', { name: 'Facturen' })).toBeVisible();
  const pdfLink = page.getByRole('link', { name: /Download VM-\d{4}-\d{6} als PDF/ });
  await expect(pdfLink).toHaveCount(1);
  const number = /\bVM-\d{4}-\d{6}/.exec(await page.locator('main').innerText())![0];
  await expect(page.getByRole('main').getByText('Betaald', { exact: true }).first()).toBeVisible();
  const pdf = await fetch(new URL((await pdfLink.getAttribute('href'))!, demoServer.url));
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  const ublLink = page.getByRole('link', { name: `Download ${number} als UBL (Peppol)` });
  const ubl = await (await fetch(new URL((await ublLink.getAttribute('href'))!, demoServer.url))).text();
  expect(ubl).toContain(`<cbc:ID>${number}</cbc:ID>`);
  expect(ubl).toContain('<cbc:EndpointID schemeID="0208">0403170701</cbc:EndpointID>');
  expect(await seriousViolations(page)).toEqual([]);

  // 5. A second job, its offer from a driver who does not drive yet, accepted, then cancelled: the fee first.
  const second = await createShipmentViaApi(demoServer, token, { street: 'Grote Markt', zip: '', city: 'Antwerpen', lat: 51.221, lng: 4.399 });
  const email = `wachter.${Date.now()}@example.be`;
  admin(demoServer, 'driver', 'create', email, 'rijden123', 'Wim', 'Wachter', 'van', 'Ford Transit');
  const wim = await passwordToken(demoServer, email, 'rijden123');
  await api(demoServer, wim, 'POST', `/api/driver/shipment/${second}/offer`, { price: 140 });
  await page.goto(`/#/jobs/${second}`);
  await acceptByCard(page, /Wim W\./);
  await confirmWithChallenge(page);

  await page.getByRole('button', { name: 'Opdracht annuleren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opdracht annuleren?' });
  await expect(dialog.getByText('Annuleringskost')).toBeVisible();
  const payButton = dialog.getByRole('button', { name: /^Annuleren en .+ betalen$/ });
  await expect(payButton).toBeVisible();
  const fee = /Annuleren en (.+) betalen/.exec((await payButton.innerText()).replace(/\s+/g, ' '))![1]!;
  expect(await seriousViolations(page)).toEqual([]);
  await payButton.click();
  await expect(page.getByText(/De opdracht is geannuleerd/)).toBeVisible();
  await expect(page.locator('.job-detail .badge').first()).toHaveText('Geannuleerd');
  expect(fee).toMatch(/€/);

  // The credit note for the refund, correcting the second job's invoice.
  await page.goto('/#/account/invoices');
  await expect(page.getByText(/Creditnota bij factuur VM-\d{4}-\d{6}/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: /Download VMC-\d{4}-\d{6} als PDF/ })).toBeVisible();
});


demo('invoice payment: an approved company accepts with invoice, finance staff import the bank statement, the invoice shows paid', async ({ page, browser, demoServer }) => {
  demo.setTimeout(150_000);
  const { p, token } = await businessSender(page, demoServer);
  await api(demoServer, token, 'POST', '/api/user/invoice', { action: 'request' });
  expect(admin(demoServer, 'invoice', 'approve', p.email)).toContain('approved');
  const id = await createShipmentViaApi(demoServer, token);
  await page.goto(`/#/jobs/${id}`);
  // The company and its approval were set through the API after the app loaded the account: read it again.
  await page.reload();
  await page.getByRole('button', { name: /biedingen bekijken|bod bekijken/ }).click({ timeout: 20_000 });
  const modal = page.getByRole('dialog', { name: 'Biedingen' });
  await modal.locator('tbody tr').first().click();
  await modal.getByRole('button', { name: 'Aanvaarden met kredietkaart / factuur' }).click();
  const confirm = page.getByRole('dialog', { name: 'Bod aanvaarden?' });
  await expect(confirm).toContainText('Op factuur');
  await confirm.getByRole('button', { name: 'Bevestigen en betalen' }).click();
  await expect(page.getByText('Het bod is aanvaard!')).toBeVisible();

  // The invoice is open, due in 30 days, with the structured communication to pay with.
  await page.goto('/#/account/invoices');
  const main = page.getByRole('main');
  await expect(main.getByText('Open', { exact: true })).toBeVisible();
  const communication = /\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+/.exec(await main.innerText())![0];
  const invoice = ((await api(demoServer, token, 'GET', '/api/invoices')) as { invoices: { number: string; total: number }[] }).invoices[0]!;

  // Finance staff (a passkey of a virtual authenticator) import the bank's CAMT.053 statement.
  const staffContext = await browser.newContext({ baseURL: demoServer.url });
  const office = await staffContext.newPage();
  await virtualAuthenticator(office);
  await office.goto(createStaff(demoServer, `finance.${Date.now()}@ops.vrachtmarkt.be`, 'finance', 'Fien Finance'));
  await office.getByRole('button', { name: 'Passkey aanmaken' }).click();
  await expect(office.getByRole('heading', { name: 'Dag Fien Finance' })).toBeVisible();
  await office.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Rekeninguittreksels' }).click();
  const statement = camt053File({ id: `STMT-${Date.now()}`, iban: 'BE68539007547034', credits: [{ amountCents: Math.round(invoice.total * 100), communication, reference: `BANK-${Date.now()}`, bookingDate: '2026-11-26' }] });
  await office.getByLabel('Rekeninguittreksel (CAMT.053 XML)').setInputFiles({ name: 'uittreksel.xml', mimeType: 'application/xml', buffer: Buffer.from(statement) });
  await office.getByRole('button', { name: 'Inlezen' }).click();
  await expect(office.getByRole('row', { name: new RegExp(invoice.number) })).toContainText('Betaald');
  expect(await seriousViolations(office)).toEqual([]);
  await staffContext.close();

  // The sender's invoice now reads paid.
  await page.reload();
  await expect(main.getByRole('row', { name: new RegExp(invoice.number) }).or(main.locator('li', { hasText: invoice.number })).first()).toContainText('Betaald');
});
