import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// Earlier accepted jobs for the fair-price band: each shipment's road distance, its accepted
// offer's price and its packages' total volume and weight. Bound to the most recent `limit`
// shipments with an accepted offer, so the read stays the same size however old the market is.

export type AcceptedJobRow = { routeDistance: number; priceCents: number; volumeCm3: string | number; weightKg: string | number };

export async function recentAcceptedJobs(db: Executor, limit: number): Promise<AcceptedJobRow[]> {
  const recent = db
    .selectFrom('shipments')
    .select(['id', 'routeDistance', 'acceptedOfferId'])
    .where('acceptedOfferId', 'is not', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .as('s');
  return db
    .selectFrom(recent)
    .innerJoin('offers as o', 'o.id', 's.acceptedOfferId')
    .innerJoin('packages as p', 'p.shipmentId', 's.id')
    .select((eb) => [
      's.routeDistance',
      'o.priceCents',
      // bigint: a sum of several large items' cm³ passes the integer range.
      sql<string>`sum(cast(p.width as bigint) * p.height * p.length)`.as('volumeCm3'),
      eb.fn.sum<string>('p.weight').as('weightKg'),
    ])
    .groupBy(['s.id', 's.routeDistance', 'o.priceCents'])
    .execute();
}
