import type { EventType } from '@vm/domain';
import webpush from 'web-push';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/env.ts';
import { toEventRow } from '../../src/modules/events/events.mapper.ts';
import * as eventsRepository from '../../src/modules/events/events.repository.ts';
import { clientToken, registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, type Auth, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { fakePushService } from './fake-push-service.ts';

let t: TestApp;
let push: Awaited<ReturnType<typeof fakePushService>>;
beforeEach(async () => {
  push = await fakePushService();
  t = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true' });
});
afterEach(async () => {
  await t.close();
  await push.close();
});

type Driver = Awaited<ReturnType<typeof createDriver>>;

/** Lets the push worker see what has committed, as the hub and its interval would. */
async function settle() {
  await t.app.eventHub.flush();
  await t.app.pushWorker.run();
}

const subscribe = (auth: Auth, body: unknown) => t.app.inject({ method: 'POST', url: '/api/driver/push/subscriptions', headers: auth, payload: body as object });
const putSettings = (auth: Auth, body: unknown) => t.app.inject({ method: 'PUT', url: '/api/driver/push/settings', headers: auth, payload: body as object });

async function subscribedDriver(name: string): Promise<Driver> {
  const d = await createDriver(t);
  expect((await subscribe(d.auth, push.subscription(name))).statusCode).toBe(201);
  return d;
}

/** The event a board job makes for a driver it suits ('board.job.new', written by the board's part; here by hand). */
async function boardJobEvent(driverId: number, shipmentId: number) {
  await t.handle.db
    .insertInto('events')
    .values({
      userId: driverId,
      type: 'board.job.new' as EventType,
      shipmentId,
      payload: JSON.stringify({ reference: 'VM-TEST' }),
      message: JSON.stringify({ nl: 'Nieuwe opdracht bij jou in de buurt: Hasselt → Brussel', fr: 'Nouvelle mission près de chez vous', en: 'A new job near you' }),
      listed: true,
      createdAt: t.clock.now(),
    })
    .execute();
}

/** A document notice as the hourly check writes it. */
async function documentEvent(driverId: number) {
  const e = { userId: driverId, shipmentId: null, type: 'driver.document.expiring' as const, payload: { kind: 'cmr_insurance' as const, expires: '2026-12-31', days: 30 } };
  await t.handle.db.transaction().execute((trx) => eventsRepository.insert(trx, [toEventRow(e, t.clock.now())]));
}

/** A sender's job with offers from the drivers given; the first one's is accepted (paid by card). */
async function jobAcceptedFrom(winner: Driver, ...others: Driver[]) {
  const sender = await registerAndLogin(t);
  const shipmentId = await createShipment(t, sender.auth);
  const offerId = await makeOffer(t, winner, shipmentId, 120);
  for (const [i, o] of others.entries()) await makeOffer(t, o, shipmentId, 130 + i);
  await addCard(t, sender.auth);
  const res = await accept(t, sender.auth, shipmentId, offerId);
  expect(res.statusCode).toBe(200);
  return { sender, shipmentId };
}

describe('web push: key, subscriptions and settings', () => {
  it('serves one VAPID public key, made once and kept in the database', async () => {
    // Any token will do (the app asks before or after signing in); none is refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/push/key' })).statusCode).toBe(401);
    const first = await t.app.inject({ method: 'GET', url: '/api/push/key', headers: { authorization: `Bearer ${await clientToken(t)}` } });
    expect(first.statusCode).toBe(200);
    const key = first.json().public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65); // an uncompressed P-256 point
    const stored = await t.handle.db.selectFrom('pushVapidKeys').select('publicKey').executeTakeFirstOrThrow();
    expect(stored.publicKey).toBe(key);
    // Another process on the same database (here: a second app) pushes with the same key.
    const second = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true' }, { handle: t.handle, dataDir: t.dataDir });
    try {
      expect((await second.app.inject({ method: 'GET', url: '/api/push/key', headers: { authorization: `Bearer ${await clientToken(second)}` } })).json()).toEqual({ public_key: key });
    } finally {
      await second.app.close();
    }
  });

  it('uses the configured VAPID keys when set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const other = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true', VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/push/key', headers: { authorization: `Bearer ${await clientToken(other)}` } })).json()).toEqual({ public_key: keys.publicKey });
    } finally {
      await other.close();
    }
  });

  it('takes a driver’s subscription once per endpoint, refuses what is not a push address, and is for drivers only', async () => {
    const d = await createDriver(t);
    const sub = push.subscription('a');
    expect((await subscribe(d.auth, sub)).statusCode).toBe(201);
    expect((await subscribe(d.auth, sub)).statusCode).toBe(201); // the same browser again
    expect(await t.handle.db.selectFrom('pushSubscriptions').select('userId').execute()).toEqual([{ userId: d.id }]);

    const plainHttp = await subscribe(d.auth, { ...sub, endpoint: 'http://push.example.com/sub/x' });
    expect(plainHttp.statusCode).toBe(400);
    expect(plainHttp.json().error_description).toContain('https');
    expect((await subscribe(d.auth, { ...sub, endpoint: 'not a url' })).statusCode).toBe(400);
    expect((await subscribe(d.auth, { ...sub, keys: { p256dh: 'short', auth: sub.keys.auth } })).statusCode).toBe(400);
    expect((await subscribe(d.auth, { endpoint: sub.endpoint })).statusCode).toBe(400);

    const sender = await registerAndLogin(t);
    expect((await subscribe(sender.auth, push.subscription('s'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/driver/push/subscriptions', payload: push.subscription('n') })).statusCode).toBe(401);
  });

  it('has every kind on by default, changes per kind and per driver', async () => {
    const a = await createDriver(t);
    const b = await createDriver(t);
    const get = async (auth: Auth) => (await t.app.inject({ method: 'GET', url: '/api/driver/push/settings', headers: auth })).json();
    expect(await get(a.auth)).toEqual({ new_job: true, offer_result: true, chat_message: true, document_expiring: true, job_problem: true });
    const put = await putSettings(a.auth, { chat_message: false });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ new_job: true, offer_result: true, chat_message: false, document_expiring: true, job_problem: true });
    expect(await get(a.auth)).toMatchObject({ chat_message: false });
    expect(await get(b.auth)).toMatchObject({ chat_message: true });
    expect((await putSettings(a.auth, { chat_message: 'no' })).statusCode).toBe(400);
    expect((await putSettings(a.auth, { sms: true })).statusCode).toBe(400);
  });
});

