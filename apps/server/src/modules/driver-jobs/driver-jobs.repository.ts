import type { Executor } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { DriverActionsTable, ShipmentLatenessTable } from '../../db/schema.ts';
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
 * Keeps the assigned driver's position with its accuracy and time, and makes it the current one
 * unless a newer one is there already (positions sent late, from the phone's offline queue).
 * 'kept' when the shipment is not this driver's; 'current' when the sender's map moves.
 */
export async function addPosition(
  db: Executor,
  id: number,
  driverId: number,
  p: { lat: number; lng: number; accuracyM: number | null; at: Date },
  now: Date,
): Promise<'not_assigned' | 'kept' | 'current'> {
  const res = await db
    .updateTable('shipments')
    .set({ currentLat: p.lat, currentLng: p.lng, currentAccuracyM: p.accuracyM, currentAt: p.at, ...bump(now) })
    .where('id', '=', id)
    .where('acceptedOfferId', 'in', acceptedOfferOf(db, driverId))
    .where((eb) => eb.or([eb('currentAt', 'is', null), eb('currentAt', '<=', p.at)]))
    .executeTakeFirst();
  const current = Number(res.numUpdatedRows) === 1;
  if (!current) {
    const mine = await db.selectFrom('shipments').select('id').where('id', '=', id).where('acceptedOfferId', 'in', acceptedOfferOf(db, driverId)).executeTakeFirst();
    if (!mine) return 'not_assigned';
  }
  await db.insertInto('shipmentPositions').values({ shipmentId: id, lat: p.lat, lng: p.lng, accuracyM: p.accuracyM, recordedAt: p.at, receivedAt: now }).execute();
  return current ? 'current' : 'kept';
}

/**
 * Claims an action's client-made id: 'new' the first time; 'replayed' when this driver sent it
 * before (taken once); 'foreign' when the id is another driver's.
 */
export async function claimAction(db: Executor, a: Insertable<DriverActionsTable>): Promise<'new' | 'replayed' | 'foreign'> {
  const row = await db.insertInto('driverActions').values(a).onConflict((oc) => oc.column('clientId').doNothing()).returning('clientId').executeTakeFirst();
  if (row) return 'new';
  const held = await db.selectFrom('driverActions').select(['driverId', 'shipmentId']).where('clientId', '=', a.clientId).executeTakeFirst();
  return held?.driverId === a.driverId && held.shipmentId === a.shipmentId ? 'replayed' : 'foreign';
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
