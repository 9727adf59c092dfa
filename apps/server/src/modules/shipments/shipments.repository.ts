import { FIRST_STATE, type InsuranceChoice, type Leg, loadSummary, type OfferState, shortName, statesWhere, type VehicleType } from '@vm/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PackagesTable, ShipmentState, ShipmentStatesTable, ShipmentsTable } from '../../db/schema.ts';
import { bump } from './revision.ts';

// Sender bookings: the shipment aggregate's reads (shared with driver jobs through the service)
// and the sender's own writes. Every function runs on the executor it is given; the service opens
// the transactions.

/** One side of a new shipment (pickup or delivery), as stored. */
export type NewPlace = {
  dateFrom: Date;
  dateTill: Date;
  timezone: string;
  lat: number;
  lng: number;
  street: string;
  number: string;
  box: string;
  zip: string;
  city: string;
  /** The place in the postcode data (null where it does not know it): the town in each reader's language. */
  placeId: string | null;
  country: string;
  notes: string;
  name: string;
};

/** A new package with its size already worked out by the service, and its image ids in order. */
export type NewPackage = Omit<Insertable<PackagesTable>, 'shipmentId' | 'position' | 'tags'> & { tags: Selectable<PackagesTable>['tags']; photos: string[] };

export type NewShipment = {
  referenceId: string;
  senderId: number;
  insurance: InsuranceChoice;
  pickup: NewPlace;
  delivery: NewPlace;
  route: { points: string; distance: number; duration: number; estimated: boolean };
  packages: NewPackage[];
  now: Date;
};

/** Who sent a shipment and which driver (if any) has its accepted offer. */
export type ShipmentParties = { senderId: number; state: ShipmentState; driverId: number | null; pickupTill: Date; insurance: InsuranceChoice };

/** What event texts need to know of a shipment: its reference, parties, places and insurance. */
export type ShipmentEventContext = {
  reference: string;
  senderId: number;
  insurance: InsuranceChoice;
  pickupCity: string;
  deliveryCity: string;
  driver: { id: number; priceCents: number; name: string } | null;
};

/** A set of shipments with everything their read shape needs, as rows (shipments.mapper.ts builds the wire shape). */
export type ShipmentRows = {
  shipments: Selectable<ShipmentsTable>[];
  states: Pick<Selectable<ShipmentStatesTable>, 'shipmentId' | 'state' | 'createdAt'>[];
  packages: Selectable<PackagesTable>[];
  photos: { packageId: number; imageId: string }[];
  offers: OfferRow[];
  ratings: { shipmentId: number; ratingableId: number; authorId: number; rating: number }[];
  late: { shipmentId: number | null; leg: Leg; eta: number }[];
  /** The senders' country and company VAT number: what the sale's VAT depends on (issue 22). */
  buyers: SenderVatRow[];
};
export type SenderVatRow = { senderId: number; country: string; vat: string | null };
/** The states in which a job takes offers (its pickup window decides the rest). */
const OPEN_STATES = statesWhere((d) => d.phase === 'open');

const NO_ROWS: ShipmentRows = { shipments: [], states: [], packages: [], photos: [], offers: [], ratings: [], late: [], buyers: [] };

/** A standing offer with its driver's name, picture, vehicle and ratings. */
export type OfferRow = {
  id: number;
  shipmentId: number;
  priceCents: number;
  state: OfferState;
  createdAt: Date;
  driverId: number;
  firstName: string;
  lastName: string;
  profileImageId: string | null;
  vehicleType: VehicleType | null;
  vehicleName: string | null;
  ratingCount: number | null;
  ratingTotal: number | null;
};

/**
 * The shipments and their parts. `open`: a driver's view of jobs still open for offers, without
 * the offers (a driver sees only their own, read by the offers module), ratings and lateness (both
 * belong to an accepted job): three queries fewer on every page of the board.
 */
