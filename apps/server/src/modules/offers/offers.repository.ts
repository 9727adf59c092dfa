import { type InsuranceChoice, type LoadSummary, type OfferState, shortName } from '@vm/domain';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { OffersTable, ShipmentState } from '../../db/schema.ts';
import { bump } from '../shipments/revision.ts';

// Drivers' offers. Every function runs on the executor it is given; the service opens the
// transactions and decides what each answer means.

/** A driver's own offer on a shipment, as stored. */
export type DriverOfferRow = { id: number; shipmentId: number; priceCents: number; state: OfferState };

/** An offer on a sender's own shipment, in cents, with the same driver's open offer that replaced it (if re-priced since). */
export type OfferToAccept = {
  id: number;
  driverId: number;
  priceCents: number;
  state: OfferState;
  insurance: InsuranceChoice;
  shipmentState: ShipmentState;
  pickupDateTill: Date;
  current: { id: number; priceCents: number } | null;
};

/** A driver's offers, newest first, so a driver's current offer on a shipment is the first found. */
export async function offersOfDriver(db: Executor, driverId: number, shipmentIds: number[]): Promise<DriverOfferRow[]> {
  if (shipmentIds.length === 0) return [];
  return db
    .selectFrom('offers')
    .select(['id', 'shipmentId', 'priceCents', 'state'])
    .where('driverId', '=', driverId)
    .where('shipmentId', 'in', shipmentIds)
    .where('state', '!=', 'replaced')
    .orderBy('id', 'desc')
    .execute();
}

/** The shipment's load summary (written with its packages), for the fit of the vehicle an offer names. */
export async function loadOf(db: Executor, shipmentId: number): Promise<LoadSummary> {
  const r = await db
    .selectFrom('shipments')
    .select(['loadWeightKg', 'loadLongCm', 'loadMidCm', 'loadShortCm', 'loadPallets', 'loadPalletLongCm', 'loadPalletShortCm', 'loadPalletHeightCm'])
    .where('id', '=', shipmentId)
    .executeTakeFirstOrThrow();
  return {
    weight_kg: r.loadWeightKg,
    long_cm: r.loadLongCm,
    mid_cm: r.loadMidCm,
    short_cm: r.loadShortCm,
    pallets: r.loadPallets,
    pallet_long_cm: r.loadPalletLongCm,
    pallet_short_cm: r.loadPalletShortCm,
    pallet_height_cm: r.loadPalletHeightCm,
  };
}

export async function bumpShipment(db: Executor, shipmentId: number, now: Date): Promise<void> {
  await db.updateTable('shipments').set({ ...bump(now) }).where('id', '=', shipmentId).execute();
}

export async function paymentPending(db: Executor, shipmentId: number): Promise<boolean> {
  const paying = await db.selectFrom('payments').select('id').where('shipmentId', '=', shipmentId).where('status', '=', 'pending').executeTakeFirst();
  return paying !== undefined;
}

/** The driver's open or accepted offer on the shipment, locked. */
export async function standingOffer(db: Executor, shipmentId: number, driverId: number): Promise<{ id: number; priceCents: number; state: OfferState } | null> {
  const row = await db
    .selectFrom('offers')
    .select(['id', 'priceCents', 'state'])
    .where('shipmentId', '=', shipmentId)
    .where('driverId', '=', driverId)
    .where('state', 'in', ['open', 'accepted'])
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export async function markReplaced(db: Executor, offerId: number, now: Date): Promise<void> {
  await db.updateTable('offers').set({ state: 'replaced', updatedAt: now }).where('id', '=', offerId).execute();
}

export async function linkReplacement(db: Executor, offerId: number, replacedBy: number): Promise<void> {
  await db.updateTable('offers').set({ replacedBy }).where('id', '=', offerId).execute();
}

export async function insertOffer(db: Executor, offer: Insertable<OffersTable>): Promise<number> {
  const { id } = await db.insertInto('offers').values(offer).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Withdraws the driver's open offer; false when there was none. */
export async function withdrawOpen(db: Executor, shipmentId: number, driverId: number, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('offers')
    .set({ state: 'withdrawn', updatedAt: now })
    .where('shipmentId', '=', shipmentId)
    .where('driverId', '=', driverId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The drivers with an open offer on the shipment. */
export async function openOfferDrivers(db: Executor, shipmentId: number): Promise<number[]> {
  const rows = await db.selectFrom('offers').select('driverId').where('shipmentId', '=', shipmentId).where('state', '=', 'open').execute();
  return rows.map((r) => r.driverId);
}

/** Withdraws every open offer on the shipment (the sender changed what was offered on). */
export async function withdrawAllOpen(db: Executor, shipmentId: number, now: Date): Promise<void> {
  await db.updateTable('offers').set({ state: 'withdrawn', updatedAt: now }).where('shipmentId', '=', shipmentId).where('state', '=', 'open').execute();
}

/**
 * An offer on a sender's own shipment, in cents (never from the euros on the wire), with the
 * same driver's open offer that replaced it, if the driver changed the price since.
 */
export async function findOpenOffer(db: Executor, shipmentId: number, offerId: number, senderId: number): Promise<OfferToAccept | null> {
  const row = await db
    .selectFrom('offers as o')
    .innerJoin('shipments as s', 's.id', 'o.shipmentId')
    .leftJoin('offers as n', (j) => j.onRef('n.shipmentId', '=', 'o.shipmentId').onRef('n.driverId', '=', 'o.driverId').on('n.state', '=', 'open'))
    .select(['o.id', 'o.driverId', 'o.priceCents', 'o.state', 's.insurance', 's.state as shipmentState', 's.pickupDateTill', 'n.id as currentId', 'n.priceCents as currentPriceCents'])
    .where('o.id', '=', offerId)
    .where('o.shipmentId', '=', shipmentId)
    .where('s.senderId', '=', senderId)
    .executeTakeFirst();
  if (!row) return null;
  const { currentId, currentPriceCents, ...offer } = row;
  return { ...offer, current: currentId !== null && currentPriceCents !== null ? { id: currentId, priceCents: currentPriceCents } : null };
}

/** Marks the offer accepted (the job's transition to accepted is the shipments module's); false when it was no longer open. */
export async function markAccepted(db: Executor, offerId: number, now: Date): Promise<boolean> {
  const offer = await db.updateTable('offers').set({ state: 'accepted', updatedAt: now }).where('id', '=', offerId).where('state', '=', 'open').executeTakeFirst();
  return Number(offer.numUpdatedRows) === 1;
}

/** A user's name as others see it: "Jan M.". */
export async function shortNameOf(db: Executor, userId: number): Promise<string> {
  const u = await db.selectFrom('users').select(['firstName', 'lastName']).where('id', '=', userId).executeTakeFirstOrThrow();
  return shortName(u.firstName, u.lastName);
}
