import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardError, RefundError, WebhookSignatureError } from '../../src/adapters/payments/payment-provider.ts';
import { sandboxPaymentProvider } from '../../src/adapters/payments/sandbox-payment-provider.ts';
import { type DbHandle, openDatabase } from '../../src/db/database.ts';
import { freshDatabase } from '../helpers/test-app.ts';

// The sandbox keeps what Stripe keeps on its side in the database: two providers on one database
// are two server processes (on PostgreSQL each has its own connection pool), a new one is a restart.

let handle: DbHandle & { url?: string };
/** A second process's connection: its own pool on PostgreSQL; PGlite belongs to one process. */
let other: DbHandle | null = null;
let current = new Date('2026-11-22T10:00:00Z');
const now = () => current;
beforeAll(async () => {
  handle = await freshDatabase();
  if (handle.url) other = await openDatabase({ databaseUrl: handle.url });
});
afterAll(async () => {
  await other?.close();
  await handle.close();
});

const processes = async (webhookSecret: string | null = 'whsec_x') => {
  const a = await sandboxPaymentProvider({ db: handle.db, publicUrl: 'http://localhost', webhookSecret, now });
  const b = await sandboxPaymentProvider({ db: (other ?? handle).db, publicUrl: 'http://localhost', webhookSecret, now });
  return [a, b] as const;
};
const charge = (cardId: string, idempotencyKey: string) => ({ customerId: 'cus_1', cardId, amountCents: 1210, currency: 'eur' as const, description: 'x', metadata: {}, idempotencyKey });

