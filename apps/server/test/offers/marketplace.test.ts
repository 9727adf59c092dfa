import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, createDriver, createShipment, driverState, driveToFinalised, makeOffer } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
type Person = Awaited<ReturnType<typeof registerAndLogin>>;
type Driver = Awaited<ReturnType<typeof createDriver>>;
let sender: Person;
let other: Person;
let driver: Driver;
let driver2: Driver;

beforeAll(async () => {
  t = await createTestApp();
  [sender, other] = [await registerAndLogin(t), await registerAndLogin(t)];
  driver = await createDriver(t, { type: 'van', name: 'Ford Transit' });
  driver2 = await createDriver(t, { type: 'small_truck', name: 'Iveco Daily' });
});
afterAll(() => t.close());

const get = (url: string, auth: { authorization: string }) => t.app.inject({ method: 'GET', url, headers: auth });
const shipment = async (id: number, auth = sender.auth) => (await get(`/api/shipment/${id}`, auth)).json();

describe('offers', () => {
  it('shows a driver offer to the sender with the all-in price in euros, computed in cents', async () => {
    const id = await createShipment(t, sender.auth, { insurance: 'all_1250' });
    await makeOffer(t, driver, id, 123.45);
    const s = await shipment(id);
    expect(s.offers).toHaveLength(1);
    // 123.45 + 9.00 premium = 132.45; VAT 21 % of 13245 cents = 2781.45 -> 2781; total 16026 cents.
    expect(s.offers[0]).toMatchObject({
      shipment_id: id,
      price: 123.45,
      state: 'open',
      cost_breakdown_sender: { route: 123.45, insurance: 9, vat: { percent: 21, amount: 27.81 }, total: { beforetaxes: 132.45, aftertaxes: 160.26 } },
      car: { type: { type: 'van', name: 'Ford Transit' }, driver: { user: { first_name: 'Driver', rating: { driver: 0 } } } },
      driver: { user: { id: driver.id, driver_rating_count: 0, driver_rating_total: 0 } },
      level: 'newbie',
    });
  });

  it('re-prices instead of adding a second offer, and a withdrawn offer disappears', async () => {
    const id = await createShipment(t, sender.auth);
    await makeOffer(t, driver, id, 100);
    await makeOffer(t, driver, id, 90);
    expect((await shipment(id)).offers.map((o: { price: number }) => o.price)).toEqual([90]);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/driver/shipment/${id}/offer`, headers: driver.auth });
    expect(res.statusCode).toBe(204);
    expect((await shipment(id)).offers).toEqual([]);
  });

  it('refuses a price that is not positive euros with at most 2 decimals', async () => {
    const id = await createShipment(t, sender.auth);
    for (const price of [0, -5, 10.005, 'tien']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${id}/offer`, headers: driver.auth, payload: { price } });
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json()[0].field).toBe('price');
    }
  });

  it('refuses offers on a cancelled shipment and on one whose pickup window has closed', async () => {
    const cancelled = await createShipment(t, sender.auth);
    await t.app.inject({ method: 'POST', url: `/api/shipment/${cancelled}/status`, headers: sender.auth, payload: { state: 'cancelled' } });
    const res = await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${cancelled}/offer`, headers: driver.auth, payload: { price: 50 } });
    expect(res.statusCode).toBe(409);

    const expiring = await createShipment(t, sender.auth);
    t.clock.advance(2 * 86400);
    try {
      const lateDriver = await createDriver(t); // a fresh token at the later time
      const late = await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${expiring}/offer`, headers: lateDriver.auth, payload: { price: 50 } });
      expect(late.statusCode).toBe(409);
      const open = await get('/api/driver/shipments?scope=open', lateDriver.auth);
      expect(open.json().map((s: { id: number }) => s.id)).not.toContain(expiring);
    } finally {
      t.clock.advance(-2 * 86400);
    }
  });

  it('lists open shipments to drivers with their own offer and without street or others’ offers', async () => {
    const id = await createShipment(t, sender.auth);
    await makeOffer(t, driver2, id, 77);
    await makeOffer(t, driver, id, 80);
    const open = (await get('/api/driver/shipments?scope=open', driver.auth)).json();
    const job = open.find((s: { id: number }) => s.id === id);
    expect(job.my_offer).toMatchObject({ price: 80, state: 'open' });
    expect(job).not.toHaveProperty('offers');
    expect(job.pickup_location.address).toMatchObject({ street: '', number: '', city: 'Hasselt', formatted: '3500 Hasselt' });
    expect(job.pickup_location.notes).toBe('');
  });

  it('changes the sender list ETag when an offer arrives', async () => {
    const first = await get('/api/shipment/sender', sender.auth);
    const etag = first.headers.etag as string;
    const same = await t.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: { ...sender.auth, 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    const id = await createShipment(t, sender.auth);
    const afterCreate = (await get('/api/shipment/sender', sender.auth)).headers.etag as string;
    await makeOffer(t, driver, id, 60);
    const changed = await t.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: { ...sender.auth, 'if-none-match': afterCreate } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().find((s: { id: number }) => s.id === id).offers).toHaveLength(1);
  });
});

