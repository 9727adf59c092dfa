import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../helpers/multipart.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, brussels, createDriver, createShipment, makeOffer, shipmentContent } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// PUT /api/shipment/{id}/details: a sender changes a job before an offer is accepted, and the open
// offers stay or go by the recorded rule (docs/decisions/0023-changing-a-job.md).

let t: TestApp;
type Person = Awaited<ReturnType<typeof registerAndLogin>>;
let sender: Person;
let other: Person;
let driver: Awaited<ReturnType<typeof createDriver>>;

beforeAll(async () => {
  t = await createTestApp();
  [sender, other] = [await registerAndLogin(t), await registerAndLogin(t)];
  driver = await createDriver(t);
});
afterAll(() => t.close());

const read = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
/** The change body as the job stands, with parts replaced. */
async function details(id: number, over: { pickup?: object; delivery?: object; packages?: object[] } = {}) {
  const base = shipmentContent();
  const s = await read(id);
  return { pickup: { ...base.pickup, ...over.pickup }, delivery: { ...base.delivery, ...over.delivery }, packages: over.packages ?? s.packages.map((p: { id: number; description: string }) => ({ id: p.id, description: p.description })) };
}
const change = (id: number, payload: object, auth = sender.auth) => t.app.inject({ method: 'PUT', url: `/api/shipment/${id}/details`, headers: auth, payload });
async function driverPushes() {
  const res = await t.app.inject({ method: 'GET', url: '/api/pushes', headers: driver.auth });
  return (res.json().items as { type: string; shipment_id: number; json_message: { nl: string } }[]).filter((p) => p.type === 'shipment.details.changed');
}