describe('the sandbox provider in the database', () => {
  it('without a configured secret, every process signs and verifies webhooks with the one stored secret', async () => {
    const [a, b] = await processes(null);
    const body = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', status: 'succeeded', amount: 100, currency: 'eur', metadata: {} } } });
    expect(b.parseWebhook(Buffer.from(body), a.signWebhook(body))).toMatchObject({ id: 'evt_1', payment: { id: 'pi_1', status: 'succeeded' } });
    // A configured secret is another secret: the stored one is not a constant anyone can sign with.
    const configured = await sandboxPaymentProvider({ db: handle.db, publicUrl: 'http://localhost', webhookSecret: 'whsec_configured', now });
    expect(() => configured.parseWebhook(Buffer.from(body), a.signWebhook(body))).toThrow(WebhookSignatureError);
  });

  it('the same idempotency key from two processes at once charges once and answers the same', async () => {
    const [a, b] = await processes();
    const card = await a.addCard('cus_1', 'tok_visa', 'add-1');
    const before = (await a.charges()).length;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).chargeCard(charge(card.id, 'payment-concurrent'))));
    expect(new Set(answers.map((r) => r.id)).size).toBe(1);
    expect((await b.charges()).slice(before)).toEqual([expect.objectContaining({ id: answers[0]!.id, idempotencyKey: 'payment-concurrent', amountCents: 1210 })]);
    // A restart (a new provider) recognises the key too.
    const [restarted] = await processes();
    expect(await restarted.chargeCard(charge(card.id, 'payment-concurrent'))).toEqual(answers[0]);
    expect((await restarted.charges()).length).toBe(before + 1);
  });

  it('a refused charge gives the same card error for its key, and charges nothing', async () => {
    const [a, b] = await processes();
    const card = await a.addCard('cus_1', 'tok_chargeCustomerFail', 'add-2');
    const before = (await a.charges()).length;
    const errors = await Promise.all([a, b, a].map((p) => p.chargeCard(charge(card.id, 'payment-refused')).catch((e: unknown) => e)));
    for (const e of errors) expect(e).toMatchObject({ code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' });
    expect(errors[0]).toBeInstanceOf(CardError);
    expect((await a.charges()).length).toBe(before);
  });

  it('a card token works once, on any process, within its ten minutes', async () => {
    const [a, b] = await processes();
    const card = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
    const used = await a.createToken(card, now());
    expect(await b.addCard('cus_1', used, 'add-used-1')).toMatchObject({ brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    await expect(a.addCard('cus_1', used, 'add-used-2')).rejects.toMatchObject({ code: 'resource_missing' });
    // The same key answers as before, even though the token is gone.
    expect(await a.addCard('cus_1', used, 'add-used-1')).toMatchObject({ last4: '4242' });

    const late = await a.createToken(card, now());
    current = new Date(current.getTime() + 10 * 60_000 + 1000);
    await expect(b.addCard('cus_1', late, 'add-late')).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('a Bancontact session lives on in a new process, answers once, and fails when its hour is over', async () => {
    const [a, b] = await processes();
    const input = { amountCents: 12100, currency: 'eur' as const, returnUrl: 'http://localhost/#/jobs/1?payment=1', ownerName: 'An', description: 'Vrachtmarkt, opdracht VM-1', metadata: { payment_id: '1' } };
    const started = await a.startBancontact({ ...input, idempotencyKey: 'payment-bc-1' });
    expect(await b.startBancontact({ ...input, idempotencyKey: 'payment-bc-1' })).toEqual(started);
    expect(await b.describeBancontact(started.id)).toMatchObject({ status: 'pending', amountCents: 12100, metadata: { payment_id: '1' }, description: 'Vrachtmarkt, opdracht VM-1' });
    const [first, second] = await Promise.all([a.completeBancontact(started.id, 'authorise'), b.completeBancontact(started.id, 'decline')]);
    expect(first!.payment.status).toBe(second!.payment.status);
    expect(first!.returnUrl).toBe(input.returnUrl);

    const open = await a.startBancontact({ ...input, idempotencyKey: 'payment-bc-2' });
    current = new Date(current.getTime() + 60 * 60_000);
    expect((await b.getPayment(open.id))?.status).toBe('failed');
    expect((await a.completeBancontact(open.id, 'authorise'))?.payment.status).toBe('failed');
  });
});

describe('the sandbox: 3-D Secure test cards', () => {
  const onSession = (cardId: string, idempotencyKey: string) => ({ ...charge(cardId, idempotencyKey), metadata: { payment_id: '9' }, returnUrl: 'http://localhost/#/jobs/9?payment=9' });

  it('Stripe’s 3184, 3155 and 3220 make cards from the card form that ask for a challenge on-session, and are refused off-session', async () => {
    const [a, b] = await processes();
    for (const [number, last4] of [['4000002760003184', '3184'], ['4000 0025 0000 3155', '3155'], ['4000000000003220', '3220']] as const) {
      const token = await a.createToken({ number: number.replace(/\s/g, ''), exp_month: 12, exp_year: 2030, cvc: '123' }, now());
      const card = await b.addCard('cus_1', token, `add-3ds-${last4}`);
      expect(card).toMatchObject({ brand: 'Visa', last4 });
      const before = (await a.charges()).length;

      const started = await a.chargeCard(onSession(card.id, `payment-3ds-${last4}`));
      expect(started).toEqual({ status: 'requires_action', id: expect.stringMatching(/^pi_sbx_3ds_/), redirectUrl: expect.stringMatching(/^http:\/\/localhost\/sandbox\/3ds\/pi_sbx_3ds_/) });
      // The same key answers the same challenge, from any process.
      expect(await b.chargeCard(onSession(card.id, `payment-3ds-${last4}`))).toEqual(started);
      expect(await b.getPayment(started.id)).toMatchObject({ status: 'pending', amountCents: 1210, metadata: { payment_id: '9' } });

      await expect(a.chargeCard(charge(card.id, `offsession-3ds-${last4}`))).rejects.toMatchObject({ code: 'authentication_required', declineCode: 'authentication_required' });
      expect((await a.charges()).length).toBe(before);
    }
  });

  it('a completed challenge is a succeeded payment, a failed one a failed payment; each answers once', async () => {
    const [a, b] = await processes();
    const card = await a.addCard('cus_1', 'tok_authenticationRequired', 'add-3ds-tok');
    const ok = await a.chargeCard(onSession(card.id, 'payment-3ds-ok'));
    const bad = await a.chargeCard(onSession(card.id, 'payment-3ds-bad'));
    expect(ok.status === 'requires_action' && bad.status === 'requires_action').toBe(true);
    expect(await b.describeBancontact(ok.id)).toMatchObject({ kind: 'card_challenge', returnUrl: 'http://localhost/#/jobs/9?payment=9' });
    expect((await a.completeBancontact(ok.id, 'authorise'))?.payment.status).toBe('succeeded');
    expect((await b.completeBancontact(ok.id, 'decline'))?.payment.status).toBe('succeeded');
    expect((await a.completeBancontact(bad.id, 'decline'))?.payment.status).toBe('failed');
    expect((await b.getPayment(bad.id))?.status).toBe('failed');
  });
});

describe('the sandbox: refunds', () => {
  const refund = (p: Awaited<ReturnType<typeof processes>>[number], paymentRef: string, amountCents: number, idempotencyKey: string) =>
    p.refund({ paymentRef, amountCents, reason: 'requested_by_customer', idempotencyKey });

  it('refunds a card charge in parts up to its amount, once per key, and refuses more as Stripe does', async () => {
    const [a, b] = await processes();
    const card = await a.addCard('cus_1', 'tok_visa', 'add-refund-1');
    const { id } = await a.chargeCard(charge(card.id, 'payment-refund-1')); // 12,10 €
    const first = await refund(a, id, 500, 'refund-1a');
    expect(first).toEqual({ id: expect.stringMatching(/^re_sbx_/), status: 'succeeded' });
    // The same key from another process: the same refund, nothing more refunded.
    expect(await refund(b, id, 500, 'refund-1a')).toEqual(first);
    expect((await a.refunds()).filter((r) => r.paymentId === id)).toEqual([expect.objectContaining({ id: first.id, amountCents: 500, idempotencyKey: 'refund-1a', reason: 'requested_by_customer' })]);

    await expect(refund(b, id, 711, 'refund-1b')).rejects.toMatchObject({ code: 'amount_too_large', message: 'Refund amount (€7.11) is greater than unrefunded amount on charge (€7.10)' });
    await expect(refund(b, id, 711, 'refund-1b')).rejects.toBeInstanceOf(RefundError);
    expect((await refund(b, id, 710, 'refund-1c')).status).toBe('succeeded');
    await expect(refund(a, id, 1, 'refund-1d')).rejects.toMatchObject({ code: 'charge_already_refunded' });
    expect((await a.refunds()).filter((r) => r.paymentId === id).reduce((sum, r) => sum + r.amountCents, 0)).toBe(1210);
  });

  it('two refunds of one payment at once never exceed it', async () => {
    const [a, b] = await processes();
    const card = await a.addCard('cus_1', 'tok_visa', 'add-refund-2');
    const { id } = await a.chargeCard(charge(card.id, 'payment-refund-2'));
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => refund(i % 2 ? a : b, id, 400, `refund-2-${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await a.refunds()).filter((r) => r.paymentId === id).reduce((sum, r) => sum + r.amountCents, 0)).toBe(1200);
  });

  it('refunds a succeeded Bancontact payment or completed challenge, and nothing that was not paid', async () => {
    const [a] = await processes();
    const input = { amountCents: 5000, currency: 'eur' as const, returnUrl: 'http://localhost/#/jobs/2?payment=2', ownerName: 'An', description: 'x', metadata: {} };
    const paid = await a.startBancontact({ ...input, idempotencyKey: 'payment-refund-bc-1' });
    const open = await a.startBancontact({ ...input, idempotencyKey: 'payment-refund-bc-2' });
    await a.completeBancontact(paid.id, 'authorise');
    expect((await refund(a, paid.id, 5000, 'refund-bc-1')).status).toBe('succeeded');
    await expect(refund(a, open.id, 100, 'refund-bc-2')).rejects.toMatchObject({ code: 'charge_not_refundable' });
    await expect(refund(a, 'pi_sbx_nothing', 100, 'refund-bc-3')).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(refund(a, paid.id, 0, 'refund-bc-4')).rejects.toMatchObject({ code: 'parameter_invalid_integer' });

    const card = await a.addCard('cus_1', 'tok_threeDSecure2Required', 'add-refund-3ds');
    const challenge = await a.chargeCard({ ...charge(card.id, 'payment-refund-3ds'), returnUrl: 'http://localhost/#/jobs/3?payment=3' });
    await a.completeBancontact(challenge.id, 'authorise');
    expect((await refund(a, challenge.id, 1210, 'refund-3ds')).status).toBe('succeeded');
  });
});
