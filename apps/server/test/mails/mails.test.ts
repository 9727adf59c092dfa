import type { NewEvent } from '@vm/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toEventRow } from '../../src/modules/events/events.mapper.ts';
import * as eventsRepository from '../../src/modules/events/events.repository.ts';
import { clientToken, registerAndLogin, validRegistration, verifyPhone } from '../helpers/flows.ts';
import { accept, addCard, brussels, createDriver, createShipment, driveToFinalised, makeOffer, shipmentContent, shipmentSide } from '../helpers/marketplace.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

type Sender = Awaited<ReturnType<typeof registerAndLogin>>;

/** Lets the mail worker see what has committed, as the hub and its interval would. */
async function settle() {
  await t.app.eventHub.flush();
  await t.app.mailWorker.run();
}

// The welcome mail every new account gets is tested in support/support.test.ts.
const mailsTo = (email: string) => t.mails.filter((m) => m.to === email && m.subject !== 'Welkom bij Vrachtmarkt');

/** Writes events the way a module does: in a transaction, as its last write. */
async function record(events: NewEvent[]) {
  await t.handle.db.transaction().execute((trx) => eventsRepository.insert(trx, events.map((e) => toEventRow(e, t.clock.now()))));
}

async function setup() {
  const sender = await registerAndLogin(t);
  const shipmentId = await createShipment(t, sender.auth);
  const { referenceId } = await t.handle.db.selectFrom('shipments').select('referenceId').where('id', '=', shipmentId).executeTakeFirstOrThrow();
  // The new account's welcome mail goes out now, not inside a test that counts the mailer's calls.
  await settle();
  return { sender, shipmentId, reference: referenceId };
}

/** What the payment module keeps when a payment succeeds: the payment of an offer, and its receipt. */
async function keepReceipt(userId: number, shipmentId: number, r: { reference: string; driverName: string; totalCents: number; vatAmountCents: number; method: 'card' | 'invoice'; cardLast4: string | null }) {
  const db = t.handle.db;
  const at = t.clock.now();
  const driver = await createDriver(t);
  const offer = await db.insertInto('offers').values({ shipmentId, driverId: driver.id, priceCents: 12_000, state: 'accepted', createdAt: at, updatedAt: at }).returning('id').executeTakeFirstOrThrow();
  const payment = await db
    .insertInto('payments')
    .values({ shipmentId, offerId: offer.id, userId, method: r.method, amountCents: r.totalCents, currency: 'eur', status: 'succeeded', providerRef: null, failureMessage: null, createdAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('paymentReceipts').values({ paymentId: payment.id, shipmentId, userId, vatPercent: 21, paidAt: at, ...r }).execute();
  return offer.id;
}

const link = (shipmentId: number) => `${t.config.publicUrl}/#/jobs/${shipmentId}`;

async function putSettings(sender: Sender, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: '/api/user/mail-settings', headers: sender.auth, payload: payload as object });
}

describe('mail settings', () => {
  it('are all on by default, change per kind, and belong to one user', async () => {
    const a = await registerAndLogin(t);
    const b = await registerAndLogin(t);
    const first = await t.app.inject({ method: 'GET', url: '/api/user/mail-settings', headers: a.auth });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ offer_received: true, offer_accepted: true, delivered: true, chat_unread: true });

    const put = await putSettings(a, { chat_unread: false });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ offer_received: true, offer_accepted: true, delivered: true, chat_unread: false });
    const again = await putSettings(a, { delivered: false });
    expect(again.json()).toEqual({ offer_received: true, offer_accepted: true, delivered: false, chat_unread: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/mail-settings', headers: a.auth })).json()).toMatchObject({ delivered: false, chat_unread: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/mail-settings', headers: b.auth })).json()).toMatchObject({ delivered: true, chat_unread: true });
  });

  it('refuses a bad body and a caller without a session', async () => {
    const a = await registerAndLogin(t);
    expect((await putSettings(a, { chat_unread: 'no' })).statusCode).toBe(400);
    expect((await putSettings(a, { newsletter: true })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/mail-settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/mail-settings', payload: { delivered: false } })).statusCode).toBe(401);
  });
});

