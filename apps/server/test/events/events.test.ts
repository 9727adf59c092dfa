import type { PushRead } from '@vm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toEventRow } from '../../src/modules/events/events.mapper.ts';
import * as eventsRepository from '../../src/modules/events/events.repository.ts';
import { login, registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, brussels, createDriver, createShipment, driverState, driveToFinalised, makeOffer } from '../helpers/marketplace.ts';
import { listen, openStream } from '../helpers/sse.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The event layer (issue 8, part 1 and 2): events commit with their change, the stream is per
// user, single-use tokens, resume with Last-Event-ID, pushes with read markers.

let t: TestApp;
let base: string;
type Person = Awaited<ReturnType<typeof registerAndLogin>>;
type Driver = Awaited<ReturnType<typeof createDriver>>;
let sender: Person;
let other: Person;
let driver: Driver;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  [sender, other] = [await registerAndLogin(t), await registerAndLogin(t)];
  driver = await createDriver(t);
});
afterAll(() => t.close());

/** A fresh access token, after the test clock moved past the old one's lifetime. */
const signIn = async (who: { email: string; password?: string }) => {
  const res = await login(t, who.email, who.password ?? 'rijden123');
  return { authorization: `Bearer ${(res.json() as { access_token: string }).access_token}` };
};
const pushes = async (auth: { authorization: string }, query = '') => (await t.app.inject({ method: 'GET', url: `/api/pushes${query}`, headers: auth })).json() as { items: PushRead[]; unread_count: number; next_before: number | null };
const streamToken = async (auth: { authorization: string }) => (await t.app.inject({ method: 'POST', url: '/api/firebase_token', headers: auth })).json() as { token: string; expires_in: number; pushes: PushRead[] };
const stream = async (auth: { authorization: string }, lastEventId?: number) =>
  openStream(`${base}/api/events?token=${(await streamToken(auth)).token}`, lastEventId ? { 'last-event-id': String(lastEventId) } : {});

