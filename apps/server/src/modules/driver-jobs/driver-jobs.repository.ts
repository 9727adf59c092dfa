import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ShipmentLatenessTable, ShipmentState } from '../../db/schema.ts';
import { bump } from '../shipments/revision.ts';

// A driver's assigned jobs: state, position, route and the windows the lateness check reads. Every
// function runs on the executor it is given; the service opens the transactions.

/** The shipment's windows and places, for the lateness check. */
export type ShipmentWindows = {
  referenceId: string;
  senderId: number;
  pickupLat: number;
  pickupLng: number;
  pickupDateTill: Date;
  deliveryLat: number;
  deliveryLng: number;
  deliveryDateTill: Date;
};

/** Only the driver whose offer was accepted moves a shipment. */
const acceptedOfferOf = (db: Executor, driverId: number) => db.selectFrom('offers').select('id').where('driverId', '=', driverId).where('state', '=', 'accepted');

/**
 * Moves a shipment from one state to another, only if it is still in `from` and its accepted
 * offer is this driver's. Writes the state history row too; false when nothing changed.
 */
export async function changeState(db: Executor, id: number, driverId: number, from: ShipmentState, to: ShipmentState, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('shipments')
    .set({ state: to, ...bump(now) })
    .where('id', '=', id)
    .where('state', '=', from)
    .where('acceptedOfferId', 'in', acceptedOfferOf(db, driverId))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await db.insertInto('shipmentStates').values({ shipmentId: id, state: to, createdAt: now }).execute();
  return true;
}

/** The assigned driver's position; bumps the revision so the sender's list ETag changes. */
export async function setLocation(db: Executor, id: number, driverId: number, lat: number, lng: number, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('shipments')
    .set({ currentLat: lat, currentLng: lng, ...bump(now) })
    .where('id', '=', id)
    .where('acceptedOfferId', 'in', acceptedOfferOf(db, driverId))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setDriverRoute(db: Executor, id: number, route: { distance: number; duration: number }, now: Date): Promise<void> {
  await db.updateTable('shipments').set({ driverRouteDistance: route.distance, driverRouteDuration: route.duration, ...bump(now) }).where('id', '=', id).execute();
}

export async function windows(db: Executor, id: number): Promise<ShipmentWindows | null> {
  const row = await db
    .selectFrom('shipments')
    .select(['referenceId', 'senderId', 'pickupLat', 'pickupLng', 'pickupDateTill', 'deliveryLat', 'deliveryLng', 'deliveryDateTill'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** Keeps a leg's lateness once; false when it was kept before (a later position finds it). */
export async function markLate(db: Executor, late: Insertable<ShipmentLatenessTable>): Promise<boolean> {
  const row = await db.insertInto('shipmentLateness').values(late).onConflict((oc) => oc.columns(['shipmentId', 'leg']).doNothing()).returning('leg').executeTakeFirst();
  return row !== undefined;
}
