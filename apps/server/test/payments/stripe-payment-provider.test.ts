import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CardError, RefundError, WebhookSignatureError } from '../../src/adapters/payments/payment-provider.ts';
import { stripePaymentProvider } from '../../src/adapters/payments/stripe-payment-provider.ts';

// A local stand-in for Stripe's API answering the documented JSON shapes, so the real SDK is
// exercised end to end (encoding, headers, error classes) without the network.
type Seen = { method: string; path: string; query: string; form: Record<string, string>; idempotencyKey: string | undefined; auth: string | undefined };
const seen: Seen[] = [];
let server: http.Server;
let apiBase: string;

const SECRET_KEY = 'sk_test_fake123';
const WEBHOOK_SECRET = 'whsec_test_secret';

const declined = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };

const paymentIntent = (id: string, fields: Record<string, unknown>) => ({
  id,
  object: 'payment_intent',
  amount: 12100,
  currency: 'eur',
  metadata: { payment_id: '42' },
  last_payment_error: null,
  next_action: null,
  ...fields,
});

// The fake's refunds, as Stripe keeps them: answers by idempotency key, amounts refunded per payment.
const refundsByKey = new Map<string, unknown>();
const refundedOf = new Map<string, number>();
const CHARGED: Record<string, number> = { pi_paid1: 12100, pi_3ds_done: 12100 };

function refund(form: Record<string, string>, idempotencyKey: string | undefined): [number, unknown] {
  if (idempotencyKey && refundsByKey.has(idempotencyKey)) return [200, refundsByKey.get(idempotencyKey)];
  const pi = form.payment_intent!;
  const charged = CHARGED[pi];
  if (charged === undefined) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${pi}'` } }];
  const done = refundedOf.get(pi) ?? 0;
  const amount = form.amount ? Number(form.amount) : charged - done;
  if (done >= charged) return [400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ch_${pi} has already been refunded.` } }];
  if (done + amount > charged) {
    return [400, { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${((charged - done) / 100).toFixed(2)})` } }];
  }
  refundedOf.set(pi, done + amount);
  const metadata = Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : [])));
  const made = { id: `re_${refundsByKey.size + 1}`, object: 'refund', amount, currency: 'eur', payment_intent: pi, status: 'succeeded', reason: form.reason ?? null, metadata };
  if (idempotencyKey) refundsByKey.set(idempotencyKey, made);
  return [200, made];
}

/** One page of a list, as Stripe answers it. */
const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: '/v1/x' });

