import { statesWhere } from '@vm/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// Every function takes the executor first (`db`, or the service's `trx`).
/** New shipments still open, created recently, with how many offers each demo driver made. */
export async function openShipments(db: Executor, driverIds: number[], now: Date, since: Date) {
  return db
    .selectFrom('shipments as s')
    .select((eb) => [
      's.id',
      's.createdAt',
      's.routeDistance',
      's.pickupDateFrom',
      's.pickupDateTill',
      eb.selectFrom('offers').select(sql<number>`count(*)::int`.as('n')).whereRef('offers.shipmentId', '=', 's.id').where('offers.driverId', 'in', driverIds).as('demoOffers'),
      eb.selectFrom('packages').select(sql<number>`coalesce(sum(width * height * length), 0)::float8 / 1000000`.as('v')).whereRef('packages.shipmentId', '=', 's.id').as('volumeM3'),
      eb.selectFrom('packages').select(sql<number>`coalesce(sum(weight), 0)::int`.as('w')).whereRef('packages.shipmentId', '=', 's.id').as('weightKg'),
    ])
    .where('s.state', 'in', statesWhere((d) => d.phase === 'open'))
    .where('s.pickupDateTill', '>', now)
    .where('s.createdAt', '>', since)
    .execute();
}

/** Shipments a demo driver carries, with when their state last changed. */
export async function assignedShipments(db: Executor, driverIds: number[]) {
  return db
    .selectFrom('shipments as s')
    .innerJoin('offers as o', 'o.id', 's.acceptedOfferId')
    .select((eb) => [
      's.id',
      's.state',
      'o.driverId',
      's.routePoints',
      's.routeDistance',
      's.routeDuration',
      's.driverRouteDistance',
      's.pickupLat',
      's.pickupLng',
      eb.selectFrom('shipmentStates').select(sql<Date>`max(created_at)`.as('t')).whereRef('shipmentStates.shipmentId', '=', 's.id').as('changedAt'),
      eb.selectFrom('ratings').select(sql<number>`count(*)::int`.as('n')).whereRef('ratings.shipmentId', '=', 's.id').whereRef('ratings.authorId', '=', 'o.driverId').as('rated'),
    ])
    .where('o.driverId', 'in', driverIds)
    // Jobs still to drive, and finished ones the demo driver has not rated yet; never cancelled ones.
    .where((eb) => eb.or([eb('s.state', 'not in', statesWhere((d) => d.phase === 'done')), eb.not(eb.exists(eb.selectFrom('ratings').select('id').whereRef('ratings.shipmentId', '=', 's.id').whereRef('ratings.authorId', '=', 'o.driverId')))]))
    .where('s.state', 'not in', statesWhere((d) => d.phase === 'cancelled'))
    .execute();
}

/** Issue 21 part 3: the packages a demo driver photographs for a proof. */
export async function packageIds(db: Executor, shipmentId: number): Promise<number[]> {
  const rows = await db.selectFrom('packages').select('id').where('shipmentId', '=', shipmentId).orderBy('position').execute();
  return rows.map((r) => r.id);
}
