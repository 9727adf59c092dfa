import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The price a sender confirms is the price charged (issue 19 part 1): a driver who re-prices after
// the sender looked makes a new offer; accepting the old one answers 409 with the new price and
// charges nothing. And another sender's offer is not found before anything else is checked.

let t: TestApp;
let driver: Awaited<ReturnType<typeof createDriver>>;
beforeAll(async () => {
  t = await createTestApp();
  driver = await createDriver(t);
});
afterAll(() => t.close());

type Auth = { authorization: string };
const shipment = async (auth: Auth, id: number) => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: auth })).json();
const paymentsOf = (id: number) => t.handle.db.selectFrom('payments').select(['method', 'status', 'amountCents']).where('shipmentId', '=', id).orderBy('id').execute();
const startBancontact = (auth: Auth, id: number, offerId: number, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}/bancontact`, headers: auth, payload: { return_path: `/jobs/${id}`, ...extra } });

async function pricedJob(price: number) {
  const sender = await registerAndLogin(t);
  await addCard(t, sender.auth);
  const id = await createShipment(t, sender.auth);
  const offerId = await makeOffer(t, driver, id, price);
  return { sender, id, offerId };
}

describe('accepting at the price the sender saw', () => {
  it('a driver re-pricing between the sender’s read and accept gets 409 with the new price, and nothing is charged', async () => {
    const { sender, id, offerId } = await pricedJob(50);
    const seen = (await shipment(sender.auth, id)).offers[0];
    expect(seen).toMatchObject({ id: offerId, price: 50 });

    const newId = await makeOffer(t, driver, id, 9999.99);
    expect(newId).not.toBe(offerId);
    const charges = (await t.payments.charges()).length;

    const res = await accept(t, sender.auth, id, offerId);
    expect(res.statusCode).toBe(409);
    // 9999.99 with the free basic (cmr) insurance, plus 21 % VAT: what the sender would pay now.
    expect(res.json()).toEqual({
      error: 'conflict',
      error_description: 'De chauffeur heeft de prijs van dit bod gewijzigd. Bekijk de nieuwe prijs en bevestig opnieuw.',
      offer_id: newId,
      price: 9999.99,
      total: 12099.99,
      state: 'new',
    });
    expect((await t.payments.charges()).length).toBe(charges);
    expect(await paymentsOf(id)).toEqual([]);
    expect(await shipment(sender.auth, id)).toMatchObject({ current_state: { state: 'new' }, accepted_offer: null });
    // The sender sees only the standing offer, and accepting it charges what it says.
    expect((await shipment(sender.auth, id)).offers.map((o: { id: number; price: number }) => [o.id, o.price])).toEqual([[newId, 9999.99]]);
    expect((await accept(t, sender.auth, id, newId)).statusCode).toBe(200);
    expect((await t.payments.charges()).slice(charges)).toEqual([expect.objectContaining({ amountCents: 1209999 })]);
  });

  it('the same for Bancontact: the old offer answers 409 and no payment is started', async () => {
    const { sender, id, offerId } = await pricedJob(60);
    const newId = await makeOffer(t, driver, id, 75);
    const res = await startBancontact(sender.auth, id, offerId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'conflict', offer_id: newId, price: 75 });
    expect(await paymentsOf(id)).toEqual([]);
  });

  it('re-offering the same price keeps the offer (and its id)', async () => {
    const { sender, id, offerId } = await pricedJob(40);
    expect(await makeOffer(t, driver, id, 40)).toBe(offerId);
    expect((await accept(t, sender.auth, id, offerId)).statusCode).toBe(200);
  });

  it('a confirmed total that no longer matches (the insurance changed) is refused with the current total', async () => {
    const { sender, id, offerId } = await pricedJob(100);
    const seen = (await shipment(sender.auth, id)).offers[0].cost_breakdown_sender.total.aftertaxes;
    const put = await t.app.inject({ method: 'PUT', url: `/api/shipment/${id}`, headers: sender.auth, payload: { id, insurance: 'all_5000' } });
    expect(put.statusCode).toBe(200);
    const charges = (await t.payments.charges()).length;
    const res = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}`, headers: sender.auth, payload: { total: seen } });
    expect(res.statusCode).toBe(409);
    const now = (await shipment(sender.auth, id)).offers[0].cost_breakdown_sender.total.aftertaxes;
    expect(res.json()).toMatchObject({ offer_id: offerId, price: 100, total: now });
    expect(now).not.toBe(seen);
    expect((await t.payments.charges()).length).toBe(charges);
    const ok = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}`, headers: sender.auth, payload: { total: now } });
    expect(ok.statusCode).toBe(200);
  });

  it('a driver cannot re-price or withdraw while the sender’s payment is in progress', async () => {
    const { sender, id, offerId } = await pricedJob(80);
    expect((await startBancontact(sender.auth, id, offerId)).statusCode).toBe(200);
    const reprice = await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${id}/offer`, headers: driver.auth, payload: { price: 500 } });
    expect(reprice.statusCode).toBe(409);
    expect(reprice.json().error_description).toBe('Er loopt al een betaling voor deze opdracht. Wacht even en herlaad de pagina.');
    const withdraw = await t.app.inject({ method: 'DELETE', url: `/api/driver/shipment/${id}/offer`, headers: driver.auth });
    expect(withdraw.statusCode).toBe(409);
    expect((await shipment(sender.auth, id)).offers.map((o: { id: number; price: number }) => [o.id, o.price])).toEqual([[offerId, 80]]);
  });
});

describe('another sender’s offer', () => {
  it('answers 404 on accept before any other check, even for a sender with no card', async () => {
    const { id, offerId } = await pricedJob(30);
    const stranger = await registerAndLogin(t); // no card, no invoice approval
    const res = await accept(t, stranger.auth, id, offerId);
    expect(res.statusCode).toBe(404);
    expect((await startBancontact(stranger.auth, id, offerId)).statusCode).toBe(404);
    const wrongPair = await accept(t, stranger.auth, id, offerId + 100000);
    expect(wrongPair.statusCode).toBe(404);
  });
});

describe('card accept while a Bancontact payment is pending', () => {
  it('answers 409 and charges nothing; a new Bancontact attempt replaces the old one', async () => {
    const { sender, id, offerId } = await pricedJob(70);
    const first = await startBancontact(sender.auth, id, offerId);
    expect(first.statusCode).toBe(200);
    const charges = (await t.payments.charges()).length;
    const res = await accept(t, sender.auth, id, offerId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('Er loopt al een betaling voor deze opdracht. Wacht even en herlaad de pagina.');
    expect((await t.payments.charges()).length).toBe(charges);
    // The sender who closed the bank tab starts Bancontact again: the old bank page can no longer take money.
    const again = await startBancontact(sender.auth, id, offerId);
    expect(again.statusCode).toBe(200);
    expect((await paymentsOf(id)).map((p) => [p.method, p.status])).toEqual([
      ['bancontact', 'failed'],
      ['bancontact', 'pending'],
    ]);
  });
});
