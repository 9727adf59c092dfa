import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_SETTLE_SECONDS } from '../../src/adapters/payouts/payout-provider.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { acceptedShipment, answerDelivery, delivered } from '../helpers/held-money.ts';
import { addCard, type Auth, createDriver } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 22 part 6: the payout provider's webhook (Stripe Connect's payout.paid and payout.failed),
// verified like the payments webhook and applied through the payouts service once: a replayed or
// duplicated event changes nothing twice, and events out of order never move a settled payout back.

const SECRET = 'whsec_connect_test';
const signer = new Stripe('sk_test_signer');
const sign = (body: string, secret = SECRET) => signer.webhooks.generateTestHeaderString({ payload: body, secret });

let t: TestApp;
let sender: { auth: Auth };
let driver: { id: number; auth: Auth };
let logLines: { level: number; msg: string; payoutId?: number }[];

beforeEach(async () => {
  logLines = [];
  t = await createTestApp({ STRIPE_CONNECT_WEBHOOK_SECRET: SECRET, ACCESS_TOKEN_TTL: '86400' }, undefined, { write: (line) => void logLines.push(JSON.parse(line)) });
  sender = await registerAndLogin(t);
  expect((await addCard(t, sender.auth)).statusCode).toBe(200);
  driver = await createDriver(t);
});
afterEach(() => t.close());

/** A payout of one released job, sent on Monday and still pending at the sandbox bank. */
async function pendingPayout(): Promise<{ id: number; ref: string; amountCents: number }> {
  const job = await acceptedShipment(t, sender, driver, 150);
  await delivered(t, driver, job);
  expect((await answerDelivery(t, sender, job, 'confirmed')).statusCode).toBe(200);
  // The test clock starts on Sunday 22/11/2026 10:00 UTC; Monday begins at 23:00 UTC in Brussels.
  t.clock.advance(13 * 3600 + 10 * 60);
  expect(await t.app.payouts.run()).toBe(1);
  const row = await t.handle.db.selectFrom('payouts').select(['id', 'providerRef', 'status', 'amountCents']).where('driverId', '=', driver.id).executeTakeFirstOrThrow();
  expect(row.status).toBe('pending');
  return { id: row.id, ref: row.providerRef!, amountCents: row.amountCents };
}

let seq = 0;
/** A Connect event as Stripe sends it (the sandbox's payouts carry no connected account). */
const event = (type: string, payoutRef: string, status: string, id = `evt_po_${++seq}`, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id, object: 'event', type, data: { object: { id: payoutRef, object: 'payout', status, failure_message: status === 'failed' ? 'The bank account has been closed.' : null, ...extra } } });
const post = (body: string, signature: string | undefined = sign(body)) =>
  t.app.inject({ method: 'POST', url: '/api/payouts/webhook', payload: body, headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) } });

const status = async (id: number) => (await t.handle.db.selectFrom('payouts').select(['status', 'failureReason']).where('id', '=', id).executeTakeFirstOrThrow());
const payable = async () => 0 - (await t.app.ledger.balance({ kind: 'driver_payable', userId: driver.id }));
const inTransit = () => t.app.ledger.balance({ kind: 'payouts_in_transit' });
const movements = async (kind: 'payout_paid' | 'payout_failed') => (await t.handle.db.selectFrom('ledgerTransactions').select('id').where('kind', '=', kind).execute()).length;
const earnings = async () => (await t.app.inject({ method: 'GET', url: '/api/driver/earnings', headers: driver.auth })).json();