describe('registration', () => {
  it('keeps the language of the request for the mails', async () => {
    const bearer = await clientToken(t);
    const body = validRegistration();
    const verification_token = await verifyPhone(t, bearer, body.cellphone as string);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { authorization: `Bearer ${bearer}`, 'accept-language': 'en-GB,en;q=0.9' },
      payload: { ...body, verification_token },
    });
    expect(res.statusCode).toBe(201);
    const { id: nlId } = await registerAndLogin(t);
    const rows = await t.handle.db.selectFrom('users').select(['id', 'locale']).where('id', 'in', [res.json().id, nlId]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.locale]))).toEqual({ [res.json().id]: 'en', [nlId]: 'nl' });
  });
});

describe('unread chat mails', () => {
  async function chat() {
    const s = await setup();
    const driver = await createDriver(t);
    let messages = 0;
    /** The driver writes to the sender: the message and its event commit together. */
    const send = async (text: string) => {
      messages += 1;
      const message = await t.handle.db
        .insertInto('messages')
        .values({ shipmentId: s.shipmentId, authorId: driver.id, body: text, createdAt: t.clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await record([{ userId: s.sender.id, type: 'shipment.message.new', shipmentId: s.shipmentId, payload: { reference: s.reference, message_id: message.id, from_name: 'Driver N.', preview: text } }]);
      return message.id;
    };
    const read = async (lastReadId: number) => {
      await t.handle.db
        .insertInto('conversationReads')
        .values({ shipmentId: s.shipmentId, userId: s.sender.id, lastReadId })
        .onConflict((oc) => oc.columns(['shipmentId', 'userId']).doUpdateSet({ lastReadId }))
        .execute();
    };
    return { ...s, send, read, count: () => messages };
  }

  it('mails a message still unread after 10 minutes, once, with the reference and the link', async () => {
    const c = await chat();
    await c.send('Ik sta voor de deur');
    await settle();
    t.clock.advance(9 * 60 + 59);
    await settle();
    expect(mailsTo(c.sender.email)).toHaveLength(0);

    t.clock.advance(1);
    await settle();
    const mails = mailsTo(c.sender.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Ongelezen bericht van Driver N. over ${c.reference}`);
    expect(mails[0]!.text).toContain('Ik sta voor de deur');
    expect(mails[0]!.text).toContain(link(c.shipmentId));

    t.clock.advance(3600);
    await settle();
    expect(mailsTo(c.sender.email)).toHaveLength(1);
  });

  it('does not mail a message read within 10 minutes', async () => {
    const c = await chat();
    const id = await c.send('Hallo');
    await settle();
    t.clock.advance(5 * 60);
    await c.read(id);
    t.clock.advance(5 * 60);
    await settle();
    t.clock.advance(3600);
    await settle();
    expect(mailsTo(c.sender.email)).toHaveLength(0);
  });

  it('tells of several unread messages of a conversation in one mail', async () => {
    const c = await chat();
    await c.send('Een');
    t.clock.advance(60);
    await c.send('Twee');
    await settle();
    t.clock.advance(20 * 60);
    await settle();
    expect(mailsTo(c.sender.email)).toHaveLength(1);
  });

  it('writes in the language of the recipient', async () => {
    const c = await chat();
    await t.handle.db.updateTable('users').set({ locale: 'en' }).where('id', '=', c.sender.id).execute();
    await c.send('At the door');
    await settle();
    t.clock.advance(10 * 60);
    await settle();
    const [mail] = mailsTo(c.sender.email);
    expect(mail!.subject).toBe(`Unread message from Driver N. about ${c.reference}`);
    expect(mail!.text).toContain('View the job:');
  });

  it('sends nothing when switched off, also when switched off while the mail waits', async () => {
    const c = await chat();
    expect((await putSettings(c.sender, { chat_unread: false })).statusCode).toBe(200);
    await c.send('Een');
    await settle();
    t.clock.advance(10 * 60);
    await settle();

    expect((await putSettings(c.sender, { chat_unread: true })).statusCode).toBe(200);
    await c.send('Twee');
    await settle();
    expect((await putSettings(c.sender, { chat_unread: false })).statusCode).toBe(200);
    t.clock.advance(10 * 60);
    await settle();
    expect(mailsTo(c.sender.email)).toHaveLength(0);
  });
});

describe('mails from recorded events', () => {
  it('mails the first offer at once and then at most one "new offers" mail per 15 minutes', async () => {
    const s = await setup();
    const offer = (total: number) =>
      record([{ userId: s.sender.id, type: 'shipment.offer.new', shipmentId: s.shipmentId, payload: { reference: s.reference, offer_id: total, driver_name: 'Jan M.', total } }]);
    await offer(120);
    await settle();
    expect(mailsTo(s.sender.email).map((m) => m.subject)).toEqual([`Nieuw bod op ${s.reference}`]);
    expect(mailsTo(s.sender.email)[0]!.text).toMatch(/€\s120,00/);

    t.clock.advance(60);
    await offer(110);
    await settle();
    t.clock.advance(13 * 60);
    await settle();
    expect(mailsTo(s.sender.email)).toHaveLength(1);

    t.clock.advance(60);
    await settle();
    expect(mailsTo(s.sender.email).map((m) => m.subject)).toEqual([`Nieuw bod op ${s.reference}`, `Nieuwe biedingen op ${s.reference}`]);

    // A quiet shipment: the next offer, long after, is mailed at once.
    t.clock.advance(3600);
    await offer(100);
    await settle();
    expect(mailsTo(s.sender.email)).toHaveLength(3);
  });

  it('sends the receipt of an accepted offer as kept with the payment: amount, VAT, method and card', async () => {
    const s = await setup();
    await t.handle.db.updateTable('users').set({ locale: 'fr' }).where('id', '=', s.sender.id).execute();
    const offerId = await keepReceipt(s.sender.id, s.shipmentId, { reference: s.reference, driverName: 'Jan M.', totalCents: 14_520, vatAmountCents: 2520, method: 'card', cardLast4: '4242' });
    // The event only tells of the receipt: the mail states what was kept, whatever the event said.
    await record([
      {
        userId: s.sender.id,
        type: 'shipment.offer.accepted',
        shipmentId: s.shipmentId,
        payload: { reference: s.reference, offer_id: offerId, driver_name: 'Someone Else', total: 1, vat_percent: 6, vat_amount: 0.06, method: 'invoice', card_last4: null },
      },
    ]);
    await settle();
    const [mail, ...more] = mailsTo(s.sender.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Reçu ${s.reference} : offre de Jan M. acceptée`);
    expect(mail!.text).toMatch(/Total \(TVA comprise\) : 145,20\s€/);
    expect(mail!.text).toMatch(/TVA 21 % : 25,20\s€/);
    expect(mail!.text).toContain('carte de crédit •••• 4242');
    expect(mail!.text).toContain(link(s.shipmentId));
  });

  it('writes the booked windows as on every screen: a range of dates for "this week, evening"', async () => {
    const sender = await registerAndLogin(t);
    // Booked on Monday 23 November: this week (to Sunday 29) in the evening (17:00-22:00).
    const week = { date_from: brussels('2026-11-23', '17:00'), date_till: brussels('2026-11-29', '22:00') };
    const base = shipmentContent();
    const shipmentId = await createShipment(t, sender.auth, { pickup: shipmentSide(week), delivery: { ...base.delivery, ...week } });
    const { referenceId: reference } = await t.handle.db.selectFrom('shipments').select('referenceId').where('id', '=', shipmentId).executeTakeFirstOrThrow();
    await record([{ userId: sender.id, type: 'shipment.offer.new', shipmentId, payload: { reference, offer_id: 1, driver_name: 'Jan M.', total: 120 } }]);
    await settle();
    const [offerMail] = mailsTo(sender.email);
    expect(offerMail!.text).toContain('Ophalen: ma 23 nov 17:00 – zo 29 nov 22:00');
    expect(offerMail!.text).toContain('Leveren: ma 23 nov 17:00 – zo 29 nov 22:00');

    // A window within one day names its day once; the receipt, in French, says the same.
    await t.handle.db.updateTable('users').set({ locale: 'fr' }).where('id', '=', sender.id).execute();
    const other = await createShipment(t, sender.auth);
    const offerId = await keepReceipt(sender.id, other, { reference: 'VM-X', driverName: 'Jan M.', totalCents: 14_520, vatAmountCents: 2520, method: 'invoice', cardLast4: null });
    await record([
      {
        userId: sender.id,
        type: 'shipment.offer.accepted',
        shipmentId: other,
        payload: { reference: 'VM-X', offer_id: offerId, driver_name: 'Jan M.', total: 145.2, vat_percent: 21, vat_amount: 25.2, method: 'invoice', card_last4: null },
      },
    ]);
    await settle();
    const receipt = mailsTo(sender.email).at(-1)!;
    expect(receipt.text).toContain('Enlèvement : lun. 23 nov., 08:00 – 17:00');
    expect(receipt.text).toContain('Livraison : lun. 23 nov., 17:00 – 22:00');
  });

  it('mails a delivery once, and no other state', async () => {
    const s = await setup();
    const state = (st: 'unloaded' | 'delivered') => record([{ userId: s.sender.id, type: 'shipment.state.changed', shipmentId: s.shipmentId, payload: { reference: s.reference, state: st } }]);
    await state('unloaded');
    await state('delivered');
    await state('delivered');
    await settle();
    expect(mailsTo(s.sender.email).map((m) => m.subject)).toEqual([`${s.reference} is geleverd`]);
    // Issue 21 part 3: it sends the sender to the proof and the consignment note, with the 24 hours to answer.
    expect(mailsTo(s.sender.email)[0]!.text).toContain('vrachtbrief (CMR) staan op de pagina van je opdracht. Bevestig daar binnen 24 uur');
  });

  it('sends no mail of a kind switched off', async () => {
    const s = await setup();
    await putSettings(s.sender, { delivered: false, offer_received: false });
    await record([{ userId: s.sender.id, type: 'shipment.state.changed', shipmentId: s.shipmentId, payload: { reference: s.reference, state: 'delivered' } }]);
    await record([{ userId: s.sender.id, type: 'shipment.offer.new', shipmentId: s.shipmentId, payload: { reference: s.reference, offer_id: 1, driver_name: 'Jan M.', total: 80 } }]);
    await settle();
    t.clock.advance(3600);
    await settle();
    expect(mailsTo(s.sender.email)).toHaveLength(0);
  });

  it('sends nothing for a change that rolled back', async () => {
    const s = await setup();
    await expect(
      t.handle.db.transaction().execute(async (trx) => {
        await eventsRepository.insert(trx, [toEventRow({ userId: s.sender.id, type: 'shipment.state.changed', shipmentId: s.shipmentId, payload: { reference: s.reference, state: 'delivered' } }, t.clock.now())]);
        throw new Error('payment declined');
      }),
    ).rejects.toThrow('payment declined');
    await settle();
    t.clock.advance(3600);
    await settle();
    expect(mailsTo(s.sender.email)).toHaveLength(0);
  });

  it('retries a mail the mailer failed to send, and gives up after 6 attempts', async () => {
    const s = await setup();
    const down = vi.spyOn(t.mails, 'push').mockImplementation(() => {
      throw new Error('SMTP down');
    });
    await record([{ userId: s.sender.id, type: 'shipment.state.changed', shipmentId: s.shipmentId, payload: { reference: s.reference, state: 'delivered' } }]);
    await settle();
    expect(down).toHaveBeenCalledTimes(1);
    t.clock.advance(30);
    await settle();
    expect(down).toHaveBeenCalledTimes(1); // waits a minute before the second attempt

    down.mockRestore();
    t.clock.advance(30);
    await settle();
    expect(mailsTo(s.sender.email)).toHaveLength(1);

    // Another mail that never gets through: 6 attempts, then no more.
    const stillDown = vi.spyOn(t.mails, 'push').mockImplementation(() => {
      throw new Error('SMTP down');
    });
    await record([{ userId: s.sender.id, type: 'shipment.offer.new', shipmentId: s.shipmentId, payload: { reference: s.reference, offer_id: 1, driver_name: 'Jan M.', total: 80 } }]);
    for (let i = 0; i < 10; i++) {
      await settle();
      t.clock.advance(24 * 3600);
    }
    expect(stillDown).toHaveBeenCalledTimes(6);
    const job = await t.handle.db.selectFrom('mailJobs').select(['attempts', 'lastError', 'cancelledAt', 'sentAt']).where('kind', '=', 'offer_received').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ attempts: 6, lastError: 'SMTP down', sentAt: null });
    expect(job.cancelledAt).not.toBeNull();
  });

  it('starts a new database at its newest event: no mails for history', async () => {
    const s = await setup();
    await settle();
    const before = mailsTo(s.sender.email).length;
    // A database whose events were written before any mail worker ran: the history event and the
    // missing cursor commit together, so no worker run (woken in the background) sees one without the other.
    await t.handle.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('eventCursors').execute();
      await eventsRepository.insert(trx, [toEventRow({ userId: s.sender.id, type: 'shipment.state.changed', shipmentId: s.shipmentId, payload: { reference: s.reference, state: 'delivered' } }, t.clock.now())]);
    });
    await settle();
    expect(mailsTo(s.sender.email)).toHaveLength(before);
  });
});