describe('changing a job before acceptance', () => {
  it('answers 404 for another sender’s job and 403 for a driver, before reading the body', async () => {
    const id = await createShipment(t, sender.auth);
    expect((await change(id, await details(id), other.auth)).statusCode).toBe(404);
    expect((await change(id, {}, other.auth)).statusCode).toBe(404);
    expect((await change(id, await details(id), driver.auth)).statusCode).toBe(403);
  });

  it('keeps the offers when only the instructions change, and tells their driver', async () => {
    const id = await createShipment(t, sender.auth);
    await makeOffer(t, driver, id, 80);
    const res = await change(id, await details(id, { pickup: { notes: 'Poort aan de achterkant, 2de verdieping' } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().pickup_location.notes).toBe('Poort aan de achterkant, 2de verdieping');
    expect(res.json().offers.map((o: { price: number }) => o.price)).toEqual([80]);
    const told = (await driverPushes()).filter((p) => p.shipment_id === id);
    expect(told).toHaveLength(1);
    expect(told[0]!.json_message.nl).toContain('je bod blijft staan');
  });

  it('withdraws the open offers when the window changes, tells the driver, and routes a moved stop again', async () => {
    const id = await createShipment(t, sender.auth);
    await makeOffer(t, driver, id, 95);
    const before = await read(id);
    const res = await change(
      id,
      await details(id, {
        pickup: { date_from: brussels('2026-11-24', '09:00'), date_till: brussels('2026-11-24', '12:00') },
        delivery: { date_from: brussels('2026-11-24', '13:00'), date_till: brussels('2026-11-24', '18:00'), lat: 51.05434, lng: 3.71742, street: 'Veldstraat', number: '5', zip: '9000', city: 'Gent' },
      }),
    );
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.offers).toEqual([]);
    expect(s.pickup_date_from).toBe(brussels('2026-11-24', '09:00'));
    expect(s.delivery_location.address).toMatchObject({ street: 'Veldstraat', zip: '9000' });
    expect(s.route.distance).not.toBe(before.route.distance);
    const told = (await driverPushes()).filter((p) => p.shipment_id === id);
    expect(told[0]!.json_message.nl).toContain('je bod is ingetrokken');
    // The driver may offer again on the changed job.
    await makeOffer(t, driver, id, 110);
    expect((await read(id)).offers.map((o: { price: number }) => o.price)).toEqual([110]);
  });

  it('changes a package description by its id and refuses an id of another job', async () => {
    const id = await createShipment(t, sender.auth);
    const [pkg] = (await read(id)).packages;
    const ok = await change(id, await details(id, { packages: [{ id: pkg.id, description: 'Een basgitaar en een versterker' }] }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().packages[0].description).toBe('Een basgitaar en een versterker');
    const bad = await change(id, await details(id, { packages: [{ id: pkg.id + 1000, description: 'x' }] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()[0].field).toBe('packages.0.id');
  });

  it('applies the booking rules: a window already over is refused at its field', async () => {
    const id = await createShipment(t, sender.auth);
    const res = await change(id, await details(id, { pickup: { date_from: brussels('2026-11-01', '08:00'), date_till: brussels('2026-11-01', '09:00') } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().map((e: { field: string }) => e.field)).toContain('pickup.date_from');
  });

  it('refuses a change once an offer is accepted', async () => {
    const id = await createShipment(t, sender.auth);
    const offerId = await makeOffer(t, driver, id, 70);
    await addCard(t, sender.auth);
    await accept(t, sender.auth, id, offerId);
    const res = await change(id, await details(id, { pickup: { notes: 'Andere instructies' } }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toMatch(/kan niet meer gewijzigd/);
  });
});

describe('the photos of a job before acceptance', () => {
  const jpeg = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#2980b9' } }).jpeg().toBuffer();
  async function addPhotos(id: number, content: object, fields: string[], auth = sender.auth) {
    const files = await Promise.all(fields.map(async (field) => ({ field, filename: `${field}.jpg`, type: 'image/jpeg', data: await jpeg() })));
    const { payload, headers } = multipart(content, files);
    return t.app.inject({ method: 'POST', url: `/api/shipment/${id}/photos`, payload, headers: { ...headers, ...auth } });
  }

  it('adds photos to a package up to what its type takes, keeps the offers, and removes one', async () => {
    // A medium package takes 3 photos.
    const id = await createShipment(t, sender.auth, { packages: [{ type: 'medium', description: 'Zetel', photos: [] }] });
    await makeOffer(t, driver, id, 120);
    const [pkg] = (await read(id)).packages;
    const added = await addPhotos(id, { package_id: pkg.id, photos: ['a', 'b'] }, ['a', 'b']);
    expect(added.statusCode).toBe(200);
    expect(added.json().packages[0].attachments).toHaveLength(2);
    expect(added.json().offers).toHaveLength(1);
    const tooMany = await addPhotos(id, { package_id: pkg.id, photos: ['c', 'd'] }, ['c', 'd']);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toContainEqual(expect.objectContaining({ field: 'photos' }));
    const [first] = added.json().packages[0].attachments;
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/shipment/${id}/photos/${first.id}`, headers: sender.auth });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().packages[0].attachments.map((a: { id: string }) => a.id)).not.toContain(first.id);
    // The removed picture is gone for good.
    expect((await t.app.inject({ method: 'GET', url: first.image.thumb.url, headers: sender.auth })).statusCode).toBe(404);
  });

  it('answers 404 for another sender’s job or photo before reading the upload, and 409 once an offer is accepted', async () => {
    const id = await createShipment(t, sender.auth);
    const [pkg] = (await read(id)).packages;
    expect((await addPhotos(id, { package_id: pkg.id, photos: ['a'] }, ['a'], other.auth)).statusCode).toBe(404);
    expect((await addPhotos(id, { nothing: true }, [], other.auth)).statusCode).toBe(404);
    const added = (await addPhotos(id, { package_id: pkg.id, photos: ['a'] }, ['a'])).json();
    const photoId = added.packages[0].attachments[0].id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shipment/${id}/photos/${photoId}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shipment/${id}/photos/not-a-photo`, headers: sender.auth })).statusCode).toBe(404);
    const offerId = await makeOffer(t, driver, id, 60);
    await addCard(t, sender.auth);
    await accept(t, sender.auth, id, offerId);
    expect((await addPhotos(id, { package_id: pkg.id, photos: ['b'] }, ['b'])).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shipment/${id}/photos/${photoId}`, headers: sender.auth })).statusCode).toBe(409);
  });
});
