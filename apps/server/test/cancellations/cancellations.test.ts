import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CancellationQuote, type InvoiceRead } from '@vm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEPPOL_TIMEOUT, validatePeppol } from '../e-invoice/validator.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, type Auth, brussels, createDriver, createShipment, driverState, makeOffer, shipmentSide } from '../helpers/marketplace.ts';
import { answerDelivery, delivered } from '../helpers/held-money.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { ADMIN_TOKEN_FILE } from '../../src/env.ts';

// Issue 22 part 4: cancelling after acceptance. The sender sees the fee first (the quote) and names
// it in the cancel request; a bare SPEC cancel after acceptance is refused with a message naming the
// fee; the fee's driver share and the refund move in the ledger once; a credit note corrects the
// invoice. A driver who gives a job back puts it back to new with the other offers open and the
// sender refunded in full, and the sender can accept another offer.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COMPANY = { name: 'Peeters Meubelen BV', vat: 'BE0403170701', address: 'Kerkstraat 12, 3500 Hasselt', email: 'factuur@peeters.be' };

async function businessSender() {
  const sender = await registerAndLogin(t);
  const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: sender.auth })).json();
  await t.app.inject({ method: 'PUT', url: '/api/user', headers: sender.auth, payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company: COMPANY } });
  await addCard(t, sender.auth);
  return sender;
}

/** A job picked up in four days (the ladder's free step), or tomorrow at 08:00 (now is 11:00 the day before: the 50 % step). */
const later = () => ({
  pickup: shipmentSide({ date_from: brussels('2026-11-26', '08:00'), date_till: brussels('2026-11-26', '17:00') }),
  delivery: shipmentSide({ lat: 50.85045, lng: 4.34878, street: 'Nieuwstraat', number: '1', zip: '1000', city: 'Brussel', date_from: brussels('2026-11-26', '17:00'), date_till: brussels('2026-11-26', '22:00') }),
});

async function acceptedJob(sender: { auth: Auth }, price: number, over: Record<string, unknown> = {}) {
  const driver = await createDriver(t);
  const id = await createShipment(t, sender.auth, over);
  const offer = await makeOffer(t, driver, id, price);
  expect((await accept(t, sender.auth, id, offer)).statusCode).toBe(200);
  return { id, driver, offer };
}