/** Answers one request: [status, body]. */
function answer(method: string, path: string, form: Record<string, string>, idempotencyKey?: string): [number, unknown] {
  if (method === 'POST' && path === '/v1/refunds') return refund(form, idempotencyKey);
  if (method === 'GET' && path === '/v1/refunds') return [200, list([...refundsByKey.values()])];
  if (method === 'GET' && path === '/v1/payment_intents') {
    return [200, list([paymentIntent('pi_paid1', { status: 'succeeded', amount_received: 12100, metadata: { payment_id: '42' } }), paymentIntent('pi_waiting', { status: 'requires_action', metadata: { payment_id: '43' } }), paymentIntent('pi_other', { status: 'succeeded', amount_received: 500, metadata: {} })])];
  }
  if (method === 'POST' && path === '/v1/customers') return [200, { id: 'cus_new1', object: 'customer', email: form.email }];

  const sources = /^\/v1\/customers\/([^/]+)\/sources(?:\/([^/]+))?$/.exec(path);
  if (sources) {
    if (sources[1] !== 'cus_known') return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${sources[1]}'` } }];
    if (method === 'DELETE') return [200, { id: sources[2], object: 'card', deleted: true }];
    if (form.source === 'tok_chargeDeclined') return [402, { error: declined }];
    return [200, { id: 'card_1Abc', object: 'card', brand: 'Visa', last4: '4242', exp_month: 8, exp_year: 2031, customer: 'cus_known' }];
  }

  if (method === 'POST' && path === '/v1/payment_intents') {
    if (form['allowed_payment_method_types[0]'] === 'bancontact') {
      return [200, paymentIntent('pi_bc1', { status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://pm-redirects.stripe.com/authorize/acct_1/pa_nonce_abc', return_url: form.return_url } } })];
    }
    if (form.payment_method === 'card_declines') return [402, { error: { ...declined, payment_intent: paymentIntent('pi_dec1', { status: 'requires_payment_method' }) } }];
    if (form.payment_method === 'card_needs_3ds') {
      // On-session (a return URL) Stripe answers where the browser goes for the challenge; off-session nothing can.
      const next = form.return_url ? { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=pi_3ds1', return_url: form.return_url } } : null;
      return [200, paymentIntent('pi_3ds1', { status: 'requires_action', next_action: next })];
    }
    return [200, paymentIntent('pi_paid1', { status: 'succeeded', amount: Number(form.amount) })];
  }

  const cancel = /^\/v1\/payment_intents\/([^/?]+)\/cancel$/.exec(path);
  if (method === 'POST' && cancel) {
    // Stripe refuses to cancel a payment that already succeeded (400 payment_intent_unexpected_state).
    if (cancel[1] === 'pi_done') return [400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent could not be canceled.' } }];
    if (cancel[1] === 'pi_waiting') return [200, paymentIntent('pi_waiting', { status: 'canceled' })];
    return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${cancel[1]}'` } }];
  }

  const retrieve = /^\/v1\/payment_intents\/([^/?]+)$/.exec(path);
  if (method === 'GET' && retrieve) {
    const failedAttempt = { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The customer did not approve.' };
    const byId: Record<string, Record<string, unknown>> = {
      pi_done: { status: 'succeeded' },
      pi_waiting: { status: 'requires_action' },
      pi_processing: { status: 'processing' },
      pi_untried: { status: 'requires_payment_method' },
      pi_refused: { status: 'requires_payment_method', last_payment_error: failedAttempt },
      pi_canceled: { status: 'canceled' },
    };
    const fields = byId[retrieve[1]!];
    if (fields) return [200, paymentIntent(retrieve[1]!, fields)];
    return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${retrieve[1]}'` } }];
  }
  return [500, { error: { type: 'api_error', message: `fake has no route for ${method} ${path}` } }];
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const path = (req.url ?? '').split('?')[0]!;
      const method = req.method ?? '';
      seen.push({ method, path, query: (req.url ?? '').split('?')[1] ?? '', form, idempotencyKey: req.headers['idempotency-key'] as string | undefined, auth: req.headers.authorization });
      const [status, json] = answer(method, path, form, req.headers['idempotency-key'] as string | undefined);
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      // Our fake never wants a retry; real Stripe says so on errors it considers final.
      res.setHeader('stripe-should-retry', 'false');
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  refundsByKey.clear();
  refundedOf.clear();
});

const provider = (secretKey = SECRET_KEY) => stripePaymentProvider({ secretKey, publishableKey: 'pk_test_abc', webhookSecret: WEBHOOK_SECRET, apiBase });

/** The rejection itself, so a test can look at its class and fields. */
const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
};

describe('Stripe adapter: identity', () => {
  it('is test mode only with a test secret key, and hands out the publishable key', () => {
    expect(provider()).toMatchObject({ name: 'stripe', testMode: true, publishableKey: 'pk_test_abc' });
    expect(provider('sk_live_abc').testMode).toBe(false);
  });
});

describe('Stripe adapter: customers and cards', () => {
  it('creates a customer with the user id in metadata and the idempotency key', async () => {
    const id = await provider().createCustomer({ email: 'an@example.be', name: 'An Peeters', userId: 7 }, 'cust-7');
    expect(id).toBe('cus_new1');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      idempotencyKey: 'cust-7',
      auth: `Bearer ${SECRET_KEY}`,
      form: { email: 'an@example.be', name: 'An Peeters', 'metadata[user_id]': '7' },
    });
  });

  it('attaches the token as source with the idempotency key and maps the card', async () => {
    const card = await provider().addCard('cus_known', 'tok_visa', 'card-key-1');
    expect(card).toEqual({ id: 'card_1Abc', brand: 'Visa', last4: '4242', exp_month: 8, exp_year: 2031 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/customers/cus_known/sources', idempotencyKey: 'card-key-1', auth: `Bearer ${SECRET_KEY}` });
    expect(seen[0]!.form).toEqual({ source: 'tok_visa' });
  });

  it("turns a 402 card_error into a CardError carrying Stripe's message and code", async () => {
    const err = await rejection(provider().addCard('cus_known', 'tok_chargeDeclined', 'card-key-2'));
    expect(err).toBeInstanceOf(CardError);
    expect((err as CardError).message).toBe('Your card was declined.');
    expect((err as CardError).code).toBe('card_declined');
    expect((err as CardError).declineCode).toBe('generic_decline');
  });

  it('rethrows errors that are not about the card (unknown customer)', async () => {
    const err = await rejection(provider().addCard('cus_gone', 'tok_visa', 'card-key-3'));
    expect(err).not.toBeInstanceOf(CardError);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((err as Error).message).toBe("No such customer: 'cus_gone'");
  });

  it('deletes a card with DELETE on the customer source', async () => {
    await provider().deleteCard('cus_known', 'card_1Abc');
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['DELETE /v1/customers/cus_known/sources/card_1Abc']);
  });
});

describe('Stripe adapter: card charges', () => {
  const charge = (cardId: string) =>
    provider().chargeCard({
      customerId: 'cus_known',
      cardId,
      amountCents: 12100,
      currency: 'eur',
      description: 'Shipment 5',
      metadata: { shipment_id: '5' },
      idempotencyKey: `charge-${cardId}`,
    });

  it('confirms an off-session PaymentIntent with the idempotency key and answers its id', async () => {
    expect(await charge('card_1Abc')).toEqual({ status: 'succeeded', id: 'pi_paid1' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'charge-card_1Abc', auth: `Bearer ${SECRET_KEY}` });
    expect(seen[0]!.form).toMatchObject({
      amount: '12100',
      currency: 'eur',
      customer: 'cus_known',
      payment_method: 'card_1Abc',
      off_session: 'true',
      confirm: 'true',
      description: 'Shipment 5',
      'metadata[shipment_id]': '5',
    });
  });

  it('turns a declined charge into a CardError with the message as is', async () => {
    const err = await rejection(charge('card_declines'));
    expect(err).toBeInstanceOf(CardError);
    expect(err).toMatchObject({ message: 'Your card was declined.', code: 'card_declined' });
  });

  it('refuses a charge that did not succeed (3-D Secure needed off-session)', async () => {
    const err = await rejection(charge('card_needs_3ds'));
    expect(err).toBeInstanceOf(CardError);
    expect(err).toMatchObject({ message: 'The payment could not be completed.', code: 'payment_incomplete' });
    expect(seen[0]!.form).toMatchObject({ off_session: 'true' });
    expect(seen[0]!.form).not.toHaveProperty('return_url');
  });

  it('on-session with a return URL: a card asking for 3-D Secure answers the payment and the challenge page (next_action)', async () => {
    const answered = await provider().chargeCard({
      customerId: 'cus_known',
      cardId: 'card_needs_3ds',
      amountCents: 12100,
      currency: 'eur',
      description: 'Shipment 5',
      metadata: { shipment_id: '5' },
      transferGroup: 'VM-2026-000005',
      returnUrl: 'https://app.example.be/#/jobs/5?payment=42',
      idempotencyKey: 'payment-42',
    });
    expect(answered).toEqual({ status: 'requires_action', id: 'pi_3ds1', redirectUrl: 'https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=pi_3ds1' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'payment-42' });
    expect(seen[0]!.form).toMatchObject({
      confirm: 'true',
      return_url: 'https://app.example.be/#/jobs/5?payment=42',
      transfer_group: 'VM-2026-000005',
      payment_method: 'card_needs_3ds',
      'metadata[shipment_id]': '5',
    });
    // The sender is present: not an off-session charge.
    expect(seen[0]!.form).not.toHaveProperty('off_session');
  });

  it('a card that needs nothing more succeeds on-session too, grouped with its transfers', async () => {
    const p = provider();
    const paid = await p.chargeCard({
      customerId: 'cus_known',
      cardId: 'card_1Abc',
      amountCents: 5000,
      currency: 'eur',
      description: 'Shipment 6',
      metadata: {},
      transferGroup: 'VM-2026-000006',
      returnUrl: 'https://app.example.be/#/jobs/6?payment=43',
      idempotencyKey: 'payment-43',
    });
    expect(paid).toEqual({ status: 'succeeded', id: 'pi_paid1' });
    expect(seen[0]!.form).toMatchObject({ transfer_group: 'VM-2026-000006', amount: '5000' });
  });
});

describe('Stripe adapter: refunds', () => {
  const refund = (amountCents: number, idempotencyKey: string, paymentRef = 'pi_paid1', reason = 'requested_by_customer') =>
    provider().refund({ paymentRef, amountCents, reason, idempotencyKey });

  it('refunds part of a payment with the Refunds API, the amount and the idempotency key; the same key refunds once', async () => {
    const first = await refund(2100, 'refund-a');
    expect(first).toEqual({ id: expect.stringMatching(/^re_/), status: 'succeeded' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund-a', auth: `Bearer ${SECRET_KEY}` });
    expect(seen[0]!.form).toMatchObject({ payment_intent: 'pi_paid1', amount: '2100', reason: 'requested_by_customer', 'metadata[reason]': 'requested_by_customer' });
    expect(await refund(2100, 'refund-a')).toEqual(first);
    expect(refundedOf.get('pi_paid1')).toBe(2100);
  });

  it('allows more partial refunds up to the charge, and refuses beyond it with Stripe’s code', async () => {
    await refund(2100, 'refund-a');
    const second = await refund(10000, 'refund-b');
    expect(second.status).toBe('succeeded');
    expect(refundedOf.get('pi_paid1')).toBe(12100);
    const tooMuch = await rejection(refund(1, 'refund-c'));
    expect(tooMuch).toBeInstanceOf(RefundError);
    expect(tooMuch).toMatchObject({ code: 'charge_already_refunded' });
    const over = await rejection(refund(12101, 'refund-d', 'pi_3ds_done'));
    expect(over).toBeInstanceOf(RefundError);
    expect(over).toMatchObject({ code: 'amount_too_large', message: 'Refund amount (€121.01) is greater than unrefunded amount on charge (€121.00)' });
  });

  it('keeps a reason of ours in the metadata only, and refuses an unknown payment', async () => {
    await refund(100, 'refund-e', 'pi_3ds_done', 'shipment_cancelled');
    expect(seen[0]!.form).toMatchObject({ 'metadata[reason]': 'shipment_cancelled' });
    expect(seen[0]!.form).not.toHaveProperty('reason');
    expect(await rejection(refund(100, 'refund-f', 'pi_unknown'))).toMatchObject({ code: 'resource_missing' });
  });
});

describe('Stripe adapter: Bancontact', () => {
  it("starts a confirmed Bancontact PaymentIntent and answers Stripe's redirect url", async () => {
    const started = await provider().startBancontact({
      amountCents: 12100,
      currency: 'eur',
      returnUrl: 'https://app.example.be/jobs/5',
      ownerName: 'An Peeters',
      description: 'Shipment 5',
      metadata: { payment_id: '42' },
      transferGroup: 'VM-2026-000005',
      idempotencyKey: 'bc-42',
    });
    expect(started).toEqual({ id: 'pi_bc1', redirectUrl: 'https://pm-redirects.stripe.com/authorize/acct_1/pa_nonce_abc' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'bc-42' });
    expect(seen[0]!.form).toMatchObject({
      amount: '12100',
      currency: 'eur',
      'allowed_payment_method_types[0]': 'bancontact',
      'payment_method_data[type]': 'bancontact',
      'payment_method_data[billing_details][name]': 'An Peeters',
      confirm: 'true',
      return_url: 'https://app.example.be/jobs/5',
      'metadata[payment_id]': '42',
      transfer_group: 'VM-2026-000005',
    });
  });

  it('asks Stripe for the payment and maps its status', async () => {
    const p = provider();
    expect(await p.getPayment('pi_done')).toEqual({ id: 'pi_done', status: 'succeeded', amountCents: 12100, currency: 'eur', metadata: { payment_id: '42' } });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_done', auth: `Bearer ${SECRET_KEY}` });
    expect((await p.getPayment('pi_waiting'))?.status).toBe('pending');
    expect((await p.getPayment('pi_processing'))?.status).toBe('pending');
    // Not yet tried is not a failure; a refused attempt or a cancellation is.
    expect((await p.getPayment('pi_untried'))?.status).toBe('pending');
    expect((await p.getPayment('pi_refused'))?.status).toBe('failed');
    expect((await p.getPayment('pi_canceled'))?.status).toBe('failed');
  });

  it('cancels an open payment, and answers the payment as it stands when it already succeeded', async () => {
    const p = provider();
    expect((await p.cancelPayment('pi_waiting'))?.status).toBe('failed');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_waiting/cancel' });
    expect((await p.cancelPayment('pi_done'))?.status).toBe('succeeded');
    expect(await p.cancelPayment('pi_unknown')).toBeNull();
  });

  it('answers null for a payment Stripe does not know (404)', async () => {
    expect(await provider().getPayment('pi_unknown')).toBeNull();
    expect(seen.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_unknown' });
  });
});

describe('Stripe adapter: webhooks', () => {
  // A separate SDK instance plays Stripe signing the delivery.
  const signer = new Stripe('sk_test_signer');
  const event = (type: string, object: Record<string, unknown>) => JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object } });
  const sign = (payload: string, secret = WEBHOOK_SECRET) => signer.webhooks.generateTestHeaderString({ payload, secret });

  it('accepts a body signed with the secret and reduces a payment_intent event to the payment', () => {
    const body = event('payment_intent.succeeded', paymentIntent('pi_bc1', { status: 'succeeded' }));
    expect(provider().parseWebhook(Buffer.from(body), sign(body))).toEqual({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      payment: { id: 'pi_bc1', status: 'succeeded', amountCents: 12100, currency: 'eur', metadata: { payment_id: '42' } },
    });

    const failed = event('payment_intent.payment_failed', paymentIntent('pi_bc2', { status: 'requires_payment_method', last_payment_error: declined }));
    expect(provider().parseWebhook(Buffer.from(failed), sign(failed)).payment?.status).toBe('failed');
  });

  it('passes other event types through without a payment', () => {
    const body = event('customer.created', { id: 'cus_new1', object: 'customer' });
    expect(provider().parseWebhook(Buffer.from(body), sign(body))).toEqual({ id: 'evt_1', type: 'customer.created', payment: null });
  });

  it('rejects a wrong signature, a tampered body and a missing header', () => {
    const body = event('payment_intent.succeeded', paymentIntent('pi_bc1', { status: 'succeeded' }));
    const p = provider();
    expect(() => p.parseWebhook(Buffer.from(body), sign(body, 'whsec_someone_else'))).toThrow(WebhookSignatureError);
    const tampered = body.replace('"amount":12100', '"amount":1');
    expect(tampered).not.toBe(body);
    expect(() => p.parseWebhook(Buffer.from(tampered), sign(body))).toThrow(WebhookSignatureError);
    expect(() => p.parseWebhook(Buffer.from(body), undefined)).toThrow(WebhookSignatureError);
    expect(() => p.parseWebhook(Buffer.from(body), '')).toThrow(WebhookSignatureError);
  });
});

describe('Stripe adapter: activity for the reconciliation', () => {
  it('lists the payments Stripe took and the refunds it made since a moment, with our ids from metadata and keys', async () => {
    const p = provider();
    await p.refund({ paymentRef: 'pi_paid1', amountCents: 2000, reason: 'sender_cancelled', idempotencyKey: 'refund-7' });
    const since = new Date('2026-11-20T00:00:00Z');
    const activity = await p.activity(since);
    // Only succeeded payments: one of ours by its metadata, one that carries none.
    expect(activity.payments).toEqual([
      { ref: 'pi_paid1', amountCents: 12100, paymentId: 42 },
      { ref: 'pi_other', amountCents: 500, paymentId: null },
    ]);
    // The refund's key went with it as metadata, and comes back as our refund's id.
    expect(activity.refunds).toEqual([{ ref: 're_1', paymentRef: 'pi_paid1', amountCents: 2000, refundId: 7 }]);
    const lists = seen.filter((s) => s.method === 'GET');
    expect(lists.map((s) => s.path).sort()).toEqual(['/v1/payment_intents', '/v1/refunds']);
    for (const s of lists) expect(decodeURIComponent(s.query)).toContain(`created[gte]=${Math.floor(since.getTime() / 1000)}`);
  });
});