describe('events are written with their change', () => {
  it('an offer writes one event for the sender, with its text in nl, fr and en', async () => {
    const id = await createShipment(t, sender.auth);
    const before = (await pushes(sender.auth)).items.length;
    await makeOffer(t, driver, id, 100);
    const after = await pushes(sender.auth);
    expect(after.items).toHaveLength(before + 1);
    const e = after.items[0]!;
    expect(e).toMatchObject({ type: 'shipment.offer.new', shipment_id: id, read_at: null });
    expect(e.json_message.nl).toMatch(/^Nieuw bod van Driver N\. op VM-\w{8}: €\s1[\d.]*,\d\d$/);
    expect(e.json_message.fr).toContain('Nouvelle offre');
    expect(e.json_message.en).toContain('New offer from Driver N.');
    // The all-in price the sender would pay: transport, insurance and VAT.
    expect((e.payload as { total: number }).total).toBeGreaterThan(100);
  });

  it('a refused change writes no event', async () => {
    const id = await createShipment(t, sender.auth);
    await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/status`, headers: sender.auth, payload: { state: 'cancelled' } });
    const count = (await pushes(sender.auth)).items.length;
    const res = await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${id}/offer`, headers: driver.auth, payload: { price: 80 } });
    expect(res.statusCode).toBe(409);
    expect((await pushes(sender.auth)).items).toHaveLength(count);
  });

  it('a transaction that fails after writing its events leaves none, and wakes no stream', async () => {
    const s = await stream(other.auth);
        await expect(
      t.handle.db.transaction().execute(async (trx) => {
        await eventsRepository.insert(trx, [toEventRow({ userId: other.id, type: 'company.invoice.status', shipmentId: null, payload: { status: 'approved' } }, t.clock.now())]);
        throw new Error('the change failed after its events were written');
      }),
    ).rejects.toThrow('the change failed');
    expect((await pushes(other.auth)).items).toHaveLength(0);
    // The next committed event is the first thing the stream ever sees.
    await t.handle.db.transaction().execute((trx) => eventsRepository.insert(trx, [toEventRow({ userId: other.id, type: 'company.invoice.status', shipmentId: null, payload: { status: 'rejected' } }, t.clock.now())]));
    const [first] = await s.waitFor(1);
    expect(first!.data.payload).toEqual({ status: 'rejected' });
    await s.close();
    expect(s.messages).toHaveLength(1);
  });

  it('the whole job: receipt and payment for the sender, the job for the driver, every state, the rating', async () => {
    const { auth, id: senderId } = await registerAndLogin(t);
    await addCard(t, auth);
    const id = await createShipment(t, auth);
    const offerId = await makeOffer(t, driver, id, 200);
    expect((await accept(t, auth, id, offerId)).statusCode).toBe(200);
    await driveToFinalised(t, driver, id, { auth });
    await t.app.inject({ method: 'POST', url: '/api/driver/shipment/' + id + '/location', headers: driver.auth, payload: { lat: 50.9, lng: 5.3 } }).then((r) => expect(r.statusCode).toBe(409));
    await t.app.inject({ method: 'POST', url: '/api/rating', headers: driver.auth, payload: { shipment_id: id, rating: 5 } });

    const mine = (await pushes(auth, '?limit=50')).items.filter((p) => p.shipment_id === id).reverse();
    expect(mine.map((p) => p.type)).toEqual(['shipment.offer.new', 'shipment.offer.accepted', ...Array(12).fill('shipment.state.changed'), 'shipment.rating.new']);
    expect(mine.filter((p) => p.type === 'shipment.state.changed').map((p) => (p.payload as { state: string }).state).at(-1)).toBe('finalised');
    const receipt = mine[1]!;
    // 200 € + cmr premium, 21 % VAT: the receipt carries amount, VAT, method and the card's last four.
    expect(receipt.payload).toMatchObject({ method: 'card', card_last4: '4242', vat_percent: 21, driver_name: 'Driver N.', total: 242 });
    expect(receipt.json_message.nl).toMatch(/aanvaard voor VM-\w{8}: €\s242,00 incl\. 21% btw, betaald met kredietkaart •••• 4242$/);
    // The payment success is streamed, not listed twice.
    expect(mine.some((p) => p.type === 'payment.succeeded')).toBe(false);

    const job = (await pushes(driver.auth, '?limit=50')).items.find((p) => p.shipment_id === id && p.type === 'shipment.job.assigned');
    expect(job?.json_message.nl).toContain('Je bod op');
    expect(senderId).toBeGreaterThan(0);
  });

  it('a declined card tells the sender; an invoice decision tells the company', async () => {
    const { auth, email } = await registerAndLogin(t);
    await addCard(t, auth, 'tok_chargeCustomerFail');
    const id = await createShipment(t, auth);
    const offerId = await makeOffer(t, driver, id, 150);
    expect((await accept(t, auth, id, offerId)).statusCode).toBe(402);
    expect((await pushes(auth)).items[0]).toMatchObject({ type: 'payment.failed', shipment_id: id });

    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: auth })).json();
    const company = { name: 'Peeters BV', vat: 'BE0403170701', address: 'Kerkstraat 1, 3500 Hasselt', email: 'factuur@peeters.be' };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: auth,
      payload: { first_name: me.first_name, last_name: me.last_name, cellphone: me.cellphone, birthday: me.birthday, address: me.address, company },
    });
    expect(put.statusCode, put.body).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/user/invoice', headers: auth, payload: { action: 'request' } });
    const { readFile } = await import('node:fs/promises');
    const adminToken = t.config.adminToken ?? (await readFile(`${t.dataDir}/admin-token`, 'utf8'));
    await t.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${adminToken}` }, payload: { args: ['invoice', 'approve', email] } });
    const statuses = (await pushes(auth)).items.filter((p) => p.type === 'company.invoice.status').map((p) => (p.payload as { status: string }).status);
    expect(statuses).toEqual(['approved', 'requested']);
  });

  it('an expired shipment is reported once, however often the check runs', async () => {
    const p = await registerAndLogin(t);
    const id = await createShipment(t, p.auth);
    t.clock.advance(2 * 86400);
    try {
      const auth = await signIn(p);
      await t.app.reportExpired();
      await t.app.reportExpired();
      const expired = (await pushes(auth)).items.filter((p) => p.type === 'shipment.expired');
      expect(expired).toHaveLength(1);
      expect(expired[0]).toMatchObject({ shipment_id: id });
      expect(expired[0]!.json_message.nl).toContain('is verlopen');
    } finally {
      t.clock.advance(-2 * 86400);
    }
  });

  it('a driver whose estimated arrival falls after the window is reported late, once per leg', async () => {
    const p = await registerAndLogin(t);
    let auth = p.auth;
    await addCard(t, auth);
    // Pickup tomorrow 08:00-09:00 in Hasselt.
    const id = await createShipment(t, auth, {
      pickup: { ...(await import('../helpers/marketplace.ts')).shipmentSide({ date_from: brussels('2026-11-23', '08:00'), date_till: brussels('2026-11-23', '09:00') }) },
    });
    const offerId = await makeOffer(t, driver, id, 120);
    await accept(t, auth, id, offerId);
    await driverState(t, driver, id, 'onwaytopickup');
    const at = (lat: number, lng: number) => t.app.inject({ method: 'POST', url: `/api/driver/shipment/${id}/location`, headers: driver.auth, payload: { lat, lng } });
    // Near Hasselt at 11:00 the day before: on time.
    expect((await at(50.93, 5.33)).statusCode).toBe(204);
    expect((await pushes(auth)).items.filter((p) => p.type === 'shipment.late')).toHaveLength(0);
    // Next morning 08:55 in Oostende, 200 km away: late for a window ending at 09:00. Twice: one event.
    t.clock.advance(21 * 3600 + 55 * 60);
    try {
      driver.auth = await signIn(driver);
      auth = await signIn(p);
      await at(51.22, 2.92);
      await at(51.21, 2.93);
      const late = (await pushes(auth)).items.filter((p) => p.type === 'shipment.late');
      expect(late).toHaveLength(1);
      expect(late[0]!.payload).toMatchObject({ leg: 'pickup' });
      expect(late[0]!.json_message.nl).toMatch(/is laat: verwacht aan ophaaladres op \w+ \d+ \w+ om \d\d:\d\d/);
      // The job page reads it from the shipment.
      const s = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: auth })).json();
      expect(s.running_late).toEqual([{ leg: 'pickup', eta: (late[0]!.payload as { eta: number }).eta }]);
      // Positions are streamed, never listed.
      expect((await pushes(auth, '?limit=50')).items.some((p) => p.type === 'shipment.location')).toBe(false);
    } finally {
      t.clock.advance(-(21 * 3600 + 55 * 60));
      driver.auth = await signIn(driver);
    }
  });
});

describe('the stream', () => {
  it('delivers a user their own events only, as Server-Sent Events with ids', async () => {
    const id = await createShipment(t, sender.auth);
    const own = await createShipment(t, other.auth);
    const a = await stream(sender.auth);
    const b = await stream(other.auth);
    expect(a.status).toBe(200);
    expect(a.contentType).toMatch(/^text\/event-stream/);
    await makeOffer(t, driver, id, 95);
    const [msg] = await a.waitFor(1);
    expect(msg!.data).toMatchObject({ type: 'shipment.offer.new', shipment_id: id });
    expect(msg!.id).toBe(msg!.data.id);
    // B's stream is open and healthy: it receives B's own event, and nothing of A's before it.
    await makeOffer(t, driver, own, 70);
    const [first] = await b.waitFor(1);
    expect(first!.data.shipment_id).toBe(own);
    expect(b.messages.every((m) => m.data.shipment_id !== id)).toBe(true);
    await Promise.all([a.close(), b.close()]);
  });

  it('a stream token works once, for 60 seconds, and only with a signed-in user', async () => {
    const { token, expires_in } = await streamToken(sender.auth);
    expect(expires_in).toBe(60);
    const first = await openStream(`${base}/api/events?token=${token}`);
    expect(first.status).toBe(200);
    await first.close();
    const again = await fetch(`${base}/api/events?token=${token}`);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error: string }).error).toBe('access_denied');

    const late = await streamToken(sender.auth);
    t.clock.advance(61);
    try {
      expect((await fetch(`${base}/api/events?token=${late.token}`)).status).toBe(401);
    } finally {
      t.clock.advance(-61);
    }
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/firebase_token' })).statusCode).toBe(401);
  });

  it('resumes with Last-Event-ID: every missed event, in order, exactly once, then live ones', async () => {
    const { auth } = await registerAndLogin(t);
    // Open before the job is made: its own change and then the offer arrive in order (a stream opened
    // after the job could see the job's change late, on a busy machine, and take it for the offer).
    const s1 = await stream(auth);
    const id = await createShipment(t, auth);
    await makeOffer(t, driver, id, 100);
    const seen = (await s1.waitFor(2)).find((m) => m.data.type === 'shipment.offer.new');
    await s1.close();

    // Missed while disconnected: three more offers and a withdrawal.
    const drivers = [await createDriver(t), await createDriver(t)];
    await makeOffer(t, drivers[0]!, id, 101);
    await makeOffer(t, drivers[1]!, id, 102);
    await t.app.inject({ method: 'DELETE', url: `/api/driver/shipment/${id}/offer`, headers: drivers[0]!.auth });

    const s2 = await stream(auth, seen!.id);
    const replayed = await s2.waitFor(3);
    expect(replayed.map((m) => m.data.type)).toEqual(['shipment.offer.new', 'shipment.offer.new', 'shipment.offer.withdrawn']);
    await makeOffer(t, driver, id, 99);
    const all = await s2.waitFor(4);
    const ids = all.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(4);
    expect(ids[0]).toBeGreaterThan(seen!.id);
    // The query form does the same for clients that open a new EventSource.
    const s3 = await openStream(`${base}/api/events?token=${(await streamToken(auth)).token}&last_event_id=${seen!.id}`);
    expect((await s3.waitFor(4)).map((m) => m.id)).toEqual(ids);
    await Promise.all([s2.close(), s3.close()]);
  });

  it("ends the stream when the user's sessions are revoked", async () => {
    const p = await registerAndLogin(t);
    const s = await stream(p.auth);
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/oauth/access_token', payload: { grant_type: 'refresh_token', refresh_token: token, client_id: 'web' } });
    await refresh(p.tokens.refresh_token);
    // The spent refresh token presented again after the grace: every session of the family is revoked.
    t.clock.advance(30);
    await refresh(p.tokens.refresh_token);
    const [msg] = await s.waitFor(1);
    expect(msg!.data.type).toBe('session.revoked');
    await s.ended_;
    expect(s.ended).toBe(true);
  });

  it('ends open streams cleanly when the server closes', async () => {
    const t2 = await createTestApp();
    try {
      const url = await listen(t2.app);
      const p = await registerAndLogin(t2);
      const token = ((await t2.app.inject({ method: 'POST', url: '/api/firebase_token', headers: p.auth })).json() as { token: string }).token;
      const s = await openStream(`${url}/api/events?token=${token}`);
      expect(s.status).toBe(200);
      await t2.app.close();
      await s.ended_;
      expect(s.ended).toBe(true);
    } finally {
      await t2.handle.close();
      await (await import('node:fs/promises')).rm(t2.dataDir, { recursive: true, force: true });
    }
  });
});

describe('pushes', () => {
  it('lists pushes newest first with paging, the last 5 with the stream token, and read markers across devices', async () => {
    const { auth } = await registerAndLogin(t);
    const id = await createShipment(t, auth);
    const drivers = [driver, ...(await Promise.all([1, 2, 3, 4, 5].map(() => createDriver(t))))];
    for (const [i, d] of drivers.entries()) await makeOffer(t, d, id, 100 + i);

    const page1 = await pushes(auth, '?limit=4');
    expect(page1.items).toHaveLength(4);
    expect(page1.unread_count).toBe(6);
    const page2 = await pushes(auth, `?limit=4&before=${page1.next_before}`);
    expect(page2.items).toHaveLength(2);
    expect(page2.next_before).toBeNull();
    const all = [...page1.items, ...page2.items];
    expect(all.map((p) => p.id)).toEqual([...all.map((p) => p.id)].sort((a, b) => b - a));
    expect((await streamToken(auth)).pushes.map((p) => p.id)).toEqual(all.slice(0, 5).map((p) => p.id));

    const read = await t.app.inject({ method: 'POST', url: `/api/pushes/${all[0]!.id}/read`, headers: auth });
    expect(read.json()).toEqual({ unread_count: 5 });
    // Another user's push is not found, and stays unread.
    expect((await t.app.inject({ method: 'POST', url: `/api/pushes/${all[1]!.id}/read`, headers: other.auth })).statusCode).toBe(404);
    expect((await pushes(auth)).unread_count).toBe(5);
    expect((await t.app.inject({ method: 'POST', url: '/api/pushes/read', headers: auth })).json()).toEqual({ unread_count: 0 });
    const after = await pushes(auth);
    expect(after.unread_count).toBe(0);
    expect(after.items.every((p) => p.read_at !== null)).toBe(true);
  });
});