async function load(db: Executor, where: { id?: number; ids?: number[]; senderId?: number; driverId?: number }, parts: 'all' | 'open' = 'all'): Promise<ShipmentRows> {
  let q = db.selectFrom('shipments').selectAll();
  if (where.ids !== undefined) q = q.where('id', 'in', where.ids.length ? where.ids : [0]);
  if (where.senderId !== undefined) q = q.where('senderId', '=', where.senderId);
  if (where.id !== undefined) q = q.where('id', '=', where.id);
  if (where.driverId !== undefined) {
    const driverId = where.driverId;
    q = q.where('acceptedOfferId', 'in', db.selectFrom('offers').select('id').where('driverId', '=', driverId).where('state', '=', 'accepted'));
  }
  const rows = await q.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return NO_ROWS;
  const all = parts === 'all';
  const senderIds = [...new Set(rows.map((r) => r.senderId))];
  const [states, packages, photos, offers, ratings, late, buyers] = await Promise.all([
    db.selectFrom('shipmentStates').select(['shipmentId', 'state', 'createdAt']).where('shipmentId', 'in', ids).orderBy('id').execute(),
    db.selectFrom('packages').selectAll().where('shipmentId', 'in', ids).orderBy('position').execute(),
    // Beside the packages, through them: one round trip fewer.
    db
      .selectFrom('packagePhotos as ph')
      .innerJoin('packages as pk', 'pk.id', 'ph.packageId')
      .select(['ph.packageId', 'ph.imageId'])
      .where('pk.shipmentId', 'in', ids)
      .orderBy('ph.position')
      .execute(),
    all ? loadOffers(db, ids) : [],
    all ? db.selectFrom('ratings').select(['shipmentId', 'ratingableId', 'authorId', 'rating']).where('shipmentId', 'in', ids).orderBy('id').execute() : [],
    // Lateness is kept per leg (once, by the position check), with the arrival then expected.
    all
      ? db
          .selectFrom('shipmentLateness')
          .select(['shipmentId', 'leg', sql<number>`extract(epoch from eta)::int`.as('eta')])
          .where('shipmentId', 'in', ids)
          .orderBy('createdAt')
          .execute()
      : [],
    all ? senderVat(db, senderIds) : [],
  ]);
  return { shipments: rows, states, packages, photos, offers, ratings, late, buyers };
}

function senderVat(db: Executor, senderIds: number[]): Promise<SenderVatRow[]> {
  return db.selectFrom('users as u').leftJoin('companies as c', 'c.userId', 'u.id').select(['u.id as senderId', 'u.country', 'c.vat']).where('u.id', 'in', senderIds).execute();
}

/** What the sale's VAT for one shipment depends on: its route and its sender's country and company VAT number. */
export async function saleVatFacts(db: Executor, shipmentId: number): Promise<{ pickupCountry: string; deliveryCountry: string; country: string; vat: string | null } | null> {
  return (
    (await db
      .selectFrom('shipments as s')
      .innerJoin('users as u', 'u.id', 's.senderId')
      .leftJoin('companies as c', 'c.userId', 's.senderId')
      .select(['s.pickupCountry', 's.deliveryCountry', 'u.country', 'c.vat'])
      .where('s.id', '=', shipmentId)
      .executeTakeFirst()) ?? null
  );
}

/** Offers still standing (open or accepted), cheapest first, with the driver's card and rating. */
async function loadOffers(db: Executor, shipmentIds: number[]): Promise<OfferRow[]> {
  return db
    .selectFrom('offers as o')
    .innerJoin('users as u', 'u.id', 'o.driverId')
    .leftJoin('vehicles as v', 'v.id', 'o.vehicleId')
    .select((eb) => [
      'o.id',
      'o.shipmentId',
      'o.priceCents',
      'o.state',
      'o.createdAt',
      'o.driverId',
      'u.firstName',
      'u.lastName',
      'u.profileImageId',
      'v.type as vehicleType',
      'v.name as vehicleName',
      eb.selectFrom('ratings').select(sql<number>`count(*)::int`.as('n')).whereRef('ratings.ratingableId', '=', 'o.driverId').as('ratingCount'),
      eb.selectFrom('ratings').select(sql<number>`coalesce(sum(rating), 0)::int`.as('t')).whereRef('ratings.ratingableId', '=', 'o.driverId').as('ratingTotal'),
    ])
    .where('o.shipmentId', 'in', shipmentIds)
    .where('o.state', 'in', ['open', 'accepted'])
    .orderBy('o.priceCents')
    .orderBy('o.id')
    .execute();
}

const pickupColumns = (p: NewPlace) => ({
  pickupDateFrom: p.dateFrom,
  pickupDateTill: p.dateTill,
  pickupTimezone: p.timezone,
  pickupLat: p.lat,
  pickupLng: p.lng,
  pickupStreet: p.street,
  pickupNumber: p.number,
  pickupBox: p.box,
  pickupZip: p.zip,
  pickupCity: p.city,
  pickupPlaceId: p.placeId,
  pickupCountry: p.country,
  pickupNotes: p.notes,
  pickupName: p.name,
});

const deliveryColumns = (p: NewPlace) => ({
  deliveryDateFrom: p.dateFrom,
  deliveryDateTill: p.dateTill,
  deliveryTimezone: p.timezone,
  deliveryLat: p.lat,
  deliveryLng: p.lng,
  deliveryStreet: p.street,
  deliveryNumber: p.number,
  deliveryBox: p.box,
  deliveryZip: p.zip,
  deliveryCity: p.city,
  deliveryPlaceId: p.placeId,
  deliveryCountry: p.country,
  deliveryNotes: p.notes,
  deliveryName: p.name,
});

