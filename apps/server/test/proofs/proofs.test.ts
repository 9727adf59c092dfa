import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_FILE } from '../../src/env.ts';
import { login, registerAndLogin } from '../helpers/flows.ts';
import { type Auth, accept, addCard, createDriver, createShipment, driverState, makeOffer, takeProof } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 21, part 3: proof at pickup and delivery, the consignment note (hash chain, JWS, PDF) and
// the sender's answer after delivery.

let t: TestApp;
let sender: Awaited<ReturnType<typeof registerAndLogin>>;
let driver: Awaited<ReturnType<typeof createDriver>>;
let otherDriver: Awaited<ReturnType<typeof createDriver>>;
let otherSender: { auth: Auth };

beforeAll(async () => {
  t = await createTestApp();
  sender = await registerAndLogin(t);
  otherSender = await registerAndLogin(t);
  await addCard(t, sender.auth);
  driver = await createDriver(t);
  otherDriver = await createDriver(t);
});
afterAll(() => t.close());

async function acceptedShipment(): Promise<number> {
  const id = await createShipment(t, sender.auth);
  const offer = await makeOffer(t, driver, id, 150);
  expect((await accept(t, sender.auth, id, offer)).statusCode).toBe(200);
  return id;
}

async function driveTo(id: number, states: string[]) {
  for (const s of states) {
    const res = await driverState(t, driver, id, s, false);
    if (res.statusCode !== 200) throw new Error(`state ${s}: ${res.statusCode} ${res.body}`);
  }
}

const get = (url: string, auth?: Auth) => t.app.inject({ method: 'GET', url, headers: auth ?? {} });

async function admin(args: string[]) {
  const token = t.config.adminToken ?? (await fs.readFile(path.join(t.dataDir, ADMIN_TOKEN_FILE), 'utf8'));
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/command', headers: { authorization: `Bearer ${token}` }, payload: { args } });
  return res.json() as { ok: boolean; message: string };
}

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

