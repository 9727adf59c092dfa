import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../helpers/flows.ts';
import { createDriver, createShipment, shipmentContent, shipmentSide } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 21, the drivers' job board: GET /api/driver/board and the live 'board.job.new' event.

let t: TestApp;
type Person = Awaited<ReturnType<typeof registerAndLogin>>;
type Driver = Awaited<ReturnType<typeof createDriver>>;
let sender: Person;
let van: Driver;
let car: Driver;

const HASSELT = { lat: 50.93106, lng: 5.33781 };
const BRUSSELS = { lat: 50.85045, lng: 4.34878 };
const GHENT = { lat: 51.05434, lng: 3.71742 };
const ANTWERP = { lat: 51.21989, lng: 4.40346 };

const VAN = { payloadKg: 1200, loadLengthCm: 340, loadWidthCm: 170, loadHeightCm: 180 };
const CAR = { payloadKg: 500, loadLengthCm: 180, loadWidthCm: 120, loadHeightCm: 100 };

/** The vehicles module is the lead's: the test sets the sizes of the admin-made driver's vehicle in the table. */
async function setVehicle(driverId: number, size: typeof VAN) {
  await t.handle.db.updateTable('vehicles').set(size).where('driverId', '=', driverId).execute();
}

const boxed = (length: number, width: number, height: number, weight: number) => ({ type: 'boxed', description: 'Kast', photos: [], length, width, height, weight });
const place = (p: { lat: number; lng: number }, zip: string, city: string, over: Record<string, unknown> = {}) => ({ lat: p.lat, lng: p.lng, zip, city, ...over });

/** A job from `from` to `to` with these packages. */
async function job(from: Record<string, unknown>, to: Record<string, unknown>, packages: unknown[]) {
  const base = shipmentContent();
  return createShipment(t, sender.auth, { pickup: shipmentSide(from), delivery: { ...base.delivery, ...to }, packages });
}

const board = (d: Driver, query: string) => t.app.inject({ method: 'GET', url: `/api/driver/board?${query}`, headers: d.auth });
const ids = async (d: Driver, query: string) => {
  const res = await board(d, query);
  expect(res.statusCode).toBe(200);
  return (res.json().items as { id: number }[]).map((i) => i.id);
};
const near = (p: { lat: number; lng: number }, km: number) => `lat=${p.lat}&lng=${p.lng}&radius_km=${km}`;
const route = (a: { lat: number; lng: number }, b: { lat: number; lng: number }, km: number) => `from_lat=${a.lat}&from_lng=${a.lng}&to_lat=${b.lat}&to_lng=${b.lng}&detour_km=${km}`;

let heavy: number;
let long: number;
let light: number;
let ghentJob: number;
let antwerpJob: number;

beforeAll(async () => {
  t = await createTestApp();
  sender = await registerAndLogin(t);
  van = await createDriver(t, { type: 'van', name: 'Ford Transit' });
  car = await createDriver(t, { type: 'car', name: 'Skoda Octavia' });
  await setVehicle(van.id, VAN);
  await setVehicle(car.id, CAR);
  // Created a minute apart: newest first is a clear order.
  heavy = await job(place(HASSELT, '3500', 'Hasselt', { name: 'Jan Verstraeten', street: 'Geheimstraat' }), place(BRUSSELS, '1000', 'Brussel'), [boxed(60, 50, 50, 800)]);
  t.clock.advance(60);
  long = await job(place(HASSELT, '3500', 'Hasselt'), place(BRUSSELS, '1000', 'Brussel'), [boxed(300, 20, 20, 30)]);
  t.clock.advance(60);
  light = await job(place(HASSELT, '3500', 'Hasselt'), place(BRUSSELS, '1000', 'Brussel'), [boxed(60, 50, 40, 30)]);
  t.clock.advance(60);
  ghentJob = await job(place(BRUSSELS, '1000', 'Brussel'), place(GHENT, '9000', 'Gent'), [boxed(60, 50, 40, 30)]);
  t.clock.advance(60);
  antwerpJob = await job(place(ANTWERP, '2000', 'Antwerpen'), place(GHENT, '9000', 'Gent'), [boxed(60, 50, 40, 30)]);
});
afterAll(() => t.close());