describe('web push: delivery to the fake push service', () => {
  it('sends one encrypted, VAPID-signed push per kind, in the driver’s language, to that driver only', async () => {
    const winner = await subscribedDriver('winner');
    const loser = await subscribedDriver('loser');
    await subscribedDriver('bystander');
    await settle();

    // Offer accepted (winner) and not chosen (loser), in the accept's transaction.
    const { sender, shipmentId } = await jobAcceptedFrom(winner, loser);
    await settle();
    // A chat message to the driver.
    const chat = await t.app.inject({ method: 'POST', url: `/api/conversation/${shipmentId}`, headers: sender.auth, payload: { message: 'Bel je even als je er bent?' } });
    expect(chat.statusCode).toBe(201);
    // A new matching job and a document expiring.
    await boardJobEvent(winner.id, shipmentId);
    await documentEvent(winner.id);
    await settle();

    const key = (await t.app.inject({ method: 'GET', url: '/api/push/key', headers: winner.auth })).json().public_key;
    const toWinner = push.received.filter((r) => r.path === '/sub/winner');
    expect(toWinner).toHaveLength(4);
    for (const r of toWinner) {
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(r.headers.ttl)).toBeGreaterThan(0);
      expect(r.vapid).toMatchObject({ aud: push.origin, k: key, sub: expect.stringMatching(/^mailto:/) });
      expect(r.text).not.toBeNull();
    }
    expect(push.pushesTo('winner')).toEqual([
      { title: 'Je bod', body: expect.stringContaining('is aanvaard'), url: `/driver/#/work/${shipmentId}`, tag: `offer_result-${shipmentId}` },
      { title: 'Nieuw bericht', body: expect.stringContaining('Bel je even als je er bent?'), url: `/driver/#/work/${shipmentId}`, tag: `chat_message-${shipmentId}` },
      { title: 'Nieuwe opdracht', body: 'Nieuwe opdracht bij jou in de buurt: Hasselt → Brussel', url: `/driver/#/work/${shipmentId}`, tag: `new_job-${shipmentId}` },
      { title: 'Document vervalt', body: expect.stringContaining('CMR-verzekeringsattest'), url: '/driver/#/account/documents', tag: expect.stringMatching(/^document_expiring-/) },
    ]);
    expect(push.pushesTo('loser')).toEqual([{ title: 'Je bod', body: expect.stringContaining('niet gekozen'), url: `/driver/#/work/${shipmentId}`, tag: `offer_result-${shipmentId}` }]);
    expect(push.pushesTo('bystander')).toEqual([]);
    // Sent once: another round (or another process's) finds nothing left to send.
    await settle();
    expect(push.received).toHaveLength(5);
    expect(await t.handle.db.selectFrom('pushSubscriptions').select(['lastSuccessAt', 'failures']).where('userId', '=', winner.id).executeTakeFirstOrThrow()).toEqual({
      lastSuccessAt: t.clock.now(),
      failures: 0,
    });
  });

  it('speaks the driver’s language', async () => {
    const d = await subscribedDriver('fr');
    await t.handle.db.updateTable('users').set({ locale: 'fr' }).where('id', '=', d.id).execute();
    await documentEvent(d.id);
    await settle();
    expect(push.pushesTo('fr')).toEqual([expect.objectContaining({ title: 'Document bientôt expiré', body: expect.stringContaining('attestation d’assurance CMR') })]);
  });

  it('sends none of a kind the driver switched off, and the others still', async () => {
    const winner = await subscribedDriver('w');
    const loser = await subscribedDriver('l');
    for (const d of [winner, loser]) expect((await putSettings(d.auth, { offer_result: false, new_job: false })).statusCode).toBe(200);
    await settle();
    const { shipmentId } = await jobAcceptedFrom(winner, loser);
    await boardJobEvent(winner.id, shipmentId);
    await documentEvent(winner.id);
    await settle();
    expect(push.pushesTo('w')).toEqual([expect.objectContaining({ title: 'Document vervalt' })]);
    expect(push.pushesTo('l')).toEqual([]);

    // Switched off between the event and the send: the push waiting is not sent either.
    push.answer('w', 500);
    await documentEvent(winner.id);
    await settle();
    expect(push.received).toHaveLength(2); // the first try failed
    expect((await putSettings(winner.auth, { document_expiring: false })).statusCode).toBe(200);
    push.answer('w', 201);
    t.clock.advance(60);
    await settle();
    expect(push.received).toHaveLength(2);
  });

  it('drops a subscription the push service says is gone (410), and retries other failures a few times', async () => {
    const d = await subscribedDriver('gone');
    const flaky = await subscribedDriver('flaky');
    await settle();
    push.answer('gone', 410);
    await documentEvent(d.id);
    await settle();
    expect(push.received.filter((r) => r.path === '/sub/gone')).toHaveLength(1);
    expect(await t.handle.db.selectFrom('pushSubscriptions').select('id').where('userId', '=', d.id).execute()).toEqual([]);
    await documentEvent(d.id);
    await settle();
    expect(push.received.filter((r) => r.path === '/sub/gone')).toHaveLength(1);

    // 503: tried again after a pause, until it gets through.
    push.answer('flaky', 503);
    await documentEvent(flaky.id);
    await settle();
    const tries = () => push.received.filter((r) => r.path === '/sub/flaky').length;
    expect(tries()).toBe(1);
    await settle();
    expect(tries()).toBe(1); // not before its pause
    t.clock.advance(30);
    await settle();
    expect(tries()).toBe(2);
    push.answer('flaky', 201);
    t.clock.advance(120);
    await settle();
    expect(tries()).toBe(3);
    expect(push.pushesTo('flaky').at(-1)).toMatchObject({ title: 'Document vervalt' });
    expect(await t.handle.db.selectFrom('pushSubscriptions').select('failures').where('userId', '=', flaky.id).executeTakeFirstOrThrow()).toEqual({ failures: 0 });

    // A service that keeps failing is given up after five tries.
    push.answer('flaky', 500);
    await documentEvent(flaky.id);
    for (const pause of [0, 30, 120, 600, 1800, 3600]) {
      t.clock.advance(pause);
      await settle();
    }
    expect(tries()).toBe(3 + 5);
  });

  it('stops after the driver unsubscribes; a browser that another driver signs in on pushes to them', async () => {
    const a = await createDriver(t);
    const b = await createDriver(t);
    const shared = push.subscription('shared');
    expect((await subscribe(a.auth, shared)).statusCode).toBe(201);
    // b cannot remove a's subscription by its endpoint.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/driver/push/subscriptions', headers: b.auth, payload: { endpoint: shared.endpoint } })).statusCode).toBe(204);
    await documentEvent(a.id);
    await settle();
    expect(push.pushesTo('shared')).toHaveLength(1);

    // The same phone, now signed in as b: the browser's subscription is b's, a gets nothing on it.
    expect((await subscribe(b.auth, shared)).statusCode).toBe(201);
    await documentEvent(a.id);
    await settle();
    expect(push.pushesTo('shared')).toHaveLength(1);
    await documentEvent(b.id);
    await settle();
    expect(push.pushesTo('shared')).toHaveLength(2);

    expect((await t.app.inject({ method: 'DELETE', url: '/api/driver/push/subscriptions', headers: b.auth, payload: { endpoint: shared.endpoint } })).statusCode).toBe(204);
    await documentEvent(b.id);
    await settle();
    expect(push.pushesTo('shared')).toHaveLength(2);

    // A push to a that is waiting for a retry when b takes the browser over is never sent there.
    expect((await subscribe(a.auth, shared)).statusCode).toBe(201);
    push.answer('shared', 503);
    await documentEvent(a.id);
    await settle();
    expect(push.received).toHaveLength(3);
    push.answer('shared', 201);
    expect((await subscribe(b.auth, shared)).statusCode).toBe(201);
    t.clock.advance(3600);
    await settle();
    expect(push.received).toHaveLength(3);
  });

  it('sends each push once when several processes run the worker on one database', async () => {
    const d = await subscribedDriver('once');
    const second = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true' }, { handle: t.handle, dataDir: t.dataDir });
    try {
      for (let i = 0; i < 3; i += 1) await documentEvent(d.id);
      await Promise.all([settle(), second.app.eventHub.flush().then(() => second.app.pushWorker.run()), settle(), second.app.pushWorker.run()]);
      await settle();
      await second.app.pushWorker.run();
      expect(push.received.filter((r) => r.path === '/sub/once')).toHaveLength(3);
      expect(new Set(push.pushesTo('once').map((p) => p?.tag)).size).toBe(3);
    } finally {
      await second.app.close();
    }
  });

  it('pushes nothing to a sender, whatever the event', async () => {
    await subscribedDriver('d');
    const sender = await registerAndLogin(t);
    // Even with a subscription row of their own (made outside the driver routes), a sender is not pushed to.
    await t.handle.db.insertInto('pushSubscriptions').values({ userId: sender.id, endpoint: `${push.origin}/sub/sender`, p256dh: 'x', auth: 'y', createdAt: t.clock.now() }).execute();
    await documentEvent(sender.id);
    await settle();
    expect(push.received).toEqual([]);
  });
});