/**
 * Issue 21, job board: the load summary the board filters on (decision 0027), from the packages as
 * stored. Written with the packages at booking; a change (changeDetails) keeps the packages' sizes,
 * so the summary stays right without a write there.
 */
function loadColumns(packages: readonly NewPackage[]) {
  const l = loadSummary(packages.map((p) => ({ type: p.type, length: p.length, width: p.width, height: p.height, weight: p.weight, pallet_type: p.palletType ?? null })));
  return {
    loadWeightKg: l.weight_kg,
    loadLongCm: l.long_cm,
    loadMidCm: l.mid_cm,
    loadShortCm: l.short_cm,
    loadPallets: l.pallets,
    loadPalletLongCm: l.pallet_long_cm,
    loadPalletShortCm: l.pallet_short_cm,
    loadPalletHeightCm: l.pallet_height_cm,
  };
}

/** Writes the shipment, its first state, packages and photo links (inside the service's transaction). */
export async function insert(db: Executor, s: NewShipment): Promise<number> {
  const state = FIRST_STATE;
  const row: Insertable<ShipmentsTable> = {
    referenceId: s.referenceId,
    senderId: s.senderId,
    state,
    insurance: s.insurance,
    routePoints: s.route.points,
    routeDistance: s.route.distance,
    routeDuration: s.route.duration,
    routeEstimated: s.route.estimated,
    createdAt: s.now,
    updatedAt: s.now,
    ...pickupColumns(s.pickup),
    ...deliveryColumns(s.delivery),
    ...loadColumns(s.packages),
  };
  const { id } = await db.insertInto('shipments').values(row).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('shipmentStates').values({ shipmentId: id, state, createdAt: s.now }).execute();
  for (const [position, { photos, tags, ...p }] of s.packages.entries()) {
    const pkg = await db
      .insertInto('packages')
      .values({ ...p, shipmentId: id, position, tags: JSON.stringify(tags) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (photos.length) {
      await db.insertInto('packagePhotos').values(photos.map((imageId, i) => ({ packageId: pkg.id, imageId, position: i }))).execute();
    }
  }
  return id;
}

export const findForSender = (db: Executor, id: number, senderId: number) => load(db, { id, senderId });

export const listForSender = (db: Executor, senderId: number) => load(db, { senderId });

/** The full read of a shipment for its assigned driver (accepted offer is theirs). */
export const findForDriver = (db: Executor, id: number, driverId: number) => load(db, { id, driverId });
export const listForDriver = (db: Executor, driverId: number) => load(db, { driverId });
/** Issue 21, job board: the shipments the board found as a driver sees an open job (no offers, ratings or lateness), in the order given. */
export async function findOpenMany(db: Executor, ids: number[]): Promise<ShipmentRows> {
  const loaded = await load(db, { ids }, 'open');
  const byId = new Map(loaded.shipments.map((s) => [s.id, s]));
  return { ...loaded, shipments: ids.flatMap((id) => byId.get(id) ?? []) };
}

/** Shipments open for offers: new, pickup window not closed, soonest pickup first. */
export async function listOpen(db: Executor, now: Date, limit: number): Promise<ShipmentRows> {
  const ids = await db
    .selectFrom('shipments')
    .select('id')
    .where('state', 'in', OPEN_STATES)
    .where('pickupDateTill', '>', now)
    .orderBy('pickupDateFrom')
    .orderBy('id')
    .limit(limit)
    .execute();
  if (ids.length === 0) return NO_ROWS;
  const loaded = await load(db, { ids: ids.map((r) => r.id) });
  const byId = new Map(loaded.shipments.map((s) => [s.id, s]));
  return { ...loaded, shipments: ids.map((r) => byId.get(r.id)!) };
}

export async function parties(db: Executor, id: number): Promise<ShipmentParties | null> {
  const row = await db
    .selectFrom('shipments as s')
    .leftJoin('offers as o', 'o.id', 's.acceptedOfferId')
    .select(['s.senderId', 's.state', 'o.driverId', 's.pickupDateTill', 's.insurance'])
    .where('s.id', '=', id)
    .executeTakeFirst();
  return row ? { senderId: row.senderId, state: row.state, driverId: row.driverId, pickupTill: row.pickupDateTill, insurance: row.insurance } : null;
}

/** Sets the insurance (the caller holds the job's lock and checked it may still change). */
export async function setInsurance(db: Executor, id: number, insurance: InsuranceChoice, now: Date): Promise<void> {
  await db.updateTable('shipments').set({ insurance, ...bump(now) }).where('id', '=', id).execute();
}

/** Whether a payment for the job is at the bank (claimed, no outcome yet): the price must not move under it. */
export async function paymentPending(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('payments').select('id').where('shipmentId', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return row !== undefined;
}

/** Bumps the job's revision (photos added or removed: the sender's list changes). */
export async function bumpRevision(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('shipments').set(bump(now)).where('id', '=', id).execute();
}

/** Adds photos after a package's last one. */
export async function addPackagePhotos(db: Executor, packageId: number, imageIds: string[]): Promise<void> {
  const last = await db.selectFrom('packagePhotos').select((eb) => eb.fn.max('position').as('p')).where('packageId', '=', packageId).executeTakeFirst();
  const from = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
  await db.insertInto('packagePhotos').values(imageIds.map((imageId, i) => ({ packageId, imageId, position: from + i }))).execute();
}

/** Takes a photo off its package; false when the package has no such photo. */
export async function removePackagePhoto(db: Executor, packageId: number, imageId: string): Promise<boolean> {
  const res = await db.deleteFrom('packagePhotos').where('packageId', '=', packageId).where('imageId', '=', imageId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** A sender's change to a job (stops, route, package descriptions); the caller holds the job's lock and checked it may change. */
export async function changeDetails(
  db: Executor,
  c: { id: number; pickup: NewPlace; delivery: NewPlace; route: NewShipment['route']; descriptions: { id: number; description: string }[]; now: Date },
): Promise<void> {
  await db
    .updateTable('shipments')
    .set({
      ...pickupColumns(c.pickup),
      ...deliveryColumns(c.delivery),
      routePoints: c.route.points,
      routeDistance: c.route.distance,
      routeDuration: c.route.duration,
      routeEstimated: c.route.estimated,
      ...bump(c.now),
    })
    .where('id', '=', c.id)
    .execute();
  for (const p of c.descriptions) {
    await db.updateTable('packages').set({ description: p.description }).where('id', '=', p.id).where('shipmentId', '=', c.id).execute();
  }
}

/** Returns false when this author already rated this shipment; otherwise bumps the shipment's revision too. */
export async function insertRating(db: Executor, r: { shipmentId: number; authorId: number; ratingableId: number; rating: number }, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('ratings')
    .values({ ...r, createdAt: now })
    .onConflict((oc) => oc.columns(['shipmentId', 'authorId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await db.updateTable('shipments').set({ ...bump(now) }).where('id', '=', r.shipmentId).execute();
  return true;
}

export async function eventContext(db: Executor, id: number): Promise<ShipmentEventContext> {
  const row = await db
    .selectFrom('shipments as s')
    .leftJoin('offers as o', 'o.id', 's.acceptedOfferId')
    .leftJoin('users as d', 'd.id', 'o.driverId')
    .select(['s.referenceId', 's.senderId', 's.insurance', 's.pickupCity', 's.deliveryCity', 'o.driverId', 'o.priceCents', 'd.firstName', 'd.lastName'])
    .where('s.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    reference: row.referenceId,
    senderId: row.senderId,
    insurance: row.insurance,
    pickupCity: row.pickupCity,
    deliveryCity: row.deliveryCity,
    driver: row.driverId !== null ? { id: row.driverId, priceCents: row.priceCents!, name: shortName(row.firstName ?? '', row.lastName ?? '') } : null,
  };
}

/** New shipments whose pickup window closed with no accepted offer and that were not yet reported. */
export async function expiredUnreported(db: Executor, now: Date, limit: number): Promise<{ id: number; senderId: number; referenceId: string }[]> {
  return db
    .selectFrom('shipments as s')
    .select(['s.id', 's.senderId', 's.referenceId'])
    .where('s.state', 'in', OPEN_STATES)
    .where('s.acceptedOfferId', 'is', null)
    .where('s.pickupDateTill', '<=', now)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('events').select('id').where('events.dedupeKey', '=', sql<string>`'expired:' || s.id`))))
    .orderBy('s.pickupDateTill')
    .limit(limit)
    .execute();
}

/** The cheap fingerprint of a sender's list for its ETag: any change bumps a revision. */
export async function senderListVersion(db: Executor, senderId: number): Promise<string> {
  const row = await db
    .selectFrom('shipments')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('maxId'), sql<number>`coalesce(sum(revision), 0)::int8`.as('revisions')])
    .where('senderId', '=', senderId)
    .executeTakeFirstOrThrow();
  return `${row.n}.${row.maxId ?? 0}.${row.revisions}`;
}
