import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { DEMO_DRIVER_PROFILES } from '../../src/modules/demo-drivers/demo-drivers.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { listen, openStream } from '../helpers/sse.ts';
import { createTestApp, freshDatabase, type TestApp } from '../helpers/test-app.ts';

// Two server instances on one PostgreSQL database, each with its own connection pool and its own
// LISTEN connection, as two processes behind a proxy would be (PostgreSQL only: the embedded
// database belongs to one process).

let a: TestApp;
let b: TestApp;
let baseA: string;
let baseB: string;

beforeAll(async () => {
  const shared = await freshDatabase();
  if (!shared.url) throw new Error('this file runs on PostgreSQL only');
  const dir = () => fs.mkdtemp(path.join(os.tmpdir(), 'vm-two-'));
  a = await createTestApp({}, { handle: shared, dataDir: await dir() });
  b = await createTestApp({}, { handle: await openDatabase({ databaseUrl: shared.url }), dataDir: await dir() });
  [baseA, baseB] = [await listen(a.app), await listen(b.app)];
});
afterAll(async () => {
  // b's handle only closes its own pool; a's drops the shared database.
  await b.app.close();
  await b.handle.db.destroy();
  await fs.rm(b.dataDir, { recursive: true, force: true });
  await a.close();
});

describe('two processes on one PostgreSQL', () => {
  it('an offer made through one reaches a stream held by the other, and a resume on either replays it', async () => {
    const sender = await registerAndLogin(a);
    const driver = await createDriver(a);
    const id = await createShipment(a, sender.auth);
    const token = (await b.app.inject({ method: 'POST', url: '/api/firebase_token', headers: sender.auth })).json().token as string;
    const stream = await openStream(`${baseB}/api/events?token=${token}`);
    expect(stream.status).toBe(200);

    const offerId = await makeOffer(a, driver, id, 88);
    // The stream may first carry the creation's own event (shipment.changed): process B's hub reads
    // from its cursor, so an event committed just before the stream opened can still arrive.
    const first = await stream.waitFor(1);
    const msg = first[0]!.data.type === 'shipment.offer.new' ? first[0] : (await stream.waitFor(2))[1];
    expect(msg!.data).toMatchObject({ type: 'shipment.offer.new', shipment_id: id, payload: { offer_id: offerId } });

    // The push list and its read marker are the same whichever process answers.
    const viaB = (await b.app.inject({ method: 'GET', url: '/api/pushes', headers: sender.auth })).json();
    expect(viaB.items[0].id).toBe(msg!.id);
    await a.app.inject({ method: 'POST', url: `/api/pushes/${msg!.id}/read`, headers: sender.auth });
    expect((await b.app.inject({ method: 'GET', url: '/api/pushes', headers: sender.auth })).json().unread_count).toBe(0);
    await stream.close();

    // Reconnecting to the other process with Last-Event-ID replays from the shared table.
    const resumed = await openStream(`${baseA}/api/events?token=${(await a.app.inject({ method: 'POST', url: '/api/firebase_token', headers: sender.auth })).json().token}`, {
      'last-event-id': String(msg!.id - 1),
    });
    expect((await resumed.waitFor(1)).map((m) => m.id)).toEqual([msg!.id]);
    await resumed.close();
  });

  it('a stream token made by one process is spent on the other, once', async () => {
    const sender = await registerAndLogin(a);
    const token = (await a.app.inject({ method: 'POST', url: '/api/firebase_token', headers: sender.auth })).json().token as string;
    const first = await openStream(`${baseB}/api/events?token=${token}`);
    expect(first.status).toBe(200);
    await first.close();
    expect((await fetch(`${baseB}/api/events?token=${token}`)).status).toBe(401);
  });

  it('a list answered 304 from memory on one process changes there when the other process changes it', async () => {
    const sender = await registerAndLogin(a);
    const driver = await createDriver(a);
    const id = await createShipment(a, sender.auth);
    const list = () => b.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: sender.auth });
    const first = await list();
    const etag = first.headers.etag as string;
    expect((await b.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: { ...sender.auth, 'if-none-match': etag } })).statusCode).toBe(304);
    await makeOffer(a, driver, id, 77);
    // B hears of the offer through NOTIFY and the events table; its next answer is the new list.
    await eventually(async () => {
      const res = await b.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: { ...sender.auth, 'if-none-match': etag } });
      expect(res.statusCode).toBe(200);
      expect(res.json()[0].offers).toHaveLength(1);
    });
  });

  it('tokens revoked through one process stop working on the other, which had them cached', async () => {
    const sender = await registerAndLogin(a);
    const me = () => b.app.inject({ method: 'GET', url: '/api/user', headers: sender.auth });
    expect((await me()).statusCode).toBe(200);
    // A spent refresh token presented again: the whole family is revoked (RFC 9700), via A.
    const refresh = (token: string) => a.app.inject({ method: 'POST', url: '/oauth/access_token', payload: { grant_type: 'refresh_token', refresh_token: token, client_id: 'web' } });
    expect((await refresh(sender.tokens.refresh_token)).statusCode).toBe(200);
    a.clock.advance(30); // past REFRESH_REUSE_GRACE_SECONDS
    expect((await refresh(sender.tokens.refresh_token)).statusCode).toBe(400);
    await eventually(async () => expect((await me()).statusCode).toBe(401));
  });
});

/** Retries an assertion for up to 3 s: another process hears of a commit a few milliseconds later. */
async function eventually(check: () => Promise<void>): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (err) {
      if (i >= 60) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe('two processes starting together on a fresh database', () => {
  it('both start, and share one set of demo drivers', async () => {
    const shared = await freshDatabase();
    const dir = () => fs.mkdtemp(path.join(os.tmpdir(), 'vm-two-'));
    const second = await openDatabase({ databaseUrl: shared.url! });
    const [x, y] = await Promise.all([
      createTestApp({ DEMO_DRIVERS: 'true' }, { handle: shared, dataDir: await dir() }),
      createTestApp({ DEMO_DRIVERS: 'true' }, { handle: second, dataDir: await dir() }),
    ]);
    try {
      const demo = await shared.db.selectFrom('users').select('email').where('email', 'like', '%@demo.vrachtmarkt.be').execute();
      expect(demo.map((u) => u.email).sort()).toEqual(DEMO_DRIVER_PROFILES.map((p) => p.email).sort());
    } finally {
      await y.app.close();
      await second.db.destroy();
      await fs.rm(y.dataDir, { recursive: true, force: true });
      await x.close();
    }
  });
});