describe('mails from the marketplace', () => {
  it('mails an offer, the receipt of its acceptance and the delivery, each once, in English for an English user', async () => {
    const s = await setup();
    await t.handle.db.updateTable('users').set({ locale: 'en' }).where('id', '=', s.sender.id).execute();
    const driver = await createDriver(t);
    const offerId = await makeOffer(t, driver, s.shipmentId, 100);
    await settle();
    expect(mailsTo(s.sender.email).map((m) => m.subject)).toEqual([`New offer on ${s.reference}`]);

    expect((await addCard(t, s.sender.auth)).statusCode).toBeLessThan(300);
    expect((await accept(t, s.sender.auth, s.shipmentId, offerId)).statusCode).toBeLessThan(300);
    await settle();
    const receipt = mailsTo(s.sender.email)[1]!;
    expect(receipt.subject).toMatch(new RegExp(`^Receipt ${s.reference}: offer from `));
    expect(receipt.text).toMatch(/VAT 21%: /);
    expect(receipt.text).toContain('credit card •••• 4242');
    expect(receipt.text).toContain(link(s.shipmentId));

    await driveToFinalised(t, driver, s.shipmentId, s.sender);
    await settle();
    t.clock.advance(3600);
    await settle();
    expect(mailsTo(s.sender.email).map((m) => m.subject)).toEqual([`New offer on ${s.reference}`, receipt.subject, `${s.reference} was delivered`]);
    // The driver gets none of the sender's mails.
    expect(mailsTo(driver.email)).toHaveLength(0);
  });

  it('answers the request that made the event while the mailer is down, and mails once it is back', async () => {
    const s = await setup();
    const driver = await createDriver(t);
    const down = vi.spyOn(t.mails, 'push').mockImplementation(() => {
      throw new Error('SMTP down');
    });
    const res = await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${s.shipmentId}/offer`, headers: driver.auth, payload: { price: 90 } });
    expect(res.statusCode).toBe(201);
    await settle();
    expect(down).toHaveBeenCalled();
    down.mockRestore();
    t.clock.advance(60);
    await settle();
    expect(mailsTo(s.sender.email).map((m) => m.subject)).toEqual([`Nieuw bod op ${s.reference}`]);
  });

  it('mails no offer to a sender who switched offers off', async () => {
    const s = await setup();
    await putSettings(s.sender, { offer_received: false });
    const driver = await createDriver(t);
    await makeOffer(t, driver, s.shipmentId, 100);
    await settle();
    expect(mailsTo(s.sender.email)).toHaveLength(0);
  });
});