describe('the job board', () => {
  it('shows a job only to drivers with a vehicle it fits, by weight and by size', async () => {
    const forVan = await ids(van, near(HASSELT, 20));
    expect(forVan).toEqual([light, long, heavy]);
    // 800 kg is over the car's 500 kg payload; a 300 cm long item is longer than any side of its load space.
    expect(await ids(car, near(HASSELT, 20))).toEqual([light]);
  });

  it('takes pickups within the radius of a position, and not beyond', async () => {
    const within = await ids(van, near(BRUSSELS, 20));
    expect(within).toEqual([ghentJob]);
    const wide = await ids(van, near(BRUSSELS, 80));
    expect(wide).toEqual(expect.arrayContaining([ghentJob, antwerpJob, heavy, long, light]));
  });

  it('takes jobs along a route within the detour, and not those off it', async () => {
    // Brussels -> Ghent is on the way from Brussels to Ghent; Antwerp -> Ghent is some 40 km more.
    const res = await board(van, route(BRUSSELS, GHENT, 10));
    const items = res.json().items as { id: number; detour_km: number; distance_km: number }[];
    expect(items.map((i) => i.id)).toEqual([ghentJob]);
    expect(items[0]!.detour_km).toBeLessThan(1);
    expect(await ids(van, route(BRUSSELS, GHENT, 60))).toEqual([antwerpJob, ghentJob]);
  });

  it('sorts newest first or nearest first, with the distance of each', async () => {
    expect(await ids(van, `${near(ANTWERP, 100)}&sort=newest`)).toEqual([antwerpJob, ghentJob, light, long, heavy]);
    const res = await board(van, `${near(ANTWERP, 100)}&sort=nearest`);
    const items = res.json().items as { id: number; distance_km: number; detour_km: number | null }[];
    expect(items[0]).toMatchObject({ id: antwerpJob, distance_km: 0, detour_km: null });
    expect(items[1]!.id).toBe(ghentJob);
    const d = items.map((i) => i.distance_km);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    // Nearest first along a route: the smallest detour first.
    expect(await ids(van, `${route(BRUSSELS, GHENT, 60)}&sort=nearest`)).toEqual([ghentJob, antwerpJob]);
  });

  it('pages with a bounded offset', async () => {
    const first = (await board(van, `${near(ANTWERP, 100)}&limit=2`)).json();
    expect(first.items).toHaveLength(2);
    expect(first.next_offset).toBe(2);
    const last = (await board(van, `${near(ANTWERP, 100)}&limit=2&offset=4`)).json();
    expect(last.items.map((i: { id: number }) => i.id)).toEqual([heavy]);
    expect(last.next_offset).toBeNull();
    expect((await board(van, `${near(ANTWERP, 100)}&limit=101`)).statusCode).toBe(400);
    expect((await board(van, `${near(ANTWERP, 100)}&offset=5000`)).statusCode).toBe(400);
    expect((await board(van, `lat=50&lng=4`)).statusCode).toBe(400);
  });

  it("shows towns and postcodes, never the sender's name, street or phone", async () => {
    const res = await board(van, near(HASSELT, 20));
    const item = (res.json().items as { id: number; pickup_location: { address: { zip: string; city: string; street: string; name: string } }; my_offer: unknown }[]).find((i) => i.id === heavy)!;
    expect(item.pickup_location.address).toMatchObject({ zip: '3500', city: 'Hasselt', street: '', name: '' });
    expect(item.my_offer).toBeNull();
    for (const secret of ['Jan Verstraeten', 'Geheimstraat', 'Kerkstraat', 'Bel aan', sender.cellphone, sender.email]) expect(res.body).not.toContain(secret);
  });

  it("does not count a removed vehicle, and tells a driver without one why the board is empty", async () => {
    const d = await createDriver(t, { type: 'van', name: 'Oude bestelwagen' });
    await setVehicle(d.id, VAN);
    expect(await ids(d, near(HASSELT, 20))).toContain(heavy);
    await t.handle.db.updateTable('vehicles').set({ removedAt: t.clock.now() }).where('driverId', '=', d.id).execute();
    const res = await board(d, near(HASSELT, 20));
    expect(res.json()).toEqual({ items: [], reason: 'no_vehicle', next_offset: null });
    // A small vehicle in use beside the removed van: only what the small one carries.
    await t.handle.db.insertInto('vehicles').values({ driverId: d.id, type: 'car', name: 'Kleine', ...CAR }).execute();
    expect(await ids(d, near(HASSELT, 20))).toEqual([light]);
  });

  it('is for drivers only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/driver/board?${near(HASSELT, 20)}`, headers: sender.auth });
    expect(res.statusCode).toBe(403);
  });
});

