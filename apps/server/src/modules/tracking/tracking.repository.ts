import type { TrackedShipment } from '@vm/domain';
import type { Db } from '../../db/database.ts';

// Tracking links, and the public read model of a tracked shipment. The shipment is read here with
// its own select (a read model): only the columns a stranger may see ever leave the database.

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function trackingRepository(db: Db) {
  return {
    /** The new link replaces every live one of the shipment: one link to share at a time. */
    async replace(shipmentId: number, tokenHash: string, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('trackingLinks').set({ revokedAt: now }).where('shipmentId', '=', shipmentId).where('revokedAt', 'is', null).execute();
        await trx.insertInto('trackingLinks').values({ tokenHash, shipmentId, createdAt: now }).execute();
      });
    },

    async active(shipmentId: number): Promise<{ createdAt: Date } | null> {
      const row = await db
        .selectFrom('trackingLinks')
        .select('createdAt')
        .where('shipmentId', '=', shipmentId)
        .where('revokedAt', 'is', null)
        .orderBy('createdAt', 'desc')
        .executeTakeFirst();
      return row ?? null;
    },

    async revokeAll(shipmentId: number, now: Date): Promise<void> {
      await db.updateTable('trackingLinks').set({ revokedAt: now }).where('shipmentId', '=', shipmentId).where('revokedAt', 'is', null).execute();
    },

    /** The shipment behind a live link, with nothing personal: no names, streets, numbers, notes or prices. */
    async byTokenHash(tokenHash: string): Promise<TrackedShipment | null> {
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
          's.pickupZip',
          's.pickupCountry',
          's.pickupLat',
          's.pickupLng',
          's.pickupDateFrom',
          's.pickupDateTill',
          's.pickupTimezone',
          's.deliveryCity',
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
      if (!r) return null;
      const states = await db.selectFrom('shipmentStates').select(['state', 'createdAt']).where('shipmentId', '=', r.id).orderBy('id').execute();
      return {
        state: r.state,
        states: states.map((s) => ({ state: s.state, created_at: seconds(s.createdAt) })),
        pickup: {
          city: r.pickupCity,
          zip: r.pickupZip,
          country: r.pickupCountry,
          lat: r.pickupLat,
          lng: r.pickupLng,
          date_from: seconds(r.pickupDateFrom),
          date_till: seconds(r.pickupDateTill),
          timezone: r.pickupTimezone,
        },
        delivery: {
          city: r.deliveryCity,
          zip: r.deliveryZip,
          country: r.deliveryCountry,
          lat: r.deliveryLat,
          lng: r.deliveryLng,
          date_from: seconds(r.deliveryDateFrom),
          date_till: seconds(r.deliveryDateTill),
          timezone: r.deliveryTimezone,
        },
        current_location: r.currentLat !== null && r.currentLng !== null ? { lat: r.currentLat, lng: r.currentLng } : null,
        route: { points: r.routePoints, distance: r.routeDistance, duration: r.routeDuration, estimated: r.routeEstimated },
      };
    },
  };
}

export type TrackingRepository = ReturnType<typeof trackingRepository>;
