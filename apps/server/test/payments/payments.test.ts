import { reportHolds } from '../../src/modules/ledger/ledger.service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let driver: Awaited<ReturnType<typeof createDriver>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: 'admin-test-token-123' });
  driver = await createDriver(t);
});
afterAll(() => t.close());

async function newJob(price = 100) {
  const sender = await registerAndLogin(t);
  const id = await createShipment(t, sender.auth);
  const offerId = await makeOffer(t, driver, id, price);
  return { sender, id, offerId };
}

const startBancontact = (auth: { authorization: string }, id: number, offerId: number) =>
  t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}/bancontact`, headers: auth, payload: { return_path: `/jobs/${id}` } });
const confirm = (auth: { authorization: string }, paymentId: number) => t.app.inject({ method: 'POST', url: `/api/payments/${paymentId}/confirm`, headers: auth });

describe('Bancontact', () => {
  it('authorised on the bank page: back to the job, the server checks and accepts', async () => {
    const { sender, id, offerId } = await newJob(100);
    const start = await startBancontact(sender.auth, id, offerId);
    expect(start.statusCode).toBe(200);
    const { payment_id, redirect_url } = start.json();
    const page = await t.app.inject({ method: 'GET', url: new URL(redirect_url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TESTMODUS');
    expect(page.body).toMatch(/€\s121,00/); // 100 € + 21 % VAT

    // Until the bank answers, the return check says pending and nothing is accepted.
    expect((await confirm(sender.auth, payment_id)).json()).toMatchObject({ status: 'pending', shipment: { current_state: { state: 'new' } } });

    const back = await t.app.inject({ method: 'POST', url: `${new URL(redirect_url).pathname}/authorise` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${t.config.publicUrl}/#/jobs/${id}?payment=${payment_id}`);
    const done = await confirm(sender.auth, payment_id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'succeeded', shipment: { current_state: { state: 'accepted' }, accepted_offer: { id: offerId } } });
  });

  it('declined on the bank page: the return check refuses and the offer stays open', async () => {
    const { sender, id, offerId } = await newJob(80);
    const { payment_id, redirect_url } = (await startBancontact(sender.auth, id, offerId)).json();
    await t.app.inject({ method: 'POST', url: `${new URL(redirect_url).pathname}/decline` });
    const res = await confirm(sender.auth, payment_id);
    expect(res.statusCode).toBe(402);
    expect(res.json().error_description).toBe('De betaling werd geweigerd.');
    const s = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
    expect(s).toMatchObject({ current_state: { state: 'new' }, accepted_offer: null });
    // The declined attempt released the shipment for another try.
    await addCard(t, sender.auth);
    expect((await accept(t, sender.auth, id, offerId)).statusCode).toBe(200);
  });

  it('a Bancontact payment left at the bank blocks paying by card until it is given up, and can then no longer take money', async () => {
    const { sender, id, offerId } = await newJob(70);
    const { payment_id, redirect_url } = (await startBancontact(sender.auth, id, offerId)).json();
    await addCard(t, sender.auth);
    // The bank may still be paying: a card accept now would charge twice.
    expect((await accept(t, sender.auth, id, offerId)).statusCode).toBe(409);
    // Past the bank session's life the recovery job asks the provider and releases it (the clock is put back after).
    t.clock.advance(2 * 3600);
    let settled;
    try {
      settled = await t.app.settleStalePayments();
    } finally {
      t.clock.advance(-2 * 3600);
    }
    expect(settled).toMatchObject({ settled: 1 });
    expect((await accept(t, sender.auth, id, offerId)).statusCode).toBe(200);
    // The bank page left open in another tab: authorising it now changes nothing.
    await t.app.inject({ method: 'POST', url: `${new URL(redirect_url).pathname}/authorise` });
    expect((await confirm(sender.auth, payment_id)).statusCode).toBe(402);
    expect((await t.payments.getPayment(new URL(redirect_url).pathname.split('/').pop()!))?.status).toBe('failed');
    const rows = await t.handle.db.selectFrom('payments').select(['method', 'status']).where('shipmentId', '=', id).orderBy('id').execute();
    expect(rows).toEqual([
      { method: 'bancontact', status: 'failed' },
      { method: 'card', status: 'succeeded' },
    ]);
  });

  it('refuses a return path that leaves the app', async () => {
    const { sender, id, offerId } = await newJob();
    for (const return_path of ['https://evil.example/x', '//evil.example', '/jobs/1?x=<script>']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}/bancontact`, headers: sender.auth, payload: { return_path } });
      expect(res.statusCode, return_path).toBe(400);
    }
  });
});

describe('the Bancontact sandbox page', () => {
  it('speaks Dutch only, names the job by its reference and has its own icon', async () => {
    const { sender, id, offerId } = await newJob(100);
    const { redirect_url } = (await startBancontact(sender.auth, id, offerId)).json();
    const { reference_id } = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
    const page = await t.app.inject({ method: 'GET', url: new URL(redirect_url).pathname, headers: { 'accept-language': 'en' } });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain(`Vrachtmarkt, opdracht ${reference_id}`);
    // Every visible word is Dutch: none of the English a provider or a developer would leave.
    const visible = page.body.replace(/<[^>]+>/g, ' ');
    expect(visible).not.toMatch(/\b(Shipment|offer|Pay|Approve|Decline|Back|test mode|amount)\b/i);
    expect(visible).toContain('Betaling goedkeuren');
    expect(visible).toContain('Betaling weigeren');

    const icon = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/.exec(page.body)?.[1];
    expect(icon).toBe('/sandbox/favicon.svg');
    const res = await t.app.inject({ method: 'GET', url: icon! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg /);

    // Declined there: the page itself says so in Dutch, and so does the return check.
    await t.app.inject({ method: 'POST', url: `${new URL(redirect_url).pathname}/decline` });
    const after = await t.app.inject({ method: 'GET', url: new URL(redirect_url).pathname });
    expect(after.body).toContain('Deze betaling is al geweigerd.');
  });
});

describe('the receipt', () => {
  const receipt = (auth: { authorization: string }, id: number, lang = 'nl-BE') => t.app.inject({ method: 'GET', url: `/api/shipment/${id}/receipt`, headers: { ...auth, 'accept-language': lang } });

  it('the owner reads the paid offer’s receipt, with the receipt mail’s own lines; nothing before payment', async () => {
    const { sender, id, offerId } = await newJob(100);
    expect((await receipt(sender.auth, id)).json()).toEqual({ receipt: null });
    await addCard(t, sender.auth);
    expect((await accept(t, sender.auth, id, offerId)).statusCode).toBe(200);
    const { reference_id } = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();

    const res = await receipt(sender.auth, id);
    expect(res.statusCode).toBe(200);
    const r = res.json().receipt;
    expect(r).toMatchObject({ reference: reference_id, total: 121, vat_percent: 21, vat_amount: 21, method: 'card', card_last4: '4242' });
    expect(r.driver_name).toMatch(/^\S+ \S\.$/);
    expect(r.paid_at).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(r.subject).toBe(`Betalingsbewijs ${reference_id}: bod van ${r.driver_name} aanvaard`);
    expect(r.lines).toContain('Betaald met: kredietkaart •••• 4242');
    expect(r.lines.join('\n')).toMatch(/Totaal \(incl\. btw\): €\s121,00/);

    // The same lines as the mail the sender got.
    await t.app.eventHub.flush();
    await t.app.mailWorker.run();
    const mail = t.mails.find((m) => m.to === sender.email && m.subject === r.subject);
    expect(mail?.text).toContain(r.lines.join('\n'));

    // In English for an English browser.
    expect((await receipt(sender.auth, id, 'en')).json().receipt.lines).toContain('Paid by: credit card •••• 4242');
  });

  it('another sender’s job is not found, paid or not, and a driver may not ask', async () => {
    const { sender, id, offerId } = await newJob(90);
    await addCard(t, sender.auth);
    expect((await accept(t, sender.auth, id, offerId)).statusCode).toBe(200);
    const other = await registerAndLogin(t);
    const res = await receipt(other.auth, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', error_description: expect.any(String) });
    expect((await receipt(other.auth, 999_999)).statusCode).toBe(404);
    expect((await receipt(driver.auth, id)).statusCode).toBe(403);
  });
});

describe('webhooks', () => {
  async function pendingBancontact() {
    const { sender, id, offerId } = await newJob(60);
    const { payment_id, redirect_url } = (await startBancontact(sender.auth, id, offerId)).json();
    const providerId = new URL(redirect_url).pathname.split('/').pop()!;
    return { sender, id, payment_id, providerId };
  }
  const event = (providerId: string, eventId: string) =>
    JSON.stringify({ id: eventId, type: 'payment_intent.succeeded', data: { object: { id: providerId, status: 'succeeded', amount: 7260, currency: 'eur', metadata: {} } } });
  const post = (body: string, signature?: string) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: body, headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) } });

  it('rejects a bad signature and applies nothing', async () => {
    const { sender, id, providerId } = await pendingBancontact();
    const body = event(providerId, 'evt_bad_1');
    const forged = t.payments.signWebhook(body).replace(/v1=[0-9a-f]{4}/, 'v1=0000');
    for (const res of [await post(body, forged), await post(body), await post(body.replace('7260', '1'), t.payments.signWebhook(body))]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_signature');
    }
    const s = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
    expect(s.current_state.state).toBe('new');
  });

  it('applies a duplicate delivery once', async () => {
    const { sender, id, providerId } = await pendingBancontact();
    await t.payments.completeBancontact(providerId, 'authorise');
    const body = event(providerId, 'evt_dup_1');
    const first = await post(body, t.payments.signWebhook(body));
    const second = await post(body, t.payments.signWebhook(body));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json().result, second.json().result]).toEqual(['applied', 'duplicate']);
    const s = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
    expect(s.states.map((x: { state: string }) => x.state)).toEqual(['new', 'accepted']);
    const rows = await t.handle.db.selectFrom('payments').select('status').where('shipmentId', '=', id).execute();
    expect(rows).toEqual([{ status: 'succeeded' }]);
  });
});

// Issue 22 part 6: replayed, duplicated and out-of-order provider events change nothing twice.
describe('webhooks replayed, duplicated and out of order', () => {
  let w: TestApp;
  let wDriver: Awaited<ReturnType<typeof createDriver>>;
  beforeAll(async () => {
    w = await createTestApp();
    wDriver = await createDriver(w);
  });
  afterAll(() => w.close());

  async function pending() {
    const sender = await registerAndLogin(w);
    const id = await createShipment(w, sender.auth);
    const offerId = await makeOffer(w, wDriver, id, 60);
    const started = await w.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}/bancontact`, headers: sender.auth, payload: { return_path: `/jobs/${id}` } });
    const { payment_id, redirect_url } = started.json();
    return { sender, id, paymentId: payment_id as number, providerId: new URL(redirect_url).pathname.split('/').pop()! };
  }
  let seq = 0;
  const event = (type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', providerId: string, id = `evt_ooo_${++seq}`) =>
    JSON.stringify({ id, type, data: { object: { id: providerId, status: type === 'payment_intent.succeeded' ? 'succeeded' : 'canceled', amount: 7260, currency: 'eur', metadata: {} } } });
  const post = async (body: string) =>
    (await w.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': w.payments.signWebhook(body) } })).json().result as string;
  const states = async (auth: { authorization: string }, id: number) =>
    (await w.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: auth })).json().states.map((x: { state: string }) => x.state);
  const charges = async (id: number) => (await w.handle.db.selectFrom('ledgerTransactions').select('id').where('shipmentId', '=', id).where('kind', '=', 'charge').execute()).length;
  const pushes = async (auth: { authorization: string }, type: string) =>
    ((await w.app.inject({ method: 'GET', url: '/api/pushes', headers: auth })).json().items as { type: string }[]).filter((p) => p.type === type).length;

  it('payment_intent.succeeded delivered twice (two event ids, and one of them replayed at once): accepted, charged and told once', async () => {
    const { sender, id, providerId } = await pending();
    await w.payments.completeBancontact(providerId, 'authorise');
    const first = event('payment_intent.succeeded', providerId);
    const second = event('payment_intent.succeeded', providerId);
    const results = await Promise.all([post(first), post(first), post(second)]);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(1);
    expect(await states(sender.auth, id)).toEqual(['new', 'accepted']);
    expect(await charges(id)).toBe(1);
    expect(await pushes(sender.auth, 'shipment.offer.accepted')).toBe(1);
    expect((await w.handle.db.selectFrom('paymentReceipts').select('paymentId').where('shipmentId', '=', id).execute()).length).toBe(1);
  });

  it('payment_failed after succeeded: the job stays accepted and paid, the money stays held', async () => {
    const { sender, id, paymentId, providerId } = await pending();
    await w.payments.completeBancontact(providerId, 'authorise');
    expect(await post(event('payment_intent.succeeded', providerId))).toBe('applied');
    await post(event('payment_intent.payment_failed', providerId));
    expect(await states(sender.auth, id)).toEqual(['new', 'accepted']);
    expect(await w.handle.db.selectFrom('payments').select('status').where('id', '=', paymentId).executeTakeFirst()).toEqual({ status: 'succeeded' });
    expect(await pushes(sender.auth, 'payment.failed')).toBe(0);
    expect(await charges(id)).toBe(1);
    expect(await w.app.ledger.heldFor(id)).toBe(7260);
  });

  it('succeeded after the claim was refused: nothing is accepted, the money is booked and given back at once, once', async () => {
    const { sender, id, paymentId, providerId } = await pending();
    expect(await post(event('payment_intent.payment_failed', providerId))).toBe('applied');
    expect(await pushes(sender.auth, 'payment.failed')).toBe(1);
    await w.payments.completeBancontact(providerId, 'authorise');
    expect(await post(event('payment_intent.succeeded', providerId))).toBe('applied');
    expect(await states(sender.auth, id)).toEqual(['new']);
    expect(await w.handle.db.selectFrom('payments').select('status').where('id', '=', paymentId).executeTakeFirst()).toEqual({ status: 'refunded' });
    // The bank took 72.60: booked as a charge and refunded in full through the provider, so nothing stays held.
    expect(await charges(id)).toBe(1);
    expect(await w.app.ledger.heldFor(id)).toBe(0);
    const refunds = await w.handle.db.selectFrom('sandboxRefunds').select(['paymentId', 'amountCents']).where('paymentId', '=', providerId).execute();
    expect(refunds).toEqual([{ paymentId: providerId, amountCents: 7260 }]);
    expect(await w.handle.db.selectFrom('refunds').select(['reason', 'status']).where('paymentId', '=', paymentId).execute()).toEqual([{ reason: 'not_accepted', status: 'succeeded' }]);
    // The sender was told the payment failed; nothing more.
    expect(await pushes(sender.auth, 'payment.failed')).toBe(1);
    // A second event of the same success (another id) gives nothing back twice.
    expect(await post(event('payment_intent.succeeded', providerId))).toBe('applied');
    expect(await w.handle.db.selectFrom('sandboxRefunds').select('id').where('paymentId', '=', providerId).execute()).toHaveLength(1);
    expect(reportHolds(await w.app.ledger.check())).toBe(true);
  });
});

