import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientToken, registerAndLogin } from '../helpers/flows.ts';
import { type Auth, accept, addCard, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// GET /api/price-band: what similar accepted jobs cost, from the wizard (a client token) or a driver.

let t: TestApp;
let sender: Awaited<ReturnType<typeof registerAndLogin>>;
let driver: Awaited<ReturnType<typeof createDriver>>;
let guest: Auth;
/** The road distance of the test's route (Hasselt to Brussel, a small package), in km. */
let km: number;

beforeAll(async () => {
  t = await createTestApp();
  sender = await registerAndLogin(t);
  driver = await createDriver(t);
  guest = { authorization: `Bearer ${await clientToken(t)}` };
  expect((await addCard(t, sender.auth)).statusCode).toBe(200);
});
afterAll(() => t.close());

/** A job of the test's route whose offer at this price (euros excl. VAT) the sender accepted. */
async function acceptedJob(price: number): Promise<number> {
  const id = await createShipment(t, sender.auth);
  const offer = await makeOffer(t, driver, id, price);
  expect((await accept(t, sender.auth, id, offer)).statusCode).toBe(200);
  return id;
}

const band = (query: Record<string, string | number>, auth: Auth = guest) =>
  t.app.inject({ method: 'GET', url: `/api/price-band?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, headers: auth });
/** The small package: 50 × 50 × 100 cm, 50 kg. */
const smallJob = () => ({ distance_km: km, volume_m3: 0.25, weight_kg: 50 });

describe('the fair-price band', () => {
  it('asks for a token and a bounded query', async () => {
    const id = await createShipment(t, sender.auth);
    km = (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json().route.distance / 1000;
    expect(km).toBeGreaterThan(0);
    expect((await band(smallJob(), {} as Auth)).statusCode).toBe(401);
    expect((await band({ ...smallJob(), weight_kg: -1 })).statusCode).toBe(400);
    expect((await band({ ...smallJob(), distance_km: 10_000 })).statusCode).toBe(400);
    expect((await band({ volume_m3: 1, weight_kg: 1 })).statusCode).toBe(400);
  });

  it('falls back with too few similar accepted jobs, saying how many there are', async () => {
    for (const price of [100, 110, 120, 130]) await acceptedJob(price);
    const res = await band(smallJob());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'too_few', basis: 4, vehicle: 'car' });
  });

  it('gives the range most similar jobs fell in, incl. VAT in whole euros, once enough were accepted', async () => {
    await acceptedJob(140);
    await acceptedJob(150);
    // An offer nobody accepted is no price anyone paid.
    await makeOffer(t, driver, await createShipment(t, sender.auth), 900);
    // 121.00 … 181.50 incl. VAT: the 20th percentile is 133.10, the 80th 169.40.
    const expected = { kind: 'band', low: 133, high: 169, basis: 6, vehicle: 'car' };
    expect((await band(smallJob())).json()).toEqual(expected);
    // The same answer for a driver (the driver app's later use).
    expect((await band(smallJob(), driver.auth)).json()).toEqual(expected);
  });

  it('falls back for a job unlike the ones accepted (another vehicle class, another distance)', async () => {
    expect((await band({ ...smallJob(), volume_m3: 20, weight_kg: 3000 })).json()).toEqual({ kind: 'too_few', basis: 0, vehicle: 'small_truck' });
    expect((await band({ ...smallJob(), distance_km: km * 3 + 50 })).json()).toMatchObject({ kind: 'too_few', basis: 0 });
    expect((await band({ ...smallJob(), vehicle: 'van' })).json()).toEqual({ kind: 'too_few', basis: 0, vehicle: 'van' });
  });
});