describe('role separation', () => {
  it('keeps drivers out of the sender routes', async () => {
    const id = await createShipment(t, sender.auth);
    for (const [method, url] of [
      ['GET', '/api/shipment/sender'],
      ['GET', `/api/shipment/${id}`],
      ['POST', `/api/shipment/${id}/status`],
      ['PUT', `/api/shipment/${id}`],
      ['POST', `/api/shipment/${id}/offer/1`],
      ['GET', '/api/billing/cards'],
      ['POST', '/api/billing/addcard'],
      ['POST', '/api/user/invoice'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: driver.auth, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe('forbidden');
    }
  });

  it('keeps senders out of the driver routes', async () => {
    const id = await createShipment(t, sender.auth);
    for (const [method, url, payload] of [
      ['GET', '/api/driver/shipments', undefined],
      ['POST', `/api/driver/shipment/${id}/offer`, { price: 10 }],
      ['DELETE', `/api/driver/shipment/${id}/offer`, undefined],
      ['POST', `/api/driver/shipment/${id}/status`, { state: 'onwaytopickup' }],
      ['POST', `/api/driver/shipment/${id}/location`, { lat: 50, lng: 4 }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: sender.auth, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('accepting and paying by card', () => {
  it('asks for a card first, then charges exactly once and accepts', async () => {
    const buyer = await registerAndLogin(t);
    const id = await createShipment(t, buyer.auth);
    const offerId = await makeOffer(t, driver, id, 200);
    const losing = await makeOffer(t, driver2, id, 250);

    const noCard = await accept(t, buyer.auth, id, offerId);
    expect(noCard.statusCode).toBe(402);
    expect(noCard.json().error_description).toBe('Voeg eerst een kredietkaart toe.');

    expect((await addCard(t, buyer.auth, 'tok_visa')).json()).toEqual([expect.objectContaining({ last4: '4242', brand: 'Visa' })]);
    const before = (await t.payments.charges()).length;
    const res = await accept(t, buyer.auth, id, offerId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ current_state: { state: 'accepted' }, accepted_offer: { id: offerId, state: 'accepted' } });
    expect(res.json().states.map((s: { state: string }) => s.state)).toEqual(['new', 'accepted']);
    expect((await t.payments.charges()).slice(before)).toEqual([expect.objectContaining({ amountCents: 24200 })]); // 200 € + 21 % VAT, cmr free

    const again = await accept(t, buyer.auth, id, losing);
    expect(again.statusCode).toBe(409);
    expect(again.json().error_description).toBe('Voor deze opdracht is al een bod aanvaard.');
    expect((await t.payments.charges()).length).toBe(before + 1);

    const insurance = await t.app.inject({ method: 'PUT', url: `/api/shipment/${id}`, headers: buyer.auth, payload: { id, insurance: 'all_5000' } });
    expect(insurance.statusCode).toBe(409);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/status`, headers: buyer.auth, payload: { state: 'cancelled' } });
    expect(cancel.statusCode).toBe(409);
  });

  it('leaves the shipment unaccepted with the provider’s message when the charge is declined', async () => {
    const buyer = await registerAndLogin(t);
    const id = await createShipment(t, buyer.auth);
    const offerId = await makeOffer(t, driver, id, 80);
    expect((await addCard(t, buyer.auth, 'tok_chargeCustomerFail')).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}`, headers: { ...buyer.auth, 'accept-language': 'en' } });
    expect(res.statusCode).toBe(402);
    // The catalogue's text in the caller's language; the provider's own words ride along as a detail.
    expect(res.json()).toEqual({ error: 'card_error', error_description: 'Your card was declined. Try another card or contact your bank.', decline_code: 'generic_decline', provider_message: 'Your card was declined.' });
    expect(await shipment(id, buyer.auth)).toMatchObject({ current_state: { state: 'new' }, accepted_offer: null });

    // The failed attempt released the shipment: with a good card the same offer is accepted.
    await t.app.inject({ method: 'POST', url: '/api/billing/deletecards', headers: buyer.auth });
    await addCard(t, buyer.auth, 'tok_mastercard');
    expect((await accept(t, buyer.auth, id, offerId)).statusCode).toBe(200);
  });

  it('refuses a declined card in Dutch, with the provider’s message as a detail, and stores nothing', async () => {
    const buyer = await registerAndLogin(t);
    const res = await addCard(t, buyer.auth, 'tok_chargeDeclined');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: 'card_error',
      error_description: 'Je kaart werd geweigerd. Probeer een andere kaart of neem contact op met je bank.',
      decline_code: 'generic_decline',
      provider_message: 'Your card was declined.',
    });
    expect((await get('/api/billing/cards', buyer.auth)).json()).toEqual([]);
  });

  it('names each kind of refusal in Dutch: insufficient funds, expired card, wrong CVC, a real card in test mode', async () => {
    const buyer = await registerAndLogin(t);
    const cases: [string, string, string][] = [
      ['tok_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Er staat onvoldoende saldo op je kaart.'],
      ['tok_chargeDeclinedExpiredCard', 'expired_card', 'Je kaart is vervallen. Gebruik een andere kaart.'],
      ['tok_chargeDeclinedIncorrectCvc', 'incorrect_cvc', 'De beveiligingscode (CVC) van je kaart klopt niet.'],
    ];
    for (const [token, code, text] of cases) {
      const res = await addCard(t, buyer.auth, token);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ error: 'card_error', error_description: text, decline_code: code });
    }
    const real = await t.app.inject({ method: 'POST', url: '/api/billing/sandbox/token', headers: buyer.auth, payload: { number: '4970 1000 0000 0063', exp_month: 4, exp_year: 2031, cvc: '123' } });
    expect(real.statusCode).toBe(402);
    expect(real.json()).toMatchObject({ error_description: 'In testmodus werken alleen testkaarten, zoals 4242 4242 4242 4242.', decline_code: 'test_mode_live_card' });
    expect(real.json().provider_message).toMatch(/^Your card was declined\. Your request was in test mode/);
  });

  it('turns test card numbers into tokens like Stripe.js, and refuses real card numbers', async () => {
    const buyer = await registerAndLogin(t);
    const tok = await t.app.inject({ method: 'POST', url: '/api/billing/sandbox/token', headers: buyer.auth, payload: { number: '4242 4242 4242 4242', exp_month: 4, exp_year: 2031, cvc: '123' } });
    expect(tok.statusCode).toBe(200);
    expect((await addCard(t, buyer.auth, tok.json().id)).json()).toEqual([{ brand: 'Visa', last4: '4242', exp_month: 4, exp_year: 2031 }]);
    const removed = await t.app.inject({ method: 'POST', url: '/api/billing/deletecards', headers: buyer.auth });
    expect(removed.json()).toEqual([]);

    const typo = await t.app.inject({ method: 'POST', url: '/api/billing/sandbox/token', headers: buyer.auth, payload: { number: '4242 4242 4242 4241', exp_month: 4, exp_year: 2031, cvc: '123' } });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()[0].field).toBe('number');
    const real = await t.app.inject({ method: 'POST', url: '/api/billing/sandbox/token', headers: buyer.auth, payload: { number: '4970 1000 0000 0055', exp_month: 4, exp_year: 2031, cvc: '123' } });
    expect(real.statusCode).toBe(402);
    expect(real.json().error_description).toBe('In testmodus werken alleen testkaarten, zoals 4242 4242 4242 4242.');
    expect(real.json().provider_message).toMatch(/test mode, but used a non test card/);
  });
});

describe('card attempts', () => {
  it('are limited per user, so a stolen-card tester cannot try number after number', async () => {
    const buyer = await registerAndLogin(t);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await addCard(t, buyer.auth, 'tok_chargeDeclined')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 402)).toBe(true);
    expect(codes[10]).toBe(429);
    // Another user is not affected.
    expect((await addCard(t, other.auth, 'tok_visa')).statusCode).toBe(200);
  });
});

