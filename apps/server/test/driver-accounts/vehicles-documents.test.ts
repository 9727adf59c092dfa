import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerAndLogin } from '../helpers/flows.ts';
import { addVehicle, heavyTruck, joinedDriver, lightVan, pdf, uploadDocument } from '../helpers/driver-joining.ts';
import { brussels, createShipment, shipmentSide } from '../helpers/marketplace.ts';
import { STAFF_ADMIN_TOKEN, staffSession } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 21, joining: a driver's vehicles (the licence rule), documents (private files with an
// expiry), asking staff, staff's decision, and who may bid with which vehicle. The test clock's
// day is 2026-11-22.

let t: TestApp;
/** A support member's session: staff's queue and decisions go through /api/ops/drivers. */
let staff: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: STAFF_ADMIN_TOKEN });
  staff = await staffSession(t, 'support');
});
afterAll(() => t.close());

type Auth = { authorization: string };
const get = (url: string, auth: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
const profileOf = async (auth: Auth) => (await get('/api/driver/profile', auth)).json().profile;
const decide = (driverId: number, decision: { decision: 'approve' } | { decision: 'refuse'; reason: string }) =>
  t.app.inject({ method: 'POST', url: `/api/ops/drivers/${driverId}/decision`, headers: staff, payload: decision });
const reviewQueue = async (): Promise<{ id: number; status: string; documents_pending: number }[]> => (await get('/api/ops/drivers', staff)).json().drivers;
const offer = (auth: Auth, shipmentId: number, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/driver/shipment/${shipmentId}/offer`, headers: auth, payload: body });

/** A driver with the light van and both documents, waiting for staff. */
async function waitingDriver() {
  const d = await joinedDriver(t);
  expect((await addVehicle(t, d.auth, lightVan())).statusCode).toBe(201);
  expect((await uploadDocument(t, d.auth, 'driving_licence', '2030-01-31')).statusCode).toBe(201);
  expect((await uploadDocument(t, d.auth, 'cmr_insurance', '2026-12-31')).statusCode).toBe(201);
  expect((await t.app.inject({ method: 'POST', url: '/api/driver/verification', headers: d.auth })).statusCode).toBe(200);
  return d;
}

describe('vehicles', () => {
  it('are added, changed and taken out of use; the licence rule asks a heavy vehicle for its licence at the field', async () => {
    const d = await joinedDriver(t);
    const added = await addVehicle(t, d.auth, lightVan());
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ plate: '1-ABC-123', needs_licence: false, licence_number: '' });

    const refused = await addVehicle(t, d.auth, heavyTruck({ licence_number: '', licence_expires: '' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().map((e: { field: string }) => e.field).sort()).toEqual(['licence_expires', 'licence_number']);

    const truck = (await addVehicle(t, d.auth, heavyTruck())).json();
    expect(truck.needs_licence).toBe(true);
    const changed = await t.app.inject({ method: 'PUT', url: `/api/driver/vehicles/${truck.id}`, headers: d.auth, payload: heavyTruck({ name: 'DAF LF 12 t' }) });
    expect(changed.json()).toMatchObject({ id: truck.id, name: 'DAF LF 12 t' });
    // The truck calls for the transport licence document too.
    expect((await profileOf(d.auth)).missing_documents).toEqual(['driving_licence', 'cmr_insurance', 'transport_licence']);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/driver/vehicles/${truck.id}`, headers: d.auth })).statusCode).toBe(204);
    expect((await get('/api/driver/vehicles', d.auth)).json().vehicles.map((v: { id: number }) => v.id)).toEqual([added.json().id]);
  });

  it('of another driver answer 404 to a change or a removal', async () => {
    const owner = await joinedDriver(t);
    const other = await joinedDriver(t);
    const v = (await addVehicle(t, owner.auth, lightVan())).json();
    expect((await t.app.inject({ method: 'PUT', url: `/api/driver/vehicles/${v.id}`, headers: other.auth, payload: lightVan() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/driver/vehicles/${v.id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await get('/api/driver/vehicles', owner.auth)).json().vehicles).toHaveLength(1);
  });
});

describe('documents', () => {
  it('are kept privately: the driver reads their own file back, another driver gets 404', async () => {
    const d = await joinedDriver(t);
    const up = await uploadDocument(t, d.auth, 'driving_licence', '2030-01-31');
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ kind: 'driving_licence', expires: '2030-01-31', status: 'pending', content_type: 'application/pdf', size_bytes: pdf.length });
    const own = await get(`/api/driver/documents/${up.json().id}/file`, d.auth);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toContain('no-store');
    expect(own.rawPayload.equals(pdf)).toBe(true);
    const other = await joinedDriver(t);
    expect((await get(`/api/driver/documents/${up.json().id}/file`, other.auth)).statusCode).toBe(404);
    expect((await get('/api/driver/documents', other.auth)).json().documents).toEqual([]);
  });

  it('are refused when not a PDF or picture whatever they claim, or already expired', async () => {
    const d = await joinedDriver(t);
    const text = await uploadDocument(t, d.auth, 'driving_licence', '2030-01-31', { data: Buffer.from('not a scan at all'), type: 'application/pdf' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual([expect.objectContaining({ field: 'file' })]);
    const expired = await uploadDocument(t, d.auth, 'driving_licence', '2026-11-21');
    expect(expired.json()).toEqual([expect.objectContaining({ field: 'expires', message: expect.stringContaining('vervallen') })]);
    expect((await get('/api/driver/documents', d.auth)).json().documents).toEqual([]);
  });
});

describe('verification', () => {
  it('cannot be asked for while a vehicle or a document is missing, and says which', async () => {
    const d = await joinedDriver(t);
    const ask = () => t.app.inject({ method: 'POST', url: '/api/driver/verification', headers: d.auth });
    expect((await ask()).json()).toMatchObject({ error: 'conflict', error_description: expect.stringContaining('voertuig') });
    await addVehicle(t, d.auth, lightVan());
    await uploadDocument(t, d.auth, 'driving_licence', '2030-01-31');
    expect((await ask()).statusCode).toBe(409);
    expect((await profileOf(d.auth)).missing_documents).toEqual(['cmr_insurance']);
    await uploadDocument(t, d.auth, 'cmr_insurance', '2027-01-31');
    expect((await ask()).json().profile).toMatchObject({ status: 'pending', missing_documents: [] });
  });

  it('refused with a reason the driver reads (and is told by an event); fixed and asked again, approved; only then they bid', async () => {
    const sender = await registerAndLogin(t);
    const shipmentId = await createShipment(t, sender.auth);
    const d = await waitingDriver();
    expect((await reviewQueue()).map((q) => q.id)).toContain(d.id);
    expect((await offer(d.auth, shipmentId, { price: 80 })).json()).toMatchObject({ error_description: expect.stringContaining('goedgekeurd') });

    expect((await decide(d.id, { decision: 'refuse', reason: 'De scan van je rijbewijs is onleesbaar.' })).statusCode).toBe(200);
    expect(await profileOf(d.auth)).toMatchObject({ status: 'refused', refusal_reason: 'De scan van je rijbewijs is onleesbaar.', missing_documents: ['driving_licence', 'cmr_insurance'] });
    const pushes = (await get('/api/pushes', d.auth)).json().items;
    expect(pushes[0]).toMatchObject({ type: 'driver.verification.decided', json_message: { nl: expect.stringContaining('onleesbaar') } });
    expect((await reviewQueue()).map((q) => q.id)).not.toContain(d.id);
    // And by mail, in their language, with the reason; the welcome mail was a driver's, not a sender's.
    await t.app.mailWorker.run();
    const mails = t.mails.filter((m) => m.to === d.email);
    expect(mails.map((m) => m.subject)).toEqual(['Welkom bij Vrachtmarkt, chauffeur', 'Je chauffeursaccount is nog niet goedgekeurd']);
    expect(mails[1]!.text).toContain('De scan van je rijbewijs is onleesbaar.');

    await uploadDocument(t, d.auth, 'driving_licence', '2030-01-31');
    await uploadDocument(t, d.auth, 'cmr_insurance', '2026-12-31');
    expect((await t.app.inject({ method: 'POST', url: '/api/driver/verification', headers: d.auth })).json().profile.status).toBe('pending');
    expect((await decide(d.id, { decision: 'approve' })).statusCode).toBe(200);
    expect(await profileOf(d.auth)).toMatchObject({ status: 'approved', refusal_reason: null });
    expect((await offer(d.auth, shipmentId, { price: 80 })).statusCode).toBe(201);
  });

  it('a decision on a driver who is not waiting is refused', async () => {
    const d = await joinedDriver(t);
    expect((await decide(d.id, { decision: 'approve' })).statusCode).toBe(409);
  });
});

describe('who may bid', () => {
  it('a vehicle that needs a transport licence does not bid without the licence document; the driver’s other vehicle does', async () => {
    const sender = await registerAndLogin(t);
    const shipmentId = await createShipment(t, sender.auth);
    const d = await waitingDriver();
    expect((await decide(d.id, { decision: 'approve' })).statusCode).toBe(200);
    const truck = (await addVehicle(t, d.auth, heavyTruck())).json();
    const van = (await get('/api/driver/vehicles', d.auth)).json().vehicles.find((v: { type: string }) => v.type === 'van');

    const withTruck = await offer(d.auth, shipmentId, { price: 90, vehicle_id: truck.id });
    expect(withTruck.statusCode).toBe(409);
    expect(withTruck.json().error_description).toContain('document');
    // A renewal or new document waits for staff: the approved driver is in the queue again.
    await uploadDocument(t, d.auth, 'transport_licence', '2027-06-30');
    expect((await offer(d.auth, shipmentId, { price: 90, vehicle_id: truck.id })).statusCode).toBe(409);
    expect((await reviewQueue()).find((q) => q.id === d.id)).toMatchObject({ status: 'approved', documents_pending: 1 });
    expect((await decide(d.id, { decision: 'approve' })).statusCode).toBe(200);
    expect((await offer(d.auth, shipmentId, { price: 90, vehicle_id: truck.id })).statusCode).toBe(201);

    // Another driver's vehicle is not theirs to offer with.
    const other = await waitingDriver();
    expect((await decide(other.id, { decision: 'approve' })).statusCode).toBe(200);
    expect((await offer(other.auth, shipmentId, { price: 70, vehicle_id: van.id })).json().error_description).toContain('voertuig');
  });

  it('a load only a licensed vehicle carries: no bid without the licence document, and never with a vehicle it does not fit', async () => {
    const sender = await registerAndLogin(t);
    // 1,200 kg in one crate: over the light van's 450 kg payload, within the truck's 5,000 kg.
    const heavy = await createShipment(t, sender.auth, { packages: [{ type: 'boxed', description: 'Machine', photos: [], length: 120, width: 100, height: 100, weight: 1200 }] });
    const d = await waitingDriver();
    await decide(d.id, { decision: 'approve' });
    const van = (await get('/api/driver/vehicles', d.auth)).json().vehicles[0];
    const truck = (await addVehicle(t, d.auth, heavyTruck())).json();

    const tooSmall = await offer(d.auth, heavy, { price: 300, vehicle_id: van.id });
    expect(tooSmall.statusCode).toBe(409);
    expect(tooSmall.json().error_description).toContain('past niet in je voertuig');
    // Without naming one: the truck is the only vehicle that carries it, and it has no licence document.
    const unlicensed = await offer(d.auth, heavy, { price: 300 });
    expect(unlicensed.statusCode).toBe(409);
    expect(unlicensed.json().error_description).toContain('document');
    expect((await offer(d.auth, heavy, { price: 300, vehicle_id: truck.id })).statusCode).toBe(409);

    await uploadDocument(t, d.auth, 'transport_licence', '2027-06-30');
    await decide(d.id, { decision: 'approve' });
    expect((await offer(d.auth, heavy, { price: 300 })).statusCode).toBe(201);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/shipment/${heavy}`, headers: sender.auth })).json();
    expect(shown.offers[0].car.type).toEqual({ type: 'truck', name: 'DAF LF' });
  });

  it('stops the day after a document expires, and the driver is told 30 and 7 days before, once each', async () => {
    const sender = await registerAndLogin(t);
    const d = await waitingDriver(); // CMR cover valid through 2026-12-31
    expect((await decide(d.id, { decision: 'approve' })).statusCode).toBe(200);
    const expiring = async () => (await get('/api/pushes', await d.signIn())).json().items.filter((p: { type: string }) => p.type === 'driver.document.expiring');
    await t.app.driverAccounts.announceExpiries();
    expect(await expiring()).toEqual([]); // 39 days to go
    t.clock.advance(10 * 86_400); // 2026-12-02
    await t.app.driverAccounts.announceExpiries();
    await t.app.driverAccounts.announceExpiries();
    expect((await expiring()).map((p: { payload: { days: number } }) => p.payload.days)).toEqual([30]);
    t.clock.advance(23 * 86_400); // 2026-12-25
    await t.app.driverAccounts.announceExpiries();
    expect((await expiring()).map((p: { payload: { days: number } }) => p.payload.days)).toEqual([7, 30]);
    expect((await expiring())[0].json_message.en).toContain('CMR insurance certificate');

    const day = (date: string, from: string, till: string) => ({ date_from: brussels(date, from), date_till: brussels(date, till) });
    const shipmentId = await createShipment(t, { authorization: `Bearer ${(await login(t, sender.email, sender.password)).json().access_token}` }, { pickup: shipmentSide(day('2027-01-02', '08:00', '12:00')), delivery: shipmentSide({ ...day('2027-01-02', '13:00', '18:00'), lat: 50.85045, lng: 4.34878, zip: '1000', city: 'Brussel' }) });
    expect((await offer(await d.signIn(), shipmentId, { price: 80 })).statusCode).toBe(201);
    t.clock.advance(7 * 86_400); // 2027-01-01: the cover ran out yesterday
    const late = await offer(await d.signIn(), shipmentId, { price: 85 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error_description).toContain('vervallen');
  });
});
