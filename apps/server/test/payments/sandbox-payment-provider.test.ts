import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardError, WebhookSignatureError } from '../../src/adapters/payments/payment-provider.ts';
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
