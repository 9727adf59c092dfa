import { randomBytes } from 'node:crypto';
import polyline from '@mapbox/polyline';
import { haversineMetres } from '@vm/domain/distance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineRouter } from '../../src/adapters/geo/haversine-router.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { type Auth, accept, addCard, brussels, createDriver, createShipment, driverState, makeOffer, shipmentSide } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const lines: string[] = [];
type Person = Awaited<ReturnType<typeof registerAndLogin>>;
type Driver = Awaited<ReturnType<typeof createDriver>>;
let sender: Person;
let other: Person;
let driver: Driver;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { write: (line) => void lines.push(line) });
  sender = await registerAndLogin(t, { first_name: 'Annelies', last_name: 'Vanderstraeten' });
  other = await registerAndLogin(t);
  driver = await createDriver(t);
  expect((await addCard(t, sender.auth)).statusCode).toBe(200);
});
afterAll(() => t.close());

// Everything personal the shipment holds, each text unlikely to turn up by chance in coordinates,
// timestamps or an encoded route (whose alphabet has no digits, spaces, '@' or '+').
const pickup = shipmentSide({ street: 'Kapelstraat', number: '12A', box: 'bus 7B', name: 'Janssens Meubelen', notes: 'Bel aan bij de achterdeur' });
const delivery = shipmentSide({
  lat: 50.85045,
  lng: 4.34878,
  street: 'Nieuwstraat',
  number: '98C',
  box: 'bus 3D',
  zip: '1000',
  city: 'Brussel',
  name: 'Bakkerij Vermeulen',
  notes: 'Leveren via de laadkade',
  date_from: brussels('2026-11-24', '09:00'),
  date_till: brussels('2026-11-25', '17:00'),
});

async function acceptedShipment(): Promise<number> {
  const id = await createShipment(t, sender.auth, { pickup, delivery });
  const offer = await makeOffer(t, driver, id, 123.45);
  expect((await accept(t, sender.auth, id, offer)).statusCode).toBe(200);
  return id;
}

const createLink = (id: number, auth: Auth = sender.auth) => t.app.inject({ method: 'POST', url: `/api/shipment/${id}/tracking`, headers: auth });
const linkStatus = (id: number, auth: Auth = sender.auth) => t.app.inject({ method: 'GET', url: `/api/shipment/${id}/tracking`, headers: auth });
const revoke = (id: number, auth: Auth = sender.auth) => t.app.inject({ method: 'DELETE', url: `/api/shipment/${id}/tracking`, headers: auth });
/** The public page's call: no authorization header at all. */
const track = (token: string) => t.app.inject({ method: 'GET', url: `/api/tracking/${token}` });
const location = (id: number, lat: number, lng: number) => t.app.inject({ method: 'POST', url: `/api/driver/shipment/${id}/location`, headers: driver.auth, payload: { lat, lng } });
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

