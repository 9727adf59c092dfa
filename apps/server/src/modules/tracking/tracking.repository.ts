import type { ShipmentStateName } from '@vm/domain';
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ShipmentsTable, TrackingLinksTable } from '../../db/schema.ts';

// Tracking links, and the public read model of a tracked shipment. The shipment is read here with
// its own select (a read model): only the columns a stranger may see ever leave the database.

/** The columns of a tracked shipment a stranger may see (selected below, and nothing else). */
export type TrackedShipmentRow = Pick<
  Selectable<ShipmentsTable>,
  | 'id'
  | 'state'
  | 'currentLat'
  | 'currentLng'
  | 'routePoints'
  | 'routeDistance'
  | 'routeDuration'
  | 'routeEstimated'
  | 'pickupCity'
  | 'pickupPlaceId'
  | 'pickupZip'
  | 'pickupCountry'
  | 'pickupLat'
  | 'pickupLng'
  | 'pickupDateFrom'
  | 'pickupDateTill'
  | 'pickupTimezone'
  | 'deliveryCity'
  | 'deliveryPlaceId'
  | 'deliveryZip'
  | 'deliveryCountry'
  | 'deliveryLat'
  | 'deliveryLng'
  | 'deliveryDateFrom'
  | 'deliveryDateTill'
  | 'deliveryTimezone'
>;

// Every function takes the executor first (`db`, or the service's `trx`); rows become wire shapes in tracking.mapper.ts.
export async function insert(db: Executor, link: Insertable<TrackingLinksTable>): Promise<void> {
  await db.insertInto('trackingLinks').values(link).execute();
}

export async function active(db: Executor, shipmentId: number): Promise<{ createdAt: Date } | null> {
  const row = await db
    .selectFrom('trackingLinks')
    .select('createdAt')
    .where('shipmentId', '=', shipmentId)
    .where('revokedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

export async function revokeAll(db: Executor, shipmentId: number, now: Date): Promise<void> {
  await db.updateTable('trackingLinks').set({ revokedAt: now }).where('shipmentId', '=', shipmentId).where('revokedAt', 'is', null).execute();
}

/** The shipment behind a live link, with nothing personal: no names, streets, numbers, notes or prices. */
export async function byTokenHash(db: Executor, tokenHash: string): Promise<TrackedShipmentRow | null> {
  const r = await db
    .selectFrom('trackingLinks as t')
    .innerJoin('shipments as s', 's.id', 't.shipmentId')
    .select([
      's.id',
      's.state',
      's.currentLat',
      's.currentLng',
      's.routePoints',
      's.routeDistance',
      's.routeDuration',
      's.routeEstimated',
      's.pickupCity',
      's.pickupPlaceId',
      's.pickupZip',
      's.pickupCountry',
      's.pickupLat',
      's.pickupLng',
      's.pickupDateFrom',
      's.pickupDateTill',
      's.pickupTimezone',
      's.deliveryCity',
      's.deliveryPlaceId',
      's.deliveryZip',
      's.deliveryCountry',
      's.deliveryLat',
      's.deliveryLng',
      's.deliveryDateFrom',
      's.deliveryDateTill',
      's.deliveryTimezone',
    ])
    .where('t.tokenHash', '=', tokenHash)
    .where('t.revokedAt', 'is', null)
    .executeTakeFirst();
  return r ?? null;
}

/** A shipment's states, oldest first. */
export async function states(db: Executor, shipmentId: number): Promise<{ state: ShipmentStateName; createdAt: Date }[]> {
  return db.selectFrom('shipmentStates').select(['state', 'createdAt']).where('shipmentId', '=', shipmentId).orderBy('id').execute();
}
