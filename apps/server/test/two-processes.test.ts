import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { registerAndLogin } from './helpers/flows.ts';
import { createDriver, createShipment, makeOffer } from './helpers/marketplace.ts';
import { listen, openStream } from './helpers/sse.ts';
import { createTestApp, freshDatabase, type TestApp } from './helpers/test-app.ts';

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
    const token = (await b.app.inject({ method: 'POST', url: '/api/firebase_token', headers: sender.auth })).json().token as string;
    const stream = await openStream(`${baseB}/api/events?token=${token}`);
    expect(stream.status).toBe(200);

    const id = await createShipment(a, sender.auth);
    const offerId = await makeOffer(a, driver, id, 88);
    const [msg] = await stream.waitFor(1);
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
});
