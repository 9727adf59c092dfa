import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { addCard, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 22 part 2: a card that asks for 3-D Secure (Stripe's test card 4000 0027 6000 3184) at
// acceptance. The accept answers 402 authentication_required with the challenge's address and the
// payment's id; the claim stays pending while the sender is at the challenge, and the return, the
// webhooks, "continue"/"stop" and the recovery job settle it as they do a Bancontact payment.

let t: TestApp;
let driver: Awaited<ReturnType<typeof createDriver>>;
beforeAll(async () => {
  t = await createTestApp();
  driver = await createDriver(t);
});
afterAll(() => t.close());

type Auth = { authorization: string };

/** A job with an offer of 100 € (121 € incl. VAT) and a sender whose only card asks for 3-D Secure. */
async function jobWith3dsCard(token = 'tok_authenticationRequired') {
  const sender = await registerAndLogin(t);
  const id = await createShipment(t, sender.auth);
  const offerId = await makeOffer(t, driver, id, 100);
  expect((await addCard(t, sender.auth, token)).statusCode).toBe(200);
  return { sender, id, offerId };
}

const acceptOffer = (auth: Auth, id: number, offerId: number, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}`, headers: auth, ...(payload ? { payload } : {}) });
const confirm = (auth: Auth, paymentId: number) => t.app.inject({ method: 'POST', url: `/api/payments/${paymentId}/confirm`, headers: auth });
const shipment = async (auth: Auth, id: number) => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: auth })).json();
const waiting = async (auth: Auth, id: number) => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}/payment`, headers: auth })).json().payment;
const receipt = async (auth: Auth, id: number) => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}/receipt`, headers: auth })).json().receipt;
const acceptedEvents = async (id: number) =>
  (await t.handle.db.selectFrom('events').select('id').where('shipmentId', '=', id).where('type', '=', 'shipment.offer.accepted').execute()).length;

/** Accepts with the 3DS card: the 402 and what it names. */
async function challenged(auth: Auth, id: number, offerId: number, payload?: Record<string, unknown>) {
  const res = await acceptOffer(auth, id, offerId, payload);
  expect(res.statusCode).toBe(402);
  const body = res.json<{ error: string; error_description: string; payment_id: number; redirect_url: string }>();
  expect(body.error).toBe('authentication_required');
  const page = new URL(body.redirect_url).pathname;
  return { ...body, page, providerId: page.split('/').pop()! };
}

describe('3-D Secure at acceptance', () => {
  it('answers 402 authentication_required with the payment and its challenge, and accepts nothing yet', async () => {
    const { sender, id, offerId } = await jobWith3dsCard();
    const c = await challenged(sender.auth, id, offerId, { total: 121 });
    expect(c.error_description).toBe('Je bank vraagt je deze kaartbetaling te bevestigen. Je wordt naar de bevestigingspagina van je bank gebracht.');
    expect(c.redirect_url).toMatch(/\/sandbox\/3ds\/pi_sbx_3ds_/);
    expect(await shipment(sender.auth, id)).toMatchObject({ current_state: { state: 'new' }, accepted_offer: null });
    // Before the challenge is answered, the return check says pending.
    expect((await confirm(sender.auth, c.payment_id)).json()).toMatchObject({ status: 'pending', shipment: { current_state: { state: 'new' } } });
    expect(await t.app.ledger.heldFor(id)).toBe(0);
  });

  it('challenge completed: back on the job page the offer is accepted and the money is held by the platform', async () => {
    const { sender, id, offerId } = await jobWith3dsCard();
    const c = await challenged(sender.auth, id, offerId, { total: 121, return_path: `/jobs/${id}` });

    const page = await t.app.inject({ method: 'GET', url: c.page, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<button type="submit">Complete authentication</button>');
    expect(page.body).toContain('Fail authentication');
    expect(page.body).toMatch(/€\s?121\.00/);
    const fr = await t.app.inject({ method: 'GET', url: c.page, headers: { 'accept-language': 'fr-BE' } });
    expect(fr.body).toContain('Terminer l’authentification');
    expect((await t.app.inject({ method: 'GET', url: c.page })).body).toContain('Verificatie voltooien');

    const back = await t.app.inject({ method: 'POST', url: `${c.page}/complete` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${t.config.publicUrl}/#/jobs/${id}?payment=${c.payment_id}`);
    const done = await confirm(sender.auth, c.payment_id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'succeeded', shipment: { current_state: { state: 'accepted' }, accepted_offer: { id: offerId } } });
    expect(await receipt(sender.auth, id)).toMatchObject({ total: 121, method: 'card', card_last4: '3184', money: 'held' });
    expect(await t.app.ledger.heldFor(id)).toBe(12100);
    expect(await acceptedEvents(id)).toBe(1);
    // The page answered once: completing again changes nothing.
    await t.app.inject({ method: 'POST', url: `${c.page}/fail` });
    expect((await t.payments.getPayment(c.providerId))?.status).toBe('succeeded');
  });

  it('challenge failed: the return says declined, the claim is released and nothing is accepted', async () => {
    const { sender, id, offerId } = await jobWith3dsCard('tok_threeDSecure2Required');
    const c = await challenged(sender.auth, id, offerId);
    // Without a return path (a SPEC client) the challenge comes back to the job's page.
    const back = await t.app.inject({ method: 'POST', url: `${c.page}/fail`, headers: { 'accept-language': 'en' } });
    expect(back.headers.location).toBe(`${t.config.publicUrl}/#/jobs/${id}?payment=${c.payment_id}`);
    const res = await confirm(sender.auth, c.payment_id);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe('payment_declined');
    expect(await shipment(sender.auth, id)).toMatchObject({ current_state: { state: 'new' }, accepted_offer: null });
    expect(await receipt(sender.auth, id)).toBeNull();
    expect(await t.app.ledger.heldFor(id)).toBe(0);
    expect(await waiting(sender.auth, id)).toBeNull();
    // Released: another way to pay can claim the job.
    const start = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}/bancontact`, headers: sender.auth, payload: { return_path: `/jobs/${id}` } });
    expect(start.statusCode).toBe(200);
  });

  it('a replayed webhook is applied once: one acceptance, one held amount', async () => {
    const { sender, id, offerId } = await jobWith3dsCard();
    const c = await challenged(sender.auth, id, offerId);
    // The challenge answered at the issuer; the app hears of it only by webhook (the tab was closed).
    await t.payments.completeBancontact(c.providerId, 'authorise');
    const event = (eventId: string) =>
      JSON.stringify({ id: eventId, type: 'payment_intent.succeeded', data: { object: { id: c.providerId, status: 'succeeded', amount: 12100, currency: 'eur', metadata: {} } } });
    const post = (body: string) =>
      t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': t.payments.signWebhook(body) } });
    const first = await post(event('evt_3ds_1'));
    const replay = await post(event('evt_3ds_1'));
    // Stripe may also send another event for the same payment: applying it again changes nothing.
    const other = await post(event('evt_3ds_2'));
    expect([first.json().result, replay.json().result, other.json().result]).toEqual(['applied', 'duplicate', 'applied']);
    expect(await shipment(sender.auth, id)).toMatchObject({ current_state: { state: 'accepted' }, accepted_offer: { id: offerId } });
    expect(await acceptedEvents(id)).toBe(1);
    expect(await t.app.ledger.heldFor(id)).toBe(12100);
    // And the return afterwards says succeeded.
    expect((await confirm(sender.auth, c.payment_id)).json().status).toBe('succeeded');
  });

  it('a failed-challenge webhook releases the claim once', async () => {
    const { sender, id, offerId } = await jobWith3dsCard();
    const c = await challenged(sender.auth, id, offerId);
    await t.payments.completeBancontact(c.providerId, 'decline');
    const body = JSON.stringify({
      id: 'evt_3ds_failed',
      type: 'payment_intent.payment_failed',
      data: { object: { id: c.providerId, status: 'canceled', amount: 12100, currency: 'eur', metadata: {} } },
    });
    const post = () => t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': t.payments.signWebhook(body) } });
    expect((await post()).json().result).toBe('applied');
    expect((await post()).json().result).toBe('duplicate');
    const failed = await t.handle.db.selectFrom('events').select('id').where('shipmentId', '=', id).where('type', '=', 'payment.failed').execute();
    expect(failed).toHaveLength(1);
    expect(await shipment(sender.auth, id)).toMatchObject({ current_state: { state: 'new' }, accepted_offer: null });
  });
});

describe('a challenge left open (the tab closed)', () => {
  it('is shown as a waiting card payment; the sender can continue at the same challenge', async () => {
    const { sender, id, offerId } = await jobWith3dsCard();
    const c = await challenged(sender.auth, id, offerId);
    const w = await waiting(sender.auth, id);
    expect(w).toMatchObject({ id: c.payment_id, method: 'card', offer_id: offerId, total: 121 });
    expect(w.expires_at - w.started_at).toBe(3600);
    const resumed = await t.app.inject({ method: 'POST', url: `/api/payments/${c.payment_id}/resume`, headers: sender.auth });
    expect(resumed.json()).toEqual({ redirect_url: c.redirect_url });
    await t.app.inject({ method: 'POST', url: `${c.page}/complete` });
    expect(await waiting(sender.auth, id)).toBeNull();
    expect((await shipment(sender.auth, id)).current_state.state).toBe('accepted');
  });

  it('can be stopped: the challenge takes no money after, and the job is free again', async () => {
    const { sender, id, offerId } = await jobWith3dsCard();
    const c = await challenged(sender.auth, id, offerId);
    const stranger = await registerAndLogin(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/${c.payment_id}/stop`, headers: stranger.auth })).statusCode).toBe(404);
    const stopped = await t.app.inject({ method: 'POST', url: `/api/payments/${c.payment_id}/stop`, headers: sender.auth });
    expect(stopped.json()).toMatchObject({ status: 'stopped', shipment: { current_state: { state: 'new' } } });
    await t.app.inject({ method: 'POST', url: `${c.page}/complete` });
    expect((await t.payments.getPayment(c.providerId))?.status).toBe('failed');
    expect((await confirm(sender.auth, c.payment_id)).statusCode).toBe(402);
    expect((await shipment(sender.auth, id)).accepted_offer).toBeNull();
  });

  it('a new accept gives up the old challenge and starts a new one', async () => {
    const { sender, id, offerId } = await jobWith3dsCard();
    const first = await challenged(sender.auth, id, offerId);
    const second = await challenged(sender.auth, id, offerId);
    expect(second.payment_id).not.toBe(first.payment_id);
    expect((await t.payments.getPayment(first.providerId))?.status).toBe('failed');
    await t.app.inject({ method: 'POST', url: `${first.page}/complete` });
    await t.app.inject({ method: 'POST', url: `${second.page}/complete` });
    expect((await confirm(sender.auth, second.payment_id)).json().status).toBe('succeeded');
    expect(await t.app.ledger.heldFor(id)).toBe(12100);
  });

  it('is settled by the recovery job after its hour: cancelled at the provider, the claim released', async () => {
    const { sender, id, offerId } = await jobWith3dsCard();
    const c = await challenged(sender.auth, id, offerId);
    // Within the hour the recovery job leaves it to the sender (the sender's token would expire meanwhile: the row is read).
    const status = async () => (await t.handle.db.selectFrom('payments').select('status').where('id', '=', c.payment_id).executeTakeFirstOrThrow()).status;
    t.clock.advance(30 * 60);
    try {
      await t.app.settleStalePayments();
      expect(await status()).toBe('pending');
      t.clock.advance(31 * 60);
      await t.app.settleStalePayments();
      expect(await status()).toBe('failed');
    } finally {
      t.clock.advance(-61 * 60);
    }
    expect(await waiting(sender.auth, id)).toBeNull();
    expect((await t.payments.getPayment(c.providerId))?.status).toBe('failed');
    expect((await confirm(sender.auth, c.payment_id)).statusCode).toBe(402);
    const failed = await t.handle.db.selectFrom('events').select('id').where('shipmentId', '=', id).where('type', '=', 'payment.failed').execute();
    expect(failed).toHaveLength(1);
  });
});