const quote = async (auth: Auth, id: number): Promise<CancellationQuote> => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}/cancellation`, headers: auth })).json();
const cancel = (auth: Auth, id: number, body: Record<string, unknown>, lang = 'nl') =>
  t.app.inject({ method: 'POST', url: `/api/shipment/${id}/status`, headers: { ...auth, 'accept-language': lang }, payload: { state: 'cancelled', ...body } });
const state = async (auth: Auth, id: number) => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: auth })).json().current_state.state;
const documents = async (auth: Auth): Promise<InvoiceRead[]> => {
  await t.app.invoices.settled();
  await t.app.invoices.issueDue();
  return (await t.app.inject({ method: 'GET', url: '/api/invoices', headers: auth })).json().invoices;
};
const eventsOf = async (userId: number, type: 'shipment.cancelled' | 'shipment.driver_cancelled') => t.handle.db.selectFrom('events').select(['payload']).where('userId', '=', userId).where('type', '=', type).execute();
const ledgerHolds = async () => {
  const r = await t.app.ledger.check();
  expect(r).toEqual({ unbalanced: [], held: [], negativePayables: [] });
};

describe('the sender cancels after acceptance', () => {
  it('sees the fee first; a bare cancel is refused with a message naming it; naming it cancels, keeps the fee (80 % for the driver) and refunds the rest with a credit note', async () => {
    const sender = await businessSender();
    const { id, driver } = await acceptedJob(sender, 100);
    const q = await quote(sender.auth, id);
    const charged = q.charged;
    expect(q).toMatchObject({ allowed: true, step: 'fee_50', refusal: null });
    expect(q.fee + q.refund).toBeCloseTo(charged, 2);
    expect(q.fee).toBeCloseTo(charged / 2, 1);
    expect(q.boundaries).not.toBeNull();

    // The SPEC's bare cancel: refused, the message names the fee; nothing changes.
    const bare = await cancel(sender.auth, id, {});
    expect(bare.statusCode).toBe(409);
    expect(bare.json()).toMatchObject({ code: 'cancellation_fee_required', fee: q.fee, refund: q.refund });
    expect(bare.json().error_description.replace(/\s/g, ' ')).toContain(`€ ${q.fee.toFixed(2).replace('.', ',')}`);
    expect((await cancel(sender.auth, id, {}, 'en')).json().error_description).toContain(`€${q.fee.toFixed(2)}`);
    // A fee other than the fee now (an old screen): refused, naming the fee now.
    const stale = await cancel(sender.auth, id, { fee: 0 });
    expect(stale.json()).toMatchObject({ code: 'cancellation_fee_changed', fee: q.fee });
    expect(await state(sender.auth, id)).toBe('accepted');

    // Another sender cannot even see what it costs.
    const stranger = await registerAndLogin(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/shipment/${id}/cancellation`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await cancel(stranger.auth, id, { fee: q.fee })).statusCode).toBe(404);

    const payableBefore = await t.app.ledger.balance({ kind: 'driver_payable', userId: driver.id });
    const done = await cancel(sender.auth, id, { fee: q.fee });
    expect(done.statusCode).toBe(200);
    expect(done.json().current_state.state).toBe('cancelled');
    // The refund went through the provider once, for the rest.
    const refunds = (await t.payments.refunds()).filter((r) => r.amountCents === Math.round(q.refund * 100));
    expect(refunds).toHaveLength(1);
    expect(await t.app.ledger.heldFor(id)).toBe(0);
    const share = Math.round(q.fee * 100 * 0.8);
    expect(payableBefore - (await t.app.ledger.balance({ kind: 'driver_payable', userId: driver.id }))).toBe(share);
    expect((await eventsOf(driver.id, 'shipment.cancelled')).map((e) => (e.payload as { feeShare: number }).feeShare)).toEqual([share / 100]); // (the CamelCasePlugin renames JSON keys read this way)
    await ledgerHolds();
    // Cancelling again is refused.
    expect((await cancel(sender.auth, id, { fee: q.fee })).statusCode).toBe(409);

    // The invoice and its credit note for the refund.
    const docs = await documents(sender.auth);
    const invoice = docs.find((d) => d.kind === 'invoice' && d.shipment_id === id)!;
    const credit = docs.find((d) => d.kind === 'credit_note' && d.shipment_id === id)!;
    expect(credit).toMatchObject({ corrects: invoice.number, total: q.refund, status: 'paid' });
    expect(credit.number).toMatch(/^VMC-2026-\d{6}$/);
    expect(invoice.status).toBe('paid');
    const ubl = (await t.app.inject({ method: 'GET', url: credit.ubl_url!, headers: sender.auth })).body;
    expect(ubl).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(ubl).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
  });

  it('is free until 48 hours before the pickup window: everything is refunded and the credit note copies the invoice', async () => {
    const sender = await businessSender();
    const { id } = await acceptedJob(sender, 80, later());
    const q = await quote(sender.auth, id);
    expect(q).toMatchObject({ allowed: true, step: 'free', fee: 0, refund: q.charged });
    expect(q.next_step_at).toBe(brussels('2026-11-24', '08:00'));
    expect((await cancel(sender.auth, id, { fee: 0 })).statusCode).toBe(200);
    const docs = await documents(sender.auth);
    const invoice = docs.find((d) => d.kind === 'invoice' && d.shipment_id === id)!;
    expect(docs.find((d) => d.kind === 'credit_note' && d.shipment_id === id)).toMatchObject({ total: invoice.total, corrects: invoice.number });
    expect(invoice.status).toBe('credited');
    await ledgerHolds();
  });

  it('is refused once the goods are on board', async () => {
    const sender = await businessSender();
    const { id, driver } = await acceptedJob(sender, 70);
    for (const s of ['onwaytopickup', 'arrivedpickup', 'loading']) expect((await driverState(t, driver, id, s, false)).statusCode).toBe(200);
    expect(await quote(sender.auth, id)).toMatchObject({ allowed: false, refusal: 'goods_on_board' });
    expect((await cancel(sender.auth, id, { fee: 0 })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${id}/cancel`, headers: driver.auth, payload: { reason: 'Te laat' } })).statusCode).toBe(409);
  });
});

describe('staff refund held money (a reported problem they settled)', () => {
  it('refunds part of it, then the rest, each with a credit note; never more than is held, never after the driver was paid', async () => {
    const sender = await businessSender();
    const { id, driver } = await acceptedJob(sender, 100);
    await delivered(t, driver, id);
    expect((await answerDelivery(t, sender, id, 'problem')).statusCode).toBe(200);
    const held = await t.app.ledger.heldFor(id);
    const token = t.config.adminToken ?? (await fs.readFile(path.join(t.dataDir, ADMIN_TOKEN_FILE), 'utf8'));
    const admin = async (...args: string[]) => (await t.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${token}` }, payload: { args } })).json();

    expect(await admin('money', 'refund', String(id), 'veel')).toMatchObject({ ok: false, message: expect.stringMatching(/at most 2 decimals/) });
    expect(await admin('money', 'refund', String(id), String(held))).toMatchObject({ ok: false, message: expect.stringMatching(/holds less than that amount/) });
    expect(await admin('money', 'refund', String(id), '50')).toMatchObject({ ok: true, message: expect.stringMatching(/^Shipment \d+: 50\.\d\d EUR refunded/) });
    const left = await t.app.ledger.heldFor(id);
    expect(held - left).toBeGreaterThanOrEqual(5000);
    expect(held - left).toBeLessThanOrEqual(5001);
    expect((await admin('money', 'refund', String(id), (left / 100).toFixed(2))).ok).toBe(true);
    expect(await t.app.ledger.heldFor(id)).toBe(0);
    expect(await admin('money', 'refund', String(id), '1')).toMatchObject({ ok: false, message: expect.stringMatching(/holds no money/) });
    const credits = (await documents(sender.auth)).filter((d) => d.kind === 'credit_note' && d.shipment_id === id);
    expect(credits.map((c) => c.total).reduce((a, b) => a + b, 0)).toBeCloseTo(held / 100, 2);
    await ledgerHolds();

    // A released job has nothing left to refund.
    const other = await acceptedJob(sender, 60);
    await delivered(t, other.driver, other.id);
    expect((await answerDelivery(t, sender, other.id, 'confirmed')).statusCode).toBe(200);
    expect(await admin('money', 'refund', String(other.id), '10')).toMatchObject({ ok: false, message: expect.stringMatching(/went to the driver already/) });
  });
});