describe('proof at pickup and delivery', () => {
  it('is required before loaded and delivered, taken once per client id, and makes a sealed consignment note with the CMR fields', async () => {
    const id = await acceptedShipment();
    // Not at the address yet: no proof.
    expect((await takeProof(t, driver, id, 'pickup')).json().error_description).toBeDefined();
    expect((await takeProof(t, driver, id, 'pickup')).statusCode).toBe(409);
    await driveTo(id, ['onwaytopickup', 'arrivedpickup', 'loading']);
    const refused = await driverState(t, driver, id, 'loaded', false);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_description).toMatch(/bewijs/i);

    // Reservations need words.
    expect((await takeProof(t, driver, id, 'pickup', { condition: 'reservations', reservations: '' })).statusCode).toBe(400);

    const first = await takeProof(t, driver, id, 'pickup', { condition: 'reservations', reservations: 'Koffer heeft een deuk in de hoek' });
    expect(first.statusCode).toBe(201);
    const proof = first.json();
    expect(proof).toMatchObject({ kind: 'pickup', signer_name: 'Jan Peeters', condition: 'reservations', reservations: 'Koffer heeft een deuk in de hoek' });
    expect(proof.packages[0].photo_urls).toHaveLength(1);

    // The phone's queue sends it again: the same proof, not a second one.
    const replay = await takeProof(t, driver, id, 'pickup', { client_id: first.content.client_id });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(proof.id);
    // Another pickup proof (another client id): refused with a clear reason.
    const second = await takeProof(t, driver, id, 'pickup');
    expect(second.statusCode).toBe(409);
    expect(second.json().error_description).toMatch(/al een ander bewijs/);

    await driveTo(id, ['loaded', 'onwaytodelivery', 'arriveddelivery', 'unloading', 'unloaded']);
    expect((await driverState(t, driver, id, 'delivered', false)).statusCode).toBe(409);
    expect((await takeProof(t, driver, id, 'delivery')).statusCode).toBe(201);
    await driveTo(id, ['delivered']);

    // The sender sees both proofs, with files served to them only.
    const seen = await get(`/api/shipment/${id}/proof`, sender.auth);
    expect(seen.statusCode).toBe(200);
    const body = seen.json();
    expect(body.proofs.map((p: { kind: string }) => p.kind)).toEqual(['pickup', 'delivery']);
    expect(body.delivery.status).toBe('waiting');
    const sigUrl: string = body.proofs[0].signature_url;
    expect(sigUrl).toMatch(new RegExp(`^/api/shipment/${id}/proof/file/[0-9a-f-]{36}\\.png$`));
    const sig = await get(sigUrl, sender.auth);
    expect(sig.statusCode).toBe(200);
    expect(sig.headers['content-type']).toBe('image/png');
    const photo = await get(body.proofs[0].packages[0].photo_urls[0], sender.auth);
    expect(photo.statusCode).toBe(200);
    // An <img> may carry the token in the query; without any token: 401.
    const token = sender.auth.authorization.slice('Bearer '.length);
    expect((await get(`${sigUrl}?access_token=${token}`)).statusCode).toBe(200);
    expect((await get(sigUrl)).statusCode).toBe(401);

    // The consignment note: a PDF with the CMR particulars, for the sender and the driver.
    const pdf = await get(body.note_url, sender.auth);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const s of ['Vrachtbrief (CMR)', 'Afzender', 'Vervoerder', 'Geadresseerde', 'Kerkstraat 12', 'Nieuwstraat 1', 'Een gitaar in een koffer', 'Aantal colli', 'Brutogewicht', 'Koffer heeft een deuk in de hoek', 'Jan Peeters', 'Marie Dubois']) {
      expect(text).toContain(s);
    }
    const driverPdf = await get(`/api/driver/shipment/${id}/consignment-note.pdf`, driver.auth);
    expect(driverPdf.statusCode).toBe(200);
    expect(await admin(['notes', 'check', String(id)])).toEqual({ ok: true, message: `Consignment note of shipment ${id}: 2 entries, chain and seals intact.` });

    // The sender's answer: once.
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/delivery`, headers: sender.auth, payload: { outcome: 'confirmed' } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().delivery).toMatchObject({ status: 'confirmed' });
    const again = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/delivery`, headers: sender.auth, payload: { outcome: 'problem', note: 'toch kapot' } });
    expect(again.statusCode).toBe(409);
  });

  it('detects a consignment note changed in the database', async () => {
    const id = await acceptedShipment();
    await driveTo(id, ['onwaytopickup', 'arrivedpickup']);
    expect((await takeProof(t, driver, id, 'pickup')).statusCode).toBe(201);
    await driveTo(id, ['loading', 'loaded', 'onwaytodelivery', 'arriveddelivery']);
    expect((await takeProof(t, driver, id, 'delivery')).statusCode).toBe(201);
    expect((await admin(['notes', 'check', String(id)])).ok).toBe(true);

    // Someone edits the pickup entry's weight in the database.
    await sql`update note_entries set body = jsonb_set(body, '{particulars,gross_weight_kg}', '1') where shipment_id = ${id} and seq = 1`.execute(t.handle.db);
    const broken = await admin(['notes', 'check', String(id)]);
    expect(broken.ok).toBe(false);
    expect(broken.message).toContain('entry 1: its body does not match its hash');

    // Recomputing the hash does not help: the seal and the next entry's link give it away.
    await sql`update note_entries set hash = ${'f'.repeat(64)} where shipment_id = ${id} and seq = 1`.execute(t.handle.db);
    const still = await admin(['notes', 'check', String(id)]);
    expect(still.message).toContain('entry 2: previous hash does not match entry 1');
    expect(still.message).toContain('entry 1: the seal (JWS) was made for other values');
  });
  it('is hidden from every other driver and sender (404), and the 24 hours close the answer', async () => {
    const id = await acceptedShipment();
    await driveTo(id, ['onwaytopickup', 'arrivedpickup']);
    expect((await takeProof(t, otherDriver, id, 'pickup')).statusCode).toBe(404);
    // Even a wrong upload gets the 404 first.
    expect((await takeProof(t, otherDriver, id, 'pickup', { packages: [], signer_name: '' })).statusCode).toBe(404);
    const taken = await takeProof(t, driver, id, 'pickup');
    expect(taken.statusCode).toBe(201);
    const file = taken.json().signature_url.split('/').at(-1);
    for (const url of [`/api/driver/shipment/${id}/proof`, `/api/driver/shipment/${id}/proof/file/${file}`, `/api/driver/shipment/${id}/consignment-note.pdf`]) {
      expect((await get(url, otherDriver.auth)).statusCode, url).toBe(404);
    }
    for (const url of [`/api/shipment/${id}/proof`, `/api/shipment/${id}/proof/file/${file}`, `/api/shipment/${id}/consignment-note.pdf`]) {
      expect((await get(url, otherSender.auth)).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/delivery`, headers: otherSender.auth, payload: { outcome: 'confirmed' } })).statusCode).toBe(404);
    // The same client id on another job is not taken there.
    const other = await acceptedShipment();
    await driveTo(other, ['onwaytopickup', 'arrivedpickup']);
    expect((await takeProof(t, driver, other, 'pickup', { client_id: taken.content.client_id })).statusCode).toBe(409);
    // Not delivered: nothing to answer yet.
    expect((await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/delivery`, headers: sender.auth, payload: { outcome: 'confirmed' } })).statusCode).toBe(409);

    await driveTo(id, ['loading', 'loaded', 'onwaytodelivery', 'arriveddelivery']);
    expect((await takeProof(t, driver, id, 'delivery')).statusCode).toBe(201);
    await driveTo(id, ['unloading', 'unloaded', 'delivered']);
    t.clock.advance(24 * 3600 + 1);
    // A day later the sender signs in again (access tokens live 15 minutes).
    sender.auth = { authorization: `Bearer ${(await login(t, sender.email, sender.password)).json().access_token}` };
    expect((await get(`/api/shipment/${id}/proof`, sender.auth)).json().delivery.status).toBe('assumed_confirmed');
    const late = await t.app.inject({ method: 'POST', url: `/api/shipment/${id}/delivery`, headers: sender.auth, payload: { outcome: 'problem' } });
    expect(late.statusCode).toBe(409);
  });

});
