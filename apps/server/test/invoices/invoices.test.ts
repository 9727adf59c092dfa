import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { costBreakdown, driverEarnings, type InvoiceRead, parseStructuredCommunication } from '@vm/domain';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_FILE } from '../../src/env.ts';
import { PEPPOL_TIMEOUT, validatePeppol } from '../e-invoice/validator.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { acceptedShipment, answerDelivery, delivered } from '../helpers/held-money.ts';
import { accept, addCard, type Auth, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 22 part 5: invoices of record. Every succeeded payment gets the platform's invoice, every
// job released to its driver the driver's self-billed invoice (when they accepted self-billing);
// numbers run without gaps per series and year; a business with a Peppol address gets UBL that
// passes the official rules; each user reads only their own documents.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COMPANY = { name: 'Peeters Meubelen BV', vat: 'BE0403170701', address: 'Kerkstraat 12, 3500 Hasselt', email: 'factuur@peeters.be' };
async function admin(args: string[]) {
  const token = t.config.adminToken ?? (await fs.readFile(path.join(t.dataDir, ADMIN_TOKEN_FILE), 'utf8'));
  return t.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${token}` }, payload: { args } });
}

async function businessSender(approved = false, company = COMPANY) {
  const sender = await registerAndLogin(t);
  const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: sender.auth })).json();
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/user',
    headers: sender.auth,
    payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company },
  });
  expect(saved.statusCode).toBe(200);
  if (approved) {
    await t.app.inject({ method: 'POST', url: '/api/user/invoice', headers: sender.auth, payload: { action: 'request' } });
    expect((await admin(['invoice', 'approve', sender.email])).json().ok).toBe(true);
  } else await addCard(t, sender.auth);
  return sender;
}

/** A driver who joined with a business profile and accepted the self-billing agreement (or not). */
async function joinedDriver(agreed = true) {
  const driver = await createDriver(t);
  await t.handle.db
    .updateTable('driverProfiles')
    .set({ kind: 'company', companyName: 'Snel Transport BV', companyNumber: '0202239951', vat: 'BE0202239951', vatExempt: false, iban: 'BE71096123456769', selfBillingAcceptedAt: agreed ? t.clock.now() : null })
    .where('userId', '=', driver.id)
    .execute();
  return driver;
}

const list = async (auth: Auth): Promise<InvoiceRead[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/invoices', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json().invoices;
};
const download = (auth: Auth, url: string) => t.app.inject({ method: 'GET', url, headers: auth });

async function written() {
  await t.app.invoices.settled();
  return t.app.invoices.issueDue();
}

describe('the platform’s invoice to the sender', () => {
  it('is written when a card pays: paid at once, the total charged, a PDF and Peppol UBL for a business, only for its own sender', async () => {
    const sender = await businessSender();
    const driver = await joinedDriver();
    const id = await acceptedShipment(t, sender, driver, 150);
    await written();

    const [inv] = await list(sender.auth);
    const insurance = (await t.handle.db.selectFrom('shipments').select(['insurance', 'referenceId']).where('id', '=', id).executeTakeFirstOrThrow());
    const cost = costBreakdown(15000, insurance.insurance);
    expect(inv).toMatchObject({ kind: 'invoice', shipment_id: id, reference: insurance.referenceId, status: 'paid', total: cost.total.aftertaxes / 100, vat: cost.vat.amount / 100, payable: 0, due_at: null, payment_communication: null });
    expect(inv!.number).toMatch(/^VM-2026-\d{6}$/);
    expect(inv!.ubl_url).toBe(`/api/invoices/${inv!.id}/ubl`);

    const pdf = await download(sender.auth, inv!.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })).text;
    expect(text).toContain(inv!.number);
    expect(text).toContain('Peeters Meubelen BV');
    const ubl = await download(sender.auth, inv!.ubl_url!);
    expect(ubl.statusCode).toBe(200);
    expect(ubl.body).toContain('<cbc:EndpointID schemeID="0208">0403170701</cbc:EndpointID>');
    expect(ubl.body).toContain(`<cbc:BuyerReference>${insurance.referenceId}</cbc:BuyerReference>`);

    // Nobody else reads it: not the driver, not another sender (404, as for anything not theirs).
    const stranger = await registerAndLogin(t);
    for (const auth of [driver.auth, stranger.auth]) {
      expect((await download(auth, inv!.pdf_url)).statusCode).toBe(404);
      expect((await download(auth, inv!.ubl_url!)).statusCode).toBe(404);
    }
    expect(await list(stranger.auth)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/invoices' })).statusCode).toBe(401);
  });

  it('for a private sender: the PDF only (a person has no Peppol address)', async () => {
    const sender = await registerAndLogin(t);
    await addCard(t, sender.auth);
    await acceptedShipment(t, sender, await joinedDriver(), 80);
    await written();
    const [inv] = await list(sender.auth);
    expect(inv).toMatchObject({ kind: 'invoice', status: 'paid', ubl_url: null });
    expect((await download(sender.auth, `/api/invoices/${inv!.id}/ubl`)).statusCode).toBe(404);
    expect((await download(sender.auth, inv!.pdf_url)).statusCode).toBe(200);
  });

  it('paid by invoice: open, due in 30 days, with a valid structured communication', async () => {
    const sender = await businessSender(true);
    const driver = await joinedDriver();
    const id = await createShipment(t, sender.auth);
    const offer = await makeOffer(t, driver, id, 200);
    expect((await accept(t, sender.auth, id, offer)).statusCode).toBe(200);
    await written();
    const [inv] = await list(sender.auth);
    expect(inv).toMatchObject({ status: 'open', paid_at: null });
    expect(inv!.payable).toBe(inv!.total);
    expect(inv!.due_at! - inv!.issued_at).toBe(30 * 86400);
    expect(parseStructuredCommunication(inv!.payment_communication!)).not.toBeNull();
    const ubl = (await download(sender.auth, inv!.ubl_url!)).body;
    expect(ubl).toContain('<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>');
    expect(ubl).toContain(`<cbc:PaymentID>${parseStructuredCommunication(inv!.payment_communication!)}</cbc:PaymentID>`);
  });
});

describe('VAT by the rules that apply', () => {
  it('a business of another EU country sees, pays and is invoiced the price without VAT (reverse charge), and the release still balances', async () => {
    const sender = await businessSender(false, { name: 'Jansen Transport BV', vat: 'NL004495445B01', address: 'Markt 1, 3511 AA Utrecht', email: 'facturen@jansen.nl' });
    const driver = await joinedDriver();
    const id = await createShipment(t, sender.auth);
    const offer = await makeOffer(t, driver, id, 150);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json().offers.find((o: { id: number }) => o.id === offer).cost_breakdown_sender;
    expect(shown.vat).toEqual({ percent: 0, amount: 0 });
    expect(shown.total.aftertaxes).toBe(shown.total.beforetaxes);
    expect((await accept(t, sender.auth, id, offer)).statusCode).toBe(200);
    const paid = await t.handle.db.selectFrom('payments').select('amountCents').where('shipmentId', '=', id).executeTakeFirstOrThrow();
    expect(paid.amountCents).toBe(Math.round(shown.total.beforetaxes * 100));
    await written();
    const [inv] = await list(sender.auth);
    expect(inv).toMatchObject({ vat: 0, total: paid.amountCents / 100, payable: 0, status: 'paid' });
    const ubl = (await download(sender.auth, inv!.ubl_url!)).body;
    expect(ubl).toContain('<cbc:ID>AE</cbc:ID>');
    expect(ubl).toContain('VATEX-EU-AE');
    expect(ubl).toContain('<cbc:EndpointID schemeID="9944">NL004495445B01</cbc:EndpointID>');
    await delivered(t, driver, id);
    expect((await answerDelivery(t, sender, id, 'confirmed')).statusCode).toBe(200);
    expect(await t.app.ledger.heldFor(id)).toBe(0);
    expect(await t.app.ledger.check()).toEqual({ unbalanced: [], held: [], negativePayables: [] });
  });
});

describe('the driver’s self-billed invoice', () => {
  it('is written when the money is released, for the price less the commission, and only under the agreement', async () => {
    const sender = await businessSender();
    const agreed = await joinedDriver(true);
    const notAgreed = await joinedDriver(false);
    const jobs = [] as number[];
    for (const d of [agreed, notAgreed]) {
      const id = await acceptedShipment(t, sender, d, 120);
      await delivered(t, d, id);
      expect((await answerDelivery(t, sender, id, 'confirmed')).statusCode).toBe(200);
      jobs.push(id);
    }
    await written();
    const [sb] = await list(agreed.auth);
    const e = driverEarnings(12000, 12, false);
    expect(sb).toMatchObject({ kind: 'self_billed_invoice', shipment_id: jobs[0], net: e.net / 100, vat: e.vat / 100, total: e.payable / 100, status: 'open' });
    expect(sb!.number).toMatch(/^SB-2026-\d{6}$/);
    const ubl = (await download(agreed.auth, sb!.ubl_url!)).body;
    expect(ubl).toContain('<cbc:InvoiceTypeCode>389</cbc:InvoiceTypeCode>');
    expect(ubl).toContain('BE71096123456769');
    // No agreement, no invoice in their name (the money is still theirs: the ledger has it).
    expect(await list(notAgreed.auth)).toEqual([]);
    expect(await t.app.ledger.balance({ kind: 'driver_payable', userId: notAgreed.id })).toBeLessThan(0);
  });
});

describe('sending over Peppol', () => {
  it('hands each UBL document to the access point once (the embedded one writes the outbox folder); a private person’s stays PDF only', async () => {
    const sender = await businessSender();
    const priv = await registerAndLogin(t);
    await addCard(t, priv.auth);
    const driver = await joinedDriver();
    await acceptedShipment(t, sender, driver, 99);
    await acceptedShipment(t, priv, driver, 98);
    await written();
    await t.app.invoices.sendPending();
    expect((await t.app.invoices.sendPending()).sent).toBe(0);
    const [business] = await list(sender.auth);
    const [person] = await list(priv.auth);
    const outbox = path.join(t.dataDir, 'peppol-outbox');
    const files = await fs.readdir(outbox);
    expect(files).toContain(`${business!.number}.xml`);
    expect(files).not.toContain(`${person!.number}.xml`);
    expect(await fs.readFile(path.join(outbox, `${business!.number}.xml`), 'utf8')).toBe((await download(sender.auth, business!.ubl_url!)).body);
    const rows = await t.handle.db.selectFrom('invoices').select(['number', 'peppolStatus']).where('number', 'in', [business!.number, person!.number]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.number, r.peppolStatus]))).toEqual({ [business!.number]: 'sent', [person!.number]: 'none' });
  });
});

describe('numbers and the rules', () => {
  it('numbers each series without gaps or doubles, however many sweeps run at once', async () => {
    const sender = await businessSender();
    const driver = await joinedDriver();
    for (let i = 0; i < 6; i++) await acceptedShipment(t, sender, driver, 50 + i);
    // Several sweeps at once, as several processes would run them: each document is written once.
    await Promise.all([t.app.invoices.issueDue(), t.app.invoices.issueDue(), t.app.invoices.issueDue()]);
    const all = await t.handle.db.selectFrom('invoices').select(['series', 'year', 'sequence', 'sourceKey']).execute();
    for (const series of new Set(all.map((r) => r.series))) {
      const seqs = all.filter((r) => r.series === series).map((r) => r.sequence).sort((a, b) => a - b);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
    expect(new Set(all.map((r) => r.sourceKey)).size).toBe(all.length);
    const paid = await t.handle.db.selectFrom('payments').select('id').where('status', '=', 'succeeded').execute();
    expect(all.filter((r) => r.series === 'sales')).toHaveLength(paid.length);
  });

  it('every UBL the product wrote passes the official Peppol BIS 3.0 rules', { timeout: PEPPOL_TIMEOUT }, async () => {
    const docs = await t.handle.db.selectFrom('invoices').select(['number', 'ubl']).where('ubl', 'is not', null).execute();
    expect(docs.length).toBeGreaterThanOrEqual(4);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-invoices-'));
    const files = await Promise.all(docs.map(async (d) => {
      const f = path.join(dir, `${d.number}.xml`);
      await fs.writeFile(f, d.ubl!);
      return f;
    }));
    const result = validatePeppol(files);
    expect(result.fatal).toEqual([]);
    await fs.rm(dir, { recursive: true, force: true });
  });
});