describe('web push: logs', () => {
  it('name a failing push service by its host, never the subscription’s path or keys', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true' }, undefined, { write: (l) => void lines.push(l) });
    try {
      const d = await createDriver(logged);
      const gone = push.subscription('a-secret-capability-token');
      const failing = push.subscription('another-secret-capability-token');
      for (const s of [gone, failing]) expect((await logged.app.inject({ method: 'POST', url: '/api/driver/push/subscriptions', headers: d.auth, payload: s })).statusCode).toBe(201);
      push.answer('a-secret-capability-token', 410);
      push.answer('another-secret-capability-token', 503);
      await logged.handle.db.transaction().execute((trx) =>
        eventsRepository.insert(trx, [toEventRow({ userId: d.id, shipmentId: null, type: 'driver.document.expiring', payload: { kind: 'cmr_insurance', expires: '2026-12-31', days: 7 } }, logged.clock.now())]),
      );
      await logged.app.eventHub.flush();
      await logged.app.pushWorker.run();
      expect(push.received).toHaveLength(2);
      const text = lines.join('\n');
      expect(text).toContain('push subscription gone');
      expect(text).toContain('push failed; will retry');
      expect(text).toContain(new URL(push.origin).host);
      for (const secret of ['secret-capability-token', gone.keys.p256dh, gone.keys.auth, failing.keys.auth]) expect(text).not.toContain(secret);
      const { privateKey } = await logged.handle.db.selectFrom('pushVapidKeys').select('privateKey').executeTakeFirstOrThrow();
      expect(text).not.toContain(privateKey);
    } finally {
      await logged.close();
    }
  });
});

describe('web push: configuration', () => {
  it('takes both VAPID keys or neither, a mailto: or https: subject, and no loopback endpoints in production', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).push.keys).toEqual(keys);
    expect(loadConfig({}).push).toMatchObject({ keys: null, subject: 'mailto:support@vrachtmarkt.localhost', allowLoopback: false });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'support@example.be' })).toThrow(/VAPID_SUBJECT/);
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', ADMIN_TOKEN: 'a'.repeat(32), PAYMENT_PROVIDER: 'sandbox', PUBLIC_URL: 'https://vm.example' };
    expect(loadConfig(production).push.allowLoopback).toBe(false);
    expect(() => loadConfig({ ...production, PUSH_ALLOW_LOOPBACK: 'true' })).toThrow(/PUSH_ALLOW_LOOPBACK/);
  });
});