describe('a driver gives an accepted job back', () => {
  it('puts it back to new with the other offers open, refunds the sender in full with a credit note, counts it for staff, and the sender can accept another offer', async () => {
    const sender = await businessSender();
    const other = await createDriver(t);
    const { id, driver, offer } = await acceptedJob(sender, 90, later());
    const otherOffer = await makeOffer(t, other, id, 95).catch(() => null);
    const giveBack = (auth: Auth, reason = 'Mijn bestelwagen is stuk') => t.app.inject({ method: 'POST', url: `/api/driver/shipment/${id}/cancel`, headers: auth, payload: { reason } });

    expect((await giveBack(other.auth)).statusCode).toBe(404);
    expect((await giveBack(driver.auth, 'x')).statusCode).toBe(400);
    const res = await giveBack(driver.auth);
    expect(res.statusCode).toBe(200);
    const charged = (await t.handle.db.selectFrom('payments').select(['amountCents', 'status']).where('shipmentId', '=', id).executeTakeFirstOrThrow());
    expect(res.json()).toEqual({ state: 'new', refund: charged.amountCents / 100 });
    expect(charged.status).toBe('refunded');
    expect(await state(sender.auth, id)).toBe('new');
    expect((await t.handle.db.selectFrom('offers').select('state').where('id', '=', offer).executeTakeFirstOrThrow()).state).toBe('withdrawn');
    expect((await eventsOf((await t.handle.db.selectFrom('shipments').select('senderId').where('id', '=', id).executeTakeFirstOrThrow()).senderId, 'shipment.driver_cancelled'))).toHaveLength(1);
    expect(await t.app.cancellations.driverCancellations(driver.id)).toEqual({ total: 1, recent: 1 });
    expect(await t.app.ledger.heldFor(id)).toBe(0);
    // The driver no longer has the job.
    expect((await t.app.inject({ method: 'GET', url: `/api/driver/shipment/${id}/cancel`, headers: driver.auth })).statusCode).toBe(404);

    // Another driver's offer is accepted and paid as a new payment.
    const next = otherOffer ?? (await makeOffer(t, other, id, 95));
    expect((await accept(t, sender.auth, id, next)).statusCode).toBe(200);
    expect(await state(sender.auth, id)).toBe('accepted');
    expect(await t.app.ledger.heldFor(id)).toBeGreaterThan(0);
    await ledgerHolds();

    const docs = await documents(sender.auth);
    const invoices = docs.filter((d) => d.shipment_id === id && d.kind === 'invoice');
    const credit = docs.find((d) => d.shipment_id === id && d.kind === 'credit_note')!;
    expect(invoices).toHaveLength(2);
    expect(credit).toMatchObject({ total: charged.amountCents / 100 });
    expect(invoices.find((i) => i.number === credit.corrects)!.status).toBe('credited');
  });

  it('the credit notes the product wrote pass the official Peppol rules', { timeout: PEPPOL_TIMEOUT }, async () => {
    const docs = await t.handle.db.selectFrom('invoices').select(['number', 'ubl']).where('kind', '=', 'credit_note').where('ubl', 'is not', null).execute();
    expect(docs.length).toBeGreaterThanOrEqual(3);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-credit-'));
    const files = await Promise.all(
      docs.map(async (d) => {
        const f = path.join(dir, `${d.number}.xml`);
        await fs.writeFile(f, d.ubl!);
        return f;
      }),
    );
    expect(validatePeppol(files).fatal).toEqual([]);
    await fs.rm(dir, { recursive: true, force: true });
  });
});
