import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeIds } from '../../src/db/migrations/0013-place-ids.ts';
import { placeIdOf } from '../../src/lib/places.ts';
import { toEventRow } from '../../src/modules/events/events.mapper.ts';
import * as eventsRepository from '../../src/modules/events/events.repository.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { type Auth, brussels, createDriver, createShipment, shipmentSide } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Issue 20, defect 6: "Place Saint-Lambert 1, 4000 Liège" booked in the Dutch app was stored as
// "4000 Luik" and read so in the French app and mails. The town follows the reader.

let t: TestApp;
let sender: Awaited<ReturnType<typeof registerAndLogin>>;
let driver: Awaited<ReturnType<typeof createDriver>>;
let shipmentId: number;
/** A town the data does not know by that postcode. */
let unknownPlace: number;

// What the Dutch wizard books: the geocoder's Dutch name of the town.
const liege = shipmentSide({
  lat: 50.6455,
  lng: 5.5733,
  street: 'Place Saint-Lambert',
  number: '1',
  zip: '4000',
  city: 'Luik',
  date_from: brussels('2026-11-23', '17:00'),
  date_till: brussels('2026-11-23', '22:00'),
});

beforeAll(async () => {
  t = await createTestApp();
  sender = await registerAndLogin(t);
  driver = await createDriver(t);
  shipmentId = await createShipment(t, sender.auth, { delivery: liege });
  unknownPlace = await createShipment(t, sender.auth, { pickup: shipmentSide({ zip: '3500', city: 'Nergensdorp' }) });
});
afterAll(() => t.close());

const inLanguage = (auth: Auth, lang: string) => ({ ...auth, 'accept-language': lang });
type Read = { id: number; delivery_location: { address: { city: string; formatted: string } } };
const deliveryOf = (s: Read) => s.delivery_location.address;
const inList = (list: Read[]) => list.find((s) => s.id === shipmentId)!;

describe('town names follow the reader', () => {
  it('stores the place of the postcode data with the address', async () => {
    const row = await t.handle.db.selectFrom('shipments').select(['deliveryCity', 'deliveryPlaceId', 'pickupPlaceId']).where('id', '=', shipmentId).executeTakeFirstOrThrow();
    expect(row).toEqual({ deliveryCity: 'Luik', deliveryPlaceId: '4000-liege', pickupPlaceId: '3500-hasselt' });
  });

  it('reads Luik for a Dutch reader and Liège for a French one, in the job and the list', async () => {
    const nl = await t.app.inject({ method: 'GET', url: `/api/shipment/${shipmentId}`, headers: inLanguage(sender.auth, 'nl-BE,nl;q=0.9') });
    expect(deliveryOf(nl.json())).toMatchObject({ city: 'Luik', formatted: 'Place Saint-Lambert 1, 4000 Luik' });
    const fr = await t.app.inject({ method: 'GET', url: `/api/shipment/${shipmentId}`, headers: inLanguage(sender.auth, 'fr-BE') });
    expect(deliveryOf(fr.json())).toMatchObject({ city: 'Liège', formatted: 'Place Saint-Lambert 1, 4000 Liège' });

    const listNl = await t.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: inLanguage(sender.auth, 'nl-BE') });
    expect(deliveryOf(inList(listNl.json())).city).toBe('Luik');
    // The list's ETag is per language: the Dutch list's tag does not make the French list a 304.
    const listFr = await t.app.inject({ method: 'GET', url: '/api/shipment/sender', headers: { ...inLanguage(sender.auth, 'fr-BE'), 'if-none-match': listNl.headers.etag as string } });
    expect(listFr.statusCode).toBe(200);
    expect(deliveryOf(inList(listFr.json())).city).toBe('Liège');
  });

  it("names the town in the driver's language in the open jobs", async () => {
    const open = await t.app.inject({ method: 'GET', url: '/api/driver/shipments?scope=open', headers: inLanguage(driver.auth, 'fr-BE') });
    const job = (open.json() as { id: number; delivery_location: { address: { city: string; formatted: string } } }[]).find((j) => j.id === shipmentId)!;
    expect(job.delivery_location.address).toMatchObject({ city: 'Liège', formatted: '4000 Liège' });
  });

  it("writes Liège in a French recipient's mail and Luik in a Dutch one's", async () => {
    const { referenceId: reference } = await t.handle.db.selectFrom('shipments').select('referenceId').where('id', '=', shipmentId).executeTakeFirstOrThrow();
    const offerNew = (offer_id: number) => ({ userId: sender.id, type: 'shipment.offer.new' as const, shipmentId, payload: { reference, offer_id, driver_name: 'Jan M.', total: 120 } });
    const mailAbout = async (locale: 'nl' | 'fr', offerId: number) => {
      await t.handle.db.updateTable('users').set({ locale }).where('id', '=', sender.id).execute();
      await t.handle.db.transaction().execute((trx) => eventsRepository.insert(trx, [toEventRow(offerNew(offerId), t.clock.now())]));
      await t.app.eventHub.flush();
      await t.clock.advance(3600);
      await t.app.mailWorker.run();
      return t.mails.filter((m) => m.to === sender.email).at(-1)!.text;
    };
    expect(await mailAbout('fr', 1)).toContain('Livraison : lun. 23 nov., 17:00 – 22:00, 4000 Liège');
    expect(await mailAbout('nl', 2)).toContain('Leveren: ma 23 nov, 17:00 – 22:00, 4000 Luik');
  });

  it('the migration gives existing addresses their place from zip and town, and leaves unknown places without', async () => {
    const db = t.handle.db as unknown as Kysely<unknown>;
    const migration = placeIds(placeIdOf);
    await migration.down!(db);
    await migration.up(db);
    const rows = await t.handle.db.selectFrom('shipments').select(['id', 'pickupPlaceId', 'deliveryPlaceId']).where('id', 'in', [shipmentId, unknownPlace]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: shipmentId, pickupPlaceId: '3500-hasselt', deliveryPlaceId: '4000-liege' },
      { id: unknownPlace, pickupPlaceId: null, deliveryPlaceId: '1000-bruxelles' },
    ]);
  });
});