describe('invoice payment', () => {
  const company = { name: 'Peeters Meubelen BV', vat: 'BE0403170701', address: 'Kerkstraat 12, 3500 Hasselt', email: 'factuur@peeters.be' };
  const admin = (args: string[], token = 'admin-test-token-123') =>
    t.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${token}` }, payload: { args } });

  it('request, admin approval, then accepting by invoice without any card charge', async () => {
    const { sender, id, offerId } = await newJob(300);
    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: sender.auth })).json();
    const noCompany = await t.app.inject({ method: 'POST', url: '/api/user/invoice', headers: sender.auth, payload: { action: 'request' } });
    expect(noCompany.statusCode).toBe(400);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: sender.auth,
      payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company },
    });
    expect(saved.statusCode).toBe(200);
    const requested = await t.app.inject({ method: 'POST', url: '/api/user/invoice', headers: sender.auth, payload: { action: 'request' } });
    expect(requested.json().company.invoice_approved).toBe('requested');

    // Requested is not approved: without a card there is still no way to pay.
    expect((await accept(t, sender.auth, id, offerId)).statusCode).toBe(402);

    expect((await admin(['invoice', 'approve', sender.email], 'wrong-token')).statusCode).toBe(401);
    expect((await admin(['invoice', 'approve', sender.email])).json()).toEqual({ ok: true, message: `Invoice payment approved for ${sender.email}.` });
    const before = (await t.payments.charges()).length;
    const res = await accept(t, sender.auth, id, offerId);
    expect(res.statusCode).toBe(200);
    expect(res.json().current_state.state).toBe('accepted');
    expect((await t.payments.charges()).length).toBe(before);
    const payment = await t.handle.db.selectFrom('payments').select(['method', 'status', 'amountCents']).where('shipmentId', '=', id).executeTakeFirstOrThrow();
    expect(payment).toEqual({ method: 'invoice', status: 'succeeded', amountCents: 36300 });

    // Cancel withdraws the approval: the toggle reads 'request' again.
    const cancelled = await t.app.inject({ method: 'POST', url: '/api/user/invoice', headers: sender.auth, payload: { action: 'cancel' } });
    expect(cancelled.json().company.invoice_approved).toBeNull();
  });

  it('locks the VAT number once set and checks the company fields', async () => {
    const { sender } = await newJob();
    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: sender.auth })).json();
    const put = (c: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/user', headers: sender.auth, payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company: c } });
    const bad = await put({ name: '', vat: '', email: 'geen-mail' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().map((e: { field: string }) => e.field).sort()).toEqual(['company.address', 'company.email', 'company.name', 'company.vat']);
    expect((await put(company)).statusCode).toBe(200);
    const changed = await put({ ...company, vat: 'BE0417497106' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual([{ field: 'company.vat', message: 'Het btw-nummer kan niet meer gewijzigd worden.' }]);
  });

  it('the admin command explains its mistakes', async () => {
    expect((await admin(['invoice', 'approve', 'nobody@example.be'])).json()).toEqual({ ok: false, message: 'No user with e-mail nobody@example.be.' });
    expect((await admin(['nonsense'])).json().message).toMatch(/^Usage:/);
  });
});

describe('an interrupted card charge', () => {
  it('keeps the claim when the outcome is unknown and repeats the same charge later: charged once, accepted once', async () => {
    const { sender, id, offerId } = await newJob(90);
    await addCard(t, sender.auth);
    const before = (await t.payments.charges()).length;
    // The provider charges, but the answer is lost (a timeout after the money moved).
    const real = t.payments.chargeCard;
    t.payments.chargeCard = async (input) => {
      await real(input);
      throw new Error('socket hang up');
    };
    try {
      const lost = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/offer/${offerId}`, headers: { ...sender.auth, 'accept-language': 'en' } });
      expect(lost.statusCode).toBe(503);
      expect(lost.json().error_description).toMatch(/never be charged twice/);
    } finally {
      t.payments.chargeCard = real;
    }
    expect((await t.payments.charges()).length - before).toBe(1);
    // Meanwhile nothing can change the amount or the job.
    const cancel = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/status`, headers: sender.auth, payload: { state: 'cancelled' } });
    expect(cancel.statusCode).toBe(409);
    expect((await accept(t, sender.auth, id, offerId)).statusCode).toBe(409); // still in progress

    t.clock.advance(61);
    const retried = await accept(t, sender.auth, id, offerId);
    // The stale claim was settled with the same key: the shipment is accepted, and the provider charged once.
    expect(retried.statusCode).toBe(409);
    expect(retried.json().error_description).toBe('Voor deze opdracht is al een bod aanvaard.');
    expect((await t.payments.charges()).length - before).toBe(1);
    const s = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
    expect(s).toMatchObject({ current_state: { state: 'accepted' }, accepted_offer: { id: offerId } });
  });
});

describe('concurrent accepts', () => {
  it('50 accepts of one shipment at once: exactly one succeeds and exactly one charge happens', async () => {
    const { sender, id, offerId } = await newJob(100);
    const driver2 = await createDriver(t);
    const offer2 = await makeOffer(t, driver2, id, 110);
    await addCard(t, sender.auth);
    const before = (await t.payments.charges()).length;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => accept(t, sender.auth, id, i % 2 ? offerId : offer2)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect((await t.payments.charges()).length - before).toBe(1);
    const accepted = await t.handle.db.selectFrom('offers').select('id').where('shipmentId', '=', id).where('state', '=', 'accepted').execute();
    expect(accepted).toHaveLength(1);
  });
});