describe('the payout webhook', () => {
  it('refuses a bad, missing or other secret’s signature and changes nothing', async () => {
    const p = await pendingPayout();
    const body = event('payout.paid', p.ref, 'paid');
    const forged = sign(body).replace(/v1=[0-9a-f]{4}/, 'v1=0000');
    for (const res of [await post(body, forged), await post(body, ''), await post(body, sign(body, 'whsec_payments_secret')), await post(body.replace('"paid"', '"failed"'), sign(body))]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_signature');
    }
    expect(await status(p.id)).toEqual({ status: 'pending', failureReason: null });
    expect(await movements('payout_paid')).toBe(0);
  });

  it('payout.paid settles the payout once; the same event replayed, or delivered twice at once, changes nothing', async () => {
    const p = await pendingPayout();
    const body = event('payout.paid', p.ref, 'paid', 'evt_paid_1');
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, result: 'applied' });
    expect(await status(p.id)).toEqual({ status: 'paid', failureReason: null });
    expect(await inTransit()).toBe(0);
    expect((await earnings()).payouts).toEqual([expect.objectContaining({ amount: p.amountCents / 100, status: 'paid' })]);

    // Replayed later, and delivered twice at once: recorded once, applied once.
    expect((await post(body)).json().result).toBe('duplicate');
    const again = event('payout.paid', p.ref, 'paid', 'evt_paid_2');
    const twice = await Promise.all([post(again), post(again)]);
    expect(twice.map((r) => r.json().result).sort()).toEqual(['duplicate', 'ignored']);
    // The job's own poll afterwards (the sandbox says paid too) settles nothing more.
    t.clock.advance(SANDBOX_SETTLE_SECONDS);
    await t.app.payouts.run();
    expect(await movements('payout_paid')).toBe(1);
    expect(await inTransit()).toBe(0);
    expect(await payable()).toBe(0);
    expect(await t.app.ledger.check()).toEqual({ unbalanced: [], held: [], negativePayables: [] });
  });

  it('out of order: paid after failed, or a late pending, does not move a failed payout; the money is back once', async () => {
    const p = await pendingPayout();
    expect((await post(event('payout.failed', p.ref, 'failed'))).json().result).toBe('applied');
    expect(await status(p.id)).toEqual({ status: 'failed', failureReason: 'The bank account has been closed.' });
    expect(await payable()).toBe(p.amountCents);
    for (const body of [event('payout.paid', p.ref, 'paid'), event('payout.updated', p.ref, 'in_transit'), event('payout.updated', p.ref, 'pending'), event('payout.failed', p.ref, 'failed')]) {
      expect((await post(body)).json().result).toBe('ignored');
    }
    expect(await status(p.id)).toMatchObject({ status: 'failed' });
    expect([await movements('payout_failed'), await movements('payout_paid')]).toEqual([1, 0]);
    expect(await payable()).toBe(p.amountCents);
    expect(await inTransit()).toBe(0);
    expect(await t.app.ledger.check()).toEqual({ unbalanced: [], held: [], negativePayables: [] });
  });

  it('a late pending before the outcome changes nothing; failed after paid (a bank return) leaves the ledger and tells staff', async () => {
    const p = await pendingPayout();
    expect((await post(event('payout.updated', p.ref, 'in_transit'))).json().result).toBe('ignored');
    expect(await status(p.id)).toMatchObject({ status: 'pending' });
    expect((await post(event('payout.paid', p.ref, 'paid'))).json().result).toBe('applied');
    expect((await post(event('payout.updated', p.ref, 'pending'))).json().result).toBe('ignored');
    expect((await post(event('payout.failed', p.ref, 'failed'))).json().result).toBe('ignored');
    expect(await status(p.id)).toEqual({ status: 'paid', failureReason: null });
    expect([await movements('payout_paid'), await movements('payout_failed')]).toEqual([1, 0]);
    expect(await payable()).toBe(0);
    expect(logLines).toContainEqual(expect.objectContaining({ level: 50, msg: 'payout failed after it was paid: check it at the provider', payoutId: p.id }));
  });

  it('records and ignores events about no payout of ours and events it does not act on', async () => {
    const p = await pendingPayout();
    expect((await post(event('payout.paid', 'po_sb_someone_else', 'paid'))).json().result).toBe('ignored');
    const reversed = JSON.stringify({ id: 'evt_tr_1', object: 'event', type: 'transfer.reversed', data: { object: { id: 'tr_1', object: 'transfer', amount: 100 } } });
    expect((await post(reversed)).json().result).toBe('ignored');
    expect((await post(reversed)).json().result).toBe('duplicate');
    expect(await status(p.id)).toMatchObject({ status: 'pending' });
  });
});

describe('without a Connect webhook secret', () => {
  it('has no payout webhook: payouts settle by the job asking the provider', async () => {
    const plain = await createTestApp();
    try {
      const body = event('payout.paid', 'po_sb_x', 'paid');
      const res = await plain.app.inject({ method: 'POST', url: '/api/payouts/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) } });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
