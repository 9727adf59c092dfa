import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// A sender who closed the Bancontact tab mid-payment (issue 20): the job says a payment is
// waiting, the sender can go back to the bank page or stop the payment, and cancelling the job works.

let t: TestApp;
let driver: Awaited<ReturnType<typeof createDriver>>;
beforeAll(async () => {
  t = await createTestApp();
  driver = await createDriver(t);
});
afterAll(() => t.close());

type Auth = { authorization: string };

/** A job with an offer of 100 € (121 € incl. VAT) whose sender went to the bank page and closed it. */
async function leftAtTheBank() {
  const sender = await registerAndLogin(t);
  const id = await createShipment(t, sender.auth);
  const offerId = await makeOffer(t, driver, id, 100);
  const start = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}/bancontact`, headers: sender.auth, payload: { return_path: `/jobs/${id}` } });
  expect(start.statusCode).toBe(200);
  const { payment_id, redirect_url } = start.json<{ payment_id: number; redirect_url: string }>();
  const bankPage = new URL(redirect_url).pathname;
  return { sender, id, offerId, paymentId: payment_id, redirectUrl: redirect_url, bankPage, providerId: bankPage.split('/').pop()! };
}

const waiting = (auth: Auth, id: number) => t.app.inject({ method: 'GET', url: `/api/shipment/${id}/payment`, headers: auth });
const resume = (auth: Auth, paymentId: number) => t.app.inject({ method: 'POST', url: `/api/payments/${paymentId}/resume`, headers: auth });
const stop = (auth: Auth, paymentId: number) => t.app.inject({ method: 'POST', url: `/api/payments/${paymentId}/stop`, headers: auth });
const cancel = (auth: Auth, id: number) => t.app.inject({ method: 'POST', url: `/api/shipment/${id}/status`, headers: auth, payload: { state: 'cancelled' } });
const stateOf = async (auth: Auth, id: number) => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: auth })).json().current_state.state;

describe('a Bancontact payment left at the bank', () => {
  it('is shown on the job with its amount and the end of its bank session', async () => {
    const { sender, id, offerId, paymentId } = await leftAtTheBank();
    const res = await waiting(sender.auth, id);
    expect(res.statusCode).toBe(200);
    const { payment } = res.json();
    expect(payment).toMatchObject({ id: paymentId, method: 'bancontact', offer_id: offerId, total: 121 });
    expect(payment.expires_at - payment.started_at).toBe(3600);
  });

  it('does not stop the sender cancelling the job: the payment is stopped first, and the bank page takes no money after', async () => {
    const { sender, id, bankPage, providerId } = await leftAtTheBank();
    const res = await cancel(sender.auth, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().current_state.state).toBe('cancelled');
    await t.app.inject({ method: 'POST', url: `${bankPage}/authorise` });
    expect((await t.payments.getPayment(providerId))?.status).toBe('failed');
    expect((await waiting(sender.auth, id)).json()).toEqual({ payment: null });
    expect(await stateOf(sender.auth, id)).toBe('cancelled');
  });

  it('can be continued: the same bank page, and authorising there accepts the offer', async () => {
    const { sender, id, offerId, paymentId, redirectUrl, bankPage } = await leftAtTheBank();
    const res = await resume(sender.auth, paymentId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect_url: redirectUrl });
    await t.app.inject({ method: 'POST', url: `${bankPage}/authorise` });
    // Paid at the bank but not yet back in the app: the job page's question finds it paid.
    expect((await waiting(sender.auth, id)).json()).toEqual({ payment: null });
    const s = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
    expect(s).toMatchObject({ current_state: { state: 'accepted' }, accepted_offer: { id: offerId } });
    const again = await resume(sender.auth, paymentId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error_description).toBe('Deze betaling wacht niet meer: ze is betaald, gestopt of verlopen.');
  });

  it('can be stopped: the bank page takes no money, and the sender can pay by card instead', async () => {
    const { sender, id, offerId, paymentId, bankPage, providerId } = await leftAtTheBank();
    const res = await stop(sender.auth, paymentId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'stopped', shipment: { current_state: { state: 'new' }, accepted_offer: null } });
    await t.app.inject({ method: 'POST', url: `${bankPage}/authorise` });
    expect((await t.payments.getPayment(providerId))?.status).toBe('failed');
    expect((await waiting(sender.auth, id)).json()).toEqual({ payment: null });
    expect((await resume(sender.auth, paymentId)).statusCode).toBe(409);
    await addCard(t, sender.auth);
    expect((await accept(t, sender.auth, id, offerId)).statusCode).toBe(200);
  });

  it('stopped after the bank already paid: the payment stands and the offer is accepted', async () => {
    const { sender, id, offerId, paymentId, bankPage } = await leftAtTheBank();
    await t.app.inject({ method: 'POST', url: `${bankPage}/authorise` });
    const res = await stop(sender.auth, paymentId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', shipment: { current_state: { state: 'accepted' }, accepted_offer: { id: offerId } } });
    // Paid jobs are not cancelled by the sender.
    expect((await cancel(sender.auth, id)).statusCode).toBe(409);
  });

  it('refused at the bank meanwhile: nothing is shown as waiting and the job can be cancelled', async () => {
    const { sender, id, bankPage } = await leftAtTheBank();
    await t.app.inject({ method: 'POST', url: `${bankPage}/decline` });
    expect((await waiting(sender.auth, id)).json()).toEqual({ payment: null });
    expect((await cancel(sender.auth, id)).statusCode).toBe(200);
  });

  it("is another sender's business: their job and payment answer 404, and nothing is stopped", async () => {
    const { sender, id, paymentId } = await leftAtTheBank();
    const stranger = await registerAndLogin(t);
    expect((await waiting(stranger.auth, id)).statusCode).toBe(404);
    expect((await resume(stranger.auth, paymentId)).statusCode).toBe(404);
    expect((await stop(stranger.auth, paymentId)).statusCode).toBe(404);
    expect((await cancel(stranger.auth, id)).statusCode).toBe(404);
    expect((await waiting(sender.auth, id)).json().payment).toMatchObject({ id: paymentId });
  });

  // A path id outside the id range is not found, like an unknown one (packages/domain wire.ts); never a 500.
  it('a malformed id answers 404, never 500', async () => {
    const { sender } = await leftAtTheBank();
    for (const url of ['/api/shipment/abc/payment', '/api/shipment/0/payment', '/api/payments/1e99/resume', '/api/payments/-1/stop']) {
      const method = url.endsWith('/payment') ? 'GET' : 'POST';
      expect((await t.app.inject({ method, url, headers: sender.auth })).statusCode, url).toBe(404);
    }
  });
});