describe('live: a new job reaches the matching drivers only', () => {
  it('sends board.job.new to drivers whose last area holds the job and whose vehicle fits it', async () => {
    const far = await createDriver(t, { type: 'van', name: 'Elders' });
    await setVehicle(far.id, VAN);
    // Each driver's last board query is their area.
    await ids(van, near(GHENT, 30));
    await ids(car, near(GHENT, 30));
    await ids(far, near(HASSELT, 30));
    await t.app.eventHub.flush();
    await t.app.jobBoardWorker.run();

    const heavyInGhent = await job(place(GHENT, '9000', 'Gent'), place(ANTWERP, '2000', 'Antwerpen'), [boxed(60, 50, 50, 800)]);
    await t.app.eventHub.flush();
    await t.app.jobBoardWorker.run();

    const told = await t.handle.db.selectFrom('events').select(['userId']).where('type', '=', 'board.job.new').where('shipmentId', '=', heavyInGhent).execute();
    // The van (area and weight), not the car (800 kg over its payload), not the driver in Hasselt.
    expect(told.map((e) => e.userId)).toEqual([van.id]);

    // The driver's stream and push list carry it, with the towns and postcodes.
    const pushes = await t.app.inject({ method: 'GET', url: '/api/pushes', headers: van.auth });
    const push = pushes.json().items.find((p: { type: string; shipment_id: number }) => p.type === 'board.job.new' && p.shipment_id === heavyInGhent);
    expect(push.payload).toMatchObject({ pickup_zip: '9000', pickup_city: 'Gent', delivery_zip: '2000', delivery_city: 'Antwerpen' });
    expect(push.json_message.nl).toBe('Nieuwe job voor jouw voertuig: 9000 Gent → 2000 Antwerpen');

    // Told once: another run (or a change of the job) does not repeat it.
    await t.app.jobBoardWorker.run();
    const again = await t.handle.db.selectFrom('events').select('id').where('type', '=', 'board.job.new').where('shipmentId', '=', heavyInGhent).execute();
    expect(again).toHaveLength(1);
  });

  it("tells a driver of a job the sender's change moved into their area, and keeps the booking's load summary", async () => {
    const liege = { lat: 50.64124, lng: 5.57179 };
    const d = await createDriver(t, { type: 'van', name: 'Luik' });
    await setVehicle(d.id, VAN);
    await ids(d, near(liege, 15));
    const id = await job(place(HASSELT, '3500', 'Hasselt'), place(BRUSSELS, '1000', 'Brussel'), [boxed(60, 50, 50, 800)]);
    await t.app.eventHub.flush();
    await t.app.jobBoardWorker.run();
    const toldFor = async () => (await t.handle.db.selectFrom('events').select('userId').where('type', '=', 'board.job.new').where('shipmentId', '=', id).execute()).map((e) => e.userId);
    expect(await toldFor()).not.toContain(d.id);

    const read = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
    const base = shipmentContent();
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/shipment/${id}/details`,
      headers: sender.auth,
      payload: { pickup: shipmentSide(place(liege, '4000', 'Luik')), delivery: { ...base.delivery, ...place(BRUSSELS, '1000', 'Brussel') }, packages: read.packages.map((p: { id: number; description: string }) => ({ id: p.id, description: p.description })) },
    });
    expect(changed.statusCode).toBe(200);
    await t.app.eventHub.flush();
    await t.app.jobBoardWorker.run();
    expect(await toldFor()).toContain(d.id);
    // The change kept the packages: the 800 kg job is still not on the car's board, now near Liège.
    expect(await ids(car, near(liege, 15))).not.toContain(id);
    expect(await ids(d, near(liege, 15))).toContain(id);
  });
});