describe('creating a tracking link', () => {
  it('gives the owner a link with a 43-character token once, and remembers only that one is active', async () => {
    const id = await acceptedShipment();
    expect(await linkStatus(id).then((r) => r.json())).toEqual({ active: false, created_at: null });
    const res = await createLink(id);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.url).toBe(`${t.config.publicUrl}/#/track/${body.token}`);
    expect(body.created_at).toBe(nowSeconds());
    const status = await linkStatus(id);
    expect(status.statusCode).toBe(200);
    // The token is hashed at rest: the status never gives it back.
    expect(status.json()).toEqual({ active: true, created_at: body.created_at });
  });

  it("answers 404 for another sender's shipment on POST, GET and DELETE, and leaves its link alone", async () => {
    const id = await acceptedShipment();
    const { token } = (await createLink(id)).json();
    for (const res of [await createLink(id, other.auth), await linkStatus(id, other.auth), await revoke(id, other.auth)]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await track(token)).statusCode).toBe(200);
    expect((await createLink(999_999)).statusCode).toBe(404);
  });

  it('needs a signed-in sender', async () => {
    const id = await acceptedShipment();
    expect((await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/tracking` })).statusCode).toBe(401);
    expect((await createLink(id, driver.auth)).statusCode).toBe(403);
  });

  it('is refused until an offer is accepted, and for a cancelled shipment', async () => {
    const open = await createShipment(t, sender.auth);
    const res = await createLink(open);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('Tracking kan je delen zodra een bod aanvaard is.');
    await t.app.inject({ method: 'POST', url: `/api/shipment/${open}/status`, headers: sender.auth, payload: { state: 'cancelled' } });
    expect((await createLink(open)).statusCode).toBe(409);
  });

  it('revokes the earlier link when a new one is made', async () => {
    const id = await acceptedShipment();
    const first = (await createLink(id)).json().token;
    t.clock.advance(60);
    const second = (await createLink(id)).json();
    expect(second.token).not.toBe(first);
    expect((await track(first)).statusCode).toBe(404);
    expect((await track(second.token)).statusCode).toBe(200);
    expect((await linkStatus(id)).json()).toEqual({ active: true, created_at: second.created_at });
  });

  it('stops working at once when revoked', async () => {
    const id = await acceptedShipment();
    const { token } = (await createLink(id)).json();
    expect((await track(token)).statusCode).toBe(200);
    const res = await revoke(id);
    expect(res.statusCode).toBe(204);
    expect((await track(token)).statusCode).toBe(404);
    expect((await linkStatus(id)).json()).toEqual({ active: false, created_at: null });
  });
});

describe('the public tracking page', () => {
  it('shows state, windows, route and place names without login, and nothing personal', async () => {
    const id = await acceptedShipment();
    const { token } = (await createLink(id)).json();
    const reference = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json().reference_id;
    expect(reference).toMatch(/^VM-/);
    const res = await track(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json();
    expect(view).toMatchObject({
      state: 'accepted',
      // The area, not the house: two decimals.
      pickup: { city: 'Hasselt', zip: '3500', country: 'BE', lat: 50.93, lng: 5.34, date_from: brussels('2026-11-23', '08:00'), date_till: brussels('2026-11-23', '17:00'), timezone: 'Europe/Brussels' },
      delivery: { city: 'Brussel', zip: '1000', date_from: brussels('2026-11-24', '09:00'), date_till: brussels('2026-11-25', '17:00'), timezone: 'Europe/Brussels' },
      current_location: null,
      eta: null,
    });
    expect(view.states.map((s: { state: string }) => s.state)).toEqual(['new', 'accepted']);
    expect(view.route).toEqual({ points: expect.any(String), distance: expect.any(Number), duration: expect.any(Number), estimated: expect.any(Boolean) });
    expect(Object.keys(view.pickup).sort()).toEqual(['city', 'country', 'date_from', 'date_till', 'lat', 'lng', 'timezone', 'zip']);

    await driverState(t, driver, id, 'onwaytopickup');
    await location(id, 50.95, 5.4);
    const text = (await track(token)).body;
    const personal = [
      'Annelies', 'Vanderstraeten', sender.email, sender.cellphone, '+32', 'Driver', driver.email, // people
      'Janssens Meubelen', 'Bakkerij Vermeulen', // names on the addresses
      'Kapelstraat', 'Nieuwstraat', '12A', '98C', 'bus 7B', 'bus 3D', // streets, house numbers, boxes
      'Bel aan bij de achterdeur', 'Leveren via de laadkade', // instructions
      reference, '123.45', 'price', 'email', 'phone', 'street', 'number', 'notes', 'name', 'offer', 'driver', 'sender', // ids, prices, fields
    ];
    for (const secret of personal) expect(text, secret).not.toContain(secret);
  });

  it('never shows where the addresses are to the metre: not as pins, not on the route, not as a truck standing there', async () => {
    const id = await acceptedShipment();
    const { token } = (await createLink(id)).json();
    const exact = [
      { lat: pickup.lat as number, lng: pickup.lng as number },
      { lat: 50.85045, lng: 4.34878 },
    ];
    const view = (await track(token)).json();
    const points = (polyline.decode(view.route.points) as [number, number][]).map(([lat, lng]) => ({ lat, lng }));
    expect(points[0]).toEqual({ lat: view.pickup.lat, lng: view.pickup.lng });
    expect(points.at(-1)).toEqual({ lat: view.delivery.lat, lng: view.delivery.lng });
    for (const p of [...points, view.pickup, view.delivery]) for (const e of exact) expect(haversineMetres(p, e)).toBeGreaterThan(50);

    await driverState(t, driver, id, 'onwaytopickup');
    await driverState(t, driver, id, 'nearpickup');
    await location(id, 50.9315, 5.3383); // at the door
    expect((await track(token)).json().current_location).toEqual({ lat: 50.93, lng: 5.34 });
  });

  it('shows the position and the estimated arrival at the next address, from the router', async () => {
    const id = await acceptedShipment();
    const { token } = (await createLink(id)).json();
    const router = haversineRouter();

    await driverState(t, driver, id, 'onwaytopickup');
    expect((await track(token)).json().eta).toBeNull(); // no position yet
    await location(id, 50.99, 5.45);
    const toPickup = (await track(token)).json();
    expect(toPickup.state).toBe('onwaytopickup');
    expect(toPickup.current_location).toEqual({ lat: 50.99, lng: 5.45 });
    const leg1 = await router.route({ lat: 50.99, lng: 5.45 }, { lat: pickup.lat as number, lng: pickup.lng as number });
    expect(toPickup.eta).toEqual({ leg: 'pickup', at: nowSeconds() + Math.round(leg1.duration), estimated: true });

    for (const s of ['arrivedpickup', 'loading', 'loaded', 'onwaytodelivery']) expect((await driverState(t, driver, id, s)).statusCode).toBe(200);
    await location(id, 50.9, 4.9);
    t.clock.advance(600);
    const toDelivery = (await track(token)).json();
    const leg2 = await router.route({ lat: 50.9, lng: 4.9 }, { lat: 50.85045, lng: 4.34878 });
    expect(toDelivery.eta).toEqual({ leg: 'delivery', at: nowSeconds() + Math.round(leg2.duration), estimated: true });
    expect(toDelivery.states.map((s: { state: string }) => s.state).at(-1)).toBe('onwaytodelivery');

    await driverState(t, driver, id, 'arriveddelivery');
    const arrived = (await track(token)).json();
    expect(arrived.state).toBe('arriveddelivery');
    expect(arrived.current_location).toEqual({ lat: 50.9, lng: 4.9 });
    expect(arrived.eta).toBeNull();
  });

  it('answers 404 for an unknown or malformed token', async () => {
    for (const token of ['garbage', randomBytes(32).toString('base64url'), 'x'.repeat(43), '%00']) {
      const res = await track(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });

  it('keeps the token out of the request log', async () => {
    const id = await acceptedShipment();
    const { token } = (await createLink(id)).json();
    await track(token);
    const log = lines.join('');
    expect(log).toContain('/api/tracking/[redacted]');
    expect(log).not.toContain(token);
  });
});
