import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { proofRequiredFor, type ProofKind, type ShipmentStateName, zonedInstant } from '@vm/domain';
import sharp from 'sharp';
import { ADMIN_TOKEN_FILE } from '../../src/env.ts';
import { type Tokens, login } from './flows.ts';
import { multipart } from './multipart.ts';
import type { TestApp } from './test-app.ts';

// Shipments, drivers and payments for tests, through the same calls a client makes.

export type Auth = { authorization: string };

/** Unix seconds of a wall-clock time in Brussels (the test clock stands at 2026-11-22 11:00 there). */
export const brussels = (date: string, time: string) => Math.floor(zonedInstant(date, time, 'Europe/Brussels').getTime() / 1000);

export const shipmentSide = (over: Record<string, unknown> = {}) => ({
  date_from: brussels('2026-11-23', '08:00'),
  date_till: brussels('2026-11-23', '17:00'),
  date_timezone: 'Europe/Brussels',
  lat: 50.93106,
  lng: 5.33781,
  street: 'Kerkstraat',
  number: '12',
  box: '',
  zip: '3500',
  city: 'Hasselt',
  country: 'BE',
  notes: 'Bel aan bij de achterdeur',
  name: '',
  ...over,
});

export const shipmentContent = (over: Record<string, unknown> = {}) => ({
  pickup: shipmentSide(),
  delivery: shipmentSide({
    lat: 50.85045,
    lng: 4.34878,
    street: 'Nieuwstraat',
    number: '1',
    zip: '1000',
    city: 'Brussel',
    date_from: brussels('2026-11-23', '17:00'),
    date_till: brussels('2026-11-23', '22:00'),
  }),
  insurance: 'cmr',
  packages: [{ type: 'small', description: 'Een gitaar in een koffer', photos: [] }],
  ...over,
});

export async function postShipment(t: TestApp, auth: Auth, body: unknown, files: { field: string; data: Buffer }[] = []) {
  const { payload, headers } = multipart(body, files.map((f) => ({ ...f, filename: `${f.field}.jpg`, type: 'image/jpeg' })));
  return t.app.inject({ method: 'POST', url: '/api/shipment', payload, headers: { ...headers, ...auth } });
}

export async function createShipment(t: TestApp, auth: Auth, over: Record<string, unknown> = {}): Promise<number> {
  const res = await postShipment(t, auth, shipmentContent(over));
  if (res.statusCode !== 201) throw new Error(`create shipment: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

let drivers = 0;
/** Drivers do not sign up in the sender app: the admin command creates them, as here. */
export async function createDriver(t: TestApp, vehicle = { type: 'van', name: 'Ford Transit' }) {
  drivers += 1;
  const email = `driver.${drivers}.${Date.now()}@example.be`;
  const password = 'rijden123';
  const adminToken = t.config.adminToken ?? (await fs.readFile(path.join(t.dataDir, ADMIN_TOKEN_FILE), 'utf8'));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/command',
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { args: ['driver', 'create', email, password, 'Driver', `Nummer${drivers}`, vehicle.type, vehicle.name] },
  });
  const m = /\(id (\d+)\)/.exec(created.json().message);
  if (!m) throw new Error(`driver create: ${created.statusCode} ${created.body}`);
  const res = await login(t, email, password);
  if (res.statusCode !== 200) throw new Error(`driver login: ${res.statusCode} ${res.body}`);
  const tokens = res.json() as Tokens;
  return { id: Number(m[1]), email, auth: { authorization: `Bearer ${tokens.access_token}` } };
}

export async function makeOffer(t: TestApp, driver: { auth: Auth }, shipmentId: number, price: number): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${shipmentId}/offer`, headers: driver.auth, payload: { price } });
  if (res.statusCode !== 201) throw new Error(`offer: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

export async function addCard(t: TestApp, auth: Auth, token = 'tok_visa') {
  return t.app.inject({ method: 'POST', url: '/api/billing/addcard', headers: auth, payload: { stripeToken: token } });
}

export async function accept(t: TestApp, auth: Auth, shipmentId: number, offerId: number) {
  return t.app.inject({ method: 'POST', url: `/api/shipment/${shipmentId}/offer/${offerId}`, headers: auth });
}

/**
 * A driver's state change. `loaded` and `delivered` need their proof (issue 21 part 3): unless
 * `withProof` is false, the proof is taken first (a job not at that step refuses it; the state
 * change then answers as it would).
 */
export async function driverState(t: TestApp, driver: { auth: Auth }, shipmentId: number, state: string, withProof = true) {
  const kind = proofRequiredFor(state as ShipmentStateName);
  if (kind && withProof) await takeProof(t, driver, shipmentId, kind);
  return t.app.inject({ method: 'POST', url: `/api/driver/shipment/${shipmentId}/status`, headers: driver.auth, payload: { state } });
}

/** A small real PNG (half-transparent, so it stays PNG), for proof photos and signatures. */
export const proofPng = (color = { r: 20, g: 40, b: 200 }) =>
  sharp({ create: { width: 40, height: 24, channels: 4, background: { ...color, alpha: 0.6 } } })
    .png()
    .toBuffer();

/** Issue 21 part 3: a proof as the driver app sends it, one photo per package and a signature; `over` changes the content. */
export async function takeProof(t: TestApp, driver: { auth: Auth }, shipmentId: number, kind: ProofKind, over: Record<string, unknown> = {}) {
  const job = await t.app.inject({ method: 'GET', url: `/api/driver/shipment/${shipmentId}`, headers: driver.auth });
  const packages = job.statusCode === 200 ? (job.json().packages as { id: number }[]) : [{ id: 1 }];
  const content = {
    kind,
    client_id: randomUUID(),
    taken_at: Math.floor(t.clock.now().getTime() / 1000),
    lat: 50.93,
    lng: 5.34,
    accuracy_m: 12,
    signer_name: kind === 'pickup' ? 'Jan Peeters' : 'Marie Dubois',
    condition: 'good',
    packages: packages.map((p, i) => ({ package_id: p.id, photos: [`photo${i}`] })),
    signature: 'signature',
    ...over,
  };
  const png = await proofPng();
  const files = [...packages.map((_, i) => ({ field: `photo${i}`, filename: `photo${i}.png`, type: 'image/png', data: png })), { field: 'signature', filename: 'signature.png', type: 'image/png', data: png }];
  const { payload, headers } = multipart(content, files);
  const res = await t.app.inject({ method: 'POST', url: `/api/driver/shipment/${shipmentId}/proof`, payload, headers: { ...headers, ...driver.auth } });
  return Object.assign(res, { content });
}

/**
 * Drives an accepted shipment through every driver state to delivered (with its proofs); the
 * sender's confirmation releases the money and finishes it (finalised).
 */
export async function driveToFinalised(t: TestApp, driver: { auth: Auth }, shipmentId: number, sender: { auth: Auth }) {
  for (const state of ['onwaytopickup', 'nearpickup', 'arrivedpickup', 'loading', 'loaded', 'onwaytodelivery', 'neardelivery', 'arriveddelivery', 'unloading', 'unloaded', 'delivered']) {
    const res = await driverState(t, driver, shipmentId, state);
    if (res.statusCode !== 200) throw new Error(`state ${state}: ${res.statusCode} ${res.body}`);
  }
  const confirmed = await t.app.inject({ method: 'POST', url: `/api/shipment/${shipmentId}/delivery`, headers: sender.auth, payload: { outcome: 'confirmed' } });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
}
