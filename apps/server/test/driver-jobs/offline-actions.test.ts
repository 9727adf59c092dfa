import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 21, offline: the driver's phone keeps state changes and positions made without a network
// and sends them in order when it returns, each with an id it made and the time it was done.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
const seconds = () => Math.floor(t.clock.now().getTime() / 1000);

async function acceptedJob() {
  const sender = await registerAndLogin(t);
  const driver = await createDriver(t);
  const id = await createShipment(t, sender.auth);
  await addCard(t, sender.auth);
  expect((await accept(t, sender.auth, id, await makeOffer(t, driver, id, 100))).statusCode).toBe(200);
  return { sender, driver, id };
}

const state = (auth: Auth, id: number, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/driver/shipment/${id}/status`, headers: auth, payload: body });
const position = (auth: Auth, id: number, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/driver/shipment/${id}/location`, headers: auth, payload: body });

describe('actions sent from the offline queue', () => {
  it('are taken once per client id, keep their original time, and a replay answers the job as it is', async () => {
    const { sender, driver, id } = await acceptedJob();
    t.clock.advance(400);
    const done = seconds() - 300; // five minutes ago, while offline (after the acceptance)
    const action = { state: 'onwaytopickup', client_id: randomUUID(), at: done };
    const first = await state(driver.auth, id, action);
    expect(first.statusCode).toBe(200);
    const replay = await state(driver.auth, id, action);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().current_state).toEqual({ state: 'onwaytopickup' });

    const job = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
    const entries = job.states.filter((s: { state: string }) => s.state === 'onwaytopickup');
    expect(entries).toHaveLength(1);
    expect(entries[0].created_at).toBe(done);

    // Never before the state it follows: a step timed before the acceptance is put at the acceptance.
    const accepted = job.states.find((s: { state: string }) => s.state === 'accepted').created_at;
    expect((await state(driver.auth, id, { state: 'nearpickup', client_id: randomUUID(), at: accepted - 3600 })).statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
    expect(after.states.find((s: { state: string }) => s.state === 'nearpickup').created_at).toBe(done);
  });

  it('a step the job has moved past is refused as stale, with a reason the app shows, and is not kept', async () => {
    const { driver, id } = await acceptedJob();
    expect((await state(driver.auth, id, { state: 'onwaytopickup', client_id: randomUUID() })).statusCode).toBe(200);
    expect((await state(driver.auth, id, { state: 'nearpickup', client_id: randomUUID() })).statusCode).toBe(200);
    const stale = { state: 'onwaytopickup', client_id: randomUUID() };
    const refused = await state(driver.auth, id, stale);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'conflict', error_description: expect.stringMatching(/offline|intussen/i) });
    // Not claimed: the same id is refused again for the same reason, not taken as a replay.
    expect((await state(driver.auth, id, stale)).statusCode).toBe(409);
    // Too old to be trusted: a week and more.
    const old = await state(driver.auth, id, { state: 'arrivedpickup', client_id: randomUUID(), at: seconds() - 8 * 86_400 });
    expect(old.statusCode).toBe(409);
  });

  it('positions are all kept with their accuracy, and the map moves only to a newer one', async () => {
    const { sender, driver, id } = await acceptedJob();
    const now = seconds();
    const newer = { lat: 50.9, lng: 5.3, accuracy_m: 12, client_id: randomUUID(), at: now - 60 };
    const older = { lat: 50.5, lng: 4.5, accuracy_m: 40, client_id: randomUUID(), at: now - 300 };
    expect((await position(driver.auth, id, newer)).statusCode).toBe(204);
    expect((await position(driver.auth, id, older)).statusCode).toBe(204);
    expect((await position(driver.auth, id, older)).statusCode).toBe(204);
    const job = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
    expect(job.current_location).toEqual({ lat: 50.9, lng: 5.3 });
    const kept = await t.handle.db.selectFrom('shipmentPositions').select(['lat', 'accuracyM']).where('shipmentId', '=', id).orderBy('recordedAt').execute();
    expect(kept).toEqual([
      { lat: 50.5, accuracyM: 40 },
      { lat: 50.9, accuracyM: 12 },
    ]);
  });

  it('another driver’s client id or job is not theirs: 409 and 404, nothing changes', async () => {
    const { driver, id } = await acceptedJob();
    const other = await acceptedJob();
    const clientId = randomUUID();
    expect((await state(driver.auth, id, { state: 'onwaytopickup', client_id: clientId })).statusCode).toBe(200);
    expect((await state(other.driver.auth, other.id, { state: 'onwaytopickup', client_id: clientId })).statusCode).toBe(409);
    expect((await state(other.driver.auth, id, { state: 'nearpickup', client_id: randomUUID() })).statusCode).toBe(404);
    expect((await position(other.driver.auth, id, { lat: 50, lng: 4, client_id: randomUUID() })).statusCode).toBe(404);
  });
});

describe('one job by id', () => {
  it('an open job reads as on the board (towns only); once another driver has it, 404', async () => {
    const sender = await registerAndLogin(t);
    const id = await createShipment(t, sender.auth);
    const driver = await createDriver(t);
    const open = await t.app.inject({ method: 'GET', url: `/api/driver/shipment/${id}`, headers: driver.auth });
    expect(open.statusCode).toBe(200);
    expect(open.json().pickup_location.address).toMatchObject({ street: '', number: '', formatted: '3500 Hasselt' });
    expect(open.json().pickup_location.notes).toBe('');
    const winner = await createDriver(t);
    await addCard(t, sender.auth);
    expect((await accept(t, sender.auth, id, await makeOffer(t, winner, id, 90))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/driver/shipment/${id}`, headers: driver.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/driver/shipment/${id}`, headers: winner.auth })).json().pickup_location.address.street).toBe('Kerkstraat');
  });
});