describe('the state graph', () => {
  it('lets only the assigned driver move the shipment, one legal step at a time', async () => {
    const buyer = await registerAndLogin(t);
    await addCard(t, buyer.auth);
    const id = await createShipment(t, buyer.auth);
    const offerId = await makeOffer(t, driver, id, 150);
    await makeOffer(t, driver2, id, 160);
    expect((await accept(t, buyer.auth, id, offerId)).statusCode).toBe(200);

    expect((await driverState(t, driver2, id, 'onwaytopickup')).statusCode).toBe(404);
    expect((await driverState(t, driver, id, 'loaded')).statusCode).toBe(409);
    expect((await driverState(t, driver, id, 'cancelled')).statusCode).toBe(409);
    const moved = await driverState(t, driver, id, 'onwaytopickup');
    expect(moved.statusCode).toBe(200);
    // The assigned driver sees the full address and the sender's instructions.
    expect(moved.json().pickup_location).toMatchObject({ notes: 'Bel aan bij de achterdeur', address: { street: 'Kerkstraat', number: '12' } });
    expect((await driverState(t, driver, id, 'onwaytopickup')).statusCode).toBe(409);
    const loc = await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${id}/location`, headers: driver.auth, payload: { lat: 50.9, lng: 5.3 } });
    expect(loc.statusCode).toBe(204);
    const other = await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${id}/location`, headers: driver2.auth, payload: { lat: 1, lng: 1 } });
    expect(other.statusCode).toBe(404);
    expect((await shipment(id, buyer.auth)).current_location).toEqual({ lat: 50.9, lng: 5.3 });

    // A sender can never move it along: the status route only accepts 'cancelled'.
    const bySender = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/status`, headers: buyer.auth, payload: { state: 'delivered' } });
    expect(bySender.statusCode).toBe(400);
  });
});

describe('ratings', () => {
  it('rates once, only when finalised, and the driver’s rating shows on later offers', async () => {
    const buyer = await registerAndLogin(t);
    await addCard(t, buyer.auth);
    const ratedDriver = await createDriver(t);
    const id = await createShipment(t, buyer.auth);
    const offerId = await makeOffer(t, ratedDriver, id, 150);
    await accept(t, buyer.auth, id, offerId);
    const rate = (auth: { authorization: string }, rating: unknown) => t.app.inject({ method: 'POST', url: '/api/rating', headers: auth, payload: { shipment_id: id, rating } });

    expect((await rate(buyer.auth, 4)).statusCode).toBe(409);
    await driveToFinalised(t, ratedDriver, id, buyer);
    expect((await rate(buyer.auth, 6)).statusCode).toBe(400);
    expect((await rate(other.auth, 4)).statusCode).toBe(404);
    expect((await rate(buyer.auth, 4)).statusCode).toBe(201);
    expect((await rate(buyer.auth, 5)).statusCode).toBe(409);
    expect((await rate(ratedDriver.auth, 5)).statusCode).toBe(201);
    expect((await shipment(id, buyer.auth)).ratings).toEqual([
      { ratingable_id: ratedDriver.id, author_id: buyer.id, rating: 4 },
      { ratingable_id: buyer.id, author_id: ratedDriver.id, rating: 5 },
    ]);

    const next = await createShipment(t, buyer.auth);
    await makeOffer(t, ratedDriver, next, 99);
    expect((await shipment(next, buyer.auth)).offers[0]).toMatchObject({
      driver: { user: { driver_rating_count: 1, driver_rating_total: 4 } },
      car: { driver: { user: { rating: { driver: 4 } } } },
    });
  });
});

describe('cross-user access (BOLA): another sender’s objects answer 404', () => {
  it('on every shipment, offer, payment and rating route', async () => {
    await addCard(t, other.auth);
    const id = await createShipment(t, sender.auth);
    const offerId = await makeOffer(t, driver, id, 120);
    const start = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}/bancontact`, headers: sender.auth, payload: { return_path: `/jobs/${id}` } });
    expect(start.statusCode).toBe(200);
    const paymentId = start.json().payment_id;

    for (const [method, url, payload] of [
      ['GET', `/api/shipment/${id}`, undefined],
      ['POST', `/api/shipment/${id}/status`, { state: 'cancelled' }],
      ['PUT', `/api/shipment/${id}`, { id, insurance: 'free' }],
      ['POST', `/api/shipment/${id}/offer/${offerId}`, undefined],
      ['POST', `/api/shipment/${id}/offer/${offerId}/bancontact`, { return_path: '/jobs' }],
      ['POST', `/api/payments/${paymentId}/confirm`, undefined],
      ['POST', '/api/rating', { shipment_id: id, rating: 5 }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other.auth, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing changed for the owner, and nobody was charged.
    expect(await shipment(id)).toMatchObject({ current_state: { state: 'new' }, insurance: 'cmr' });
  });

  it('keeps cards per user and drivers out of shipments that are not theirs', async () => {
    const a = await registerAndLogin(t);
    await addCard(t, a.auth, 'tok_mastercard');
    expect((await get('/api/billing/cards', a.auth)).json()).toHaveLength(1);
    const b = await registerAndLogin(t);
    expect((await get('/api/billing/cards', b.auth)).json()).toEqual([]);
    await t.app.inject({ method: 'POST', url: '/api/billing/deletecards', headers: b.auth });
    expect((await get('/api/billing/cards', a.auth)).json()).toHaveLength(1);

    const id = await createShipment(t, sender.auth);
    // An open job reads as every driver's board shows it, without the sender's street or name
    // (a job another driver carries is a 404: driver-accounts/another-drivers.test.ts).
    const open = await get(`/api/driver/shipment/${id}`, driver.auth);
    expect(open.statusCode).toBe(200);
    expect(open.json().pickup_location.address).toMatchObject({ street: '', name: '' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/driver/shipment/${id}/offer`, headers: driver2.auth })).statusCode).toBe(404);
  });
});
