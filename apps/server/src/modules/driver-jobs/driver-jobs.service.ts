import { canTransition, type DriverJobRead, type Locale, type ShipmentStateName } from '@vm/domain';
import type { Router } from '../../adapters/geo/geo.ts';
import type { Db } from '../../db/database.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { EventsService } from '../events/events.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { ShipmentsService } from '../shipments/shipments.service.ts';
import { toDriverJob } from './driver-jobs.mapper.ts';
import * as repo from './driver-jobs.repository.ts';

type Log = { warn: (obj: object, msg: string) => void };
type Deps = {
  db: Db;
  shipments: Pick<ShipmentsService, 'parties' | 'readOpen' | 'readMany' | 'readAssigned' | 'recordStateChanged' | 'recordChanged'>;
  offers: Pick<OffersService, 'myOffers'>;
  events: EventsService;
  router: Router;
  now: () => Date;
  log: Log;
};

/** States in which the driver is still on the way to a leg's address, for the lateness check. */
const BEFORE_PICKUP: ReadonlySet<ShipmentStateName> = new Set(['accepted', 'onwaytopickup', 'nearpickup']);
const BEFORE_DELIVERY: ReadonlySet<ShipmentStateName> = new Set(['arrivedpickup', 'loading', 'loaded', 'onwaytodelivery', 'neardelivery']);

/**
 * Drivers' jobs (SPEC sections 4 and 5): the open ones to bid on and the assigned ones, the
 * driver's state changes and position, and the lateness the position reveals.
 */
export function driverJobsService({ db, shipments, offers, events, router, now, log }: Deps) {
  /**
   * Once per leg, tells the sender when the driver's estimated arrival (from the router, from the
   * position just reported) falls after the booked window's end. Runs after the position committed:
   * a slow router never holds a transaction.
   */
  async function checkLateness(shipmentId: number, state: ShipmentStateName, lat: number, lng: number): Promise<void> {
    const leg = BEFORE_PICKUP.has(state) ? 'pickup' : BEFORE_DELIVERY.has(state) ? 'delivery' : null;
    const w = leg ? await repo.windows(db, shipmentId) : null;
    if (!leg || !w) return;
    const target = leg === 'pickup' ? { lat: w.pickupLat, lng: w.pickupLng } : { lat: w.deliveryLat, lng: w.deliveryLng };
    const till = leg === 'pickup' ? w.pickupDateTill : w.deliveryDateTill;
    const { duration } = await router.route({ lat, lng }, target);
    const eta = now().getTime() + duration * 1000;
    if (eta <= till.getTime()) return;
    // The lateness is kept per leg with its event, once: a later position finds it kept.
    const etaSeconds = Math.floor(eta / 1000);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.markLate(trx, { shipmentId, leg, eta: new Date(etaSeconds * 1000), createdAt: now() }))) return;
      await events.record(trx, [
        { userId: w.senderId, type: 'shipment.late', shipmentId, payload: { reference: w.referenceId, leg, eta: etaSeconds }, dedupeKey: `late:${shipmentId}:${leg}` },
      ]);
    });
  }

  /** `lang`, the driver's language (their request's), names the towns (Luik or Liège). */
  async function getAssigned(driverId: number, shipmentId: number, lang: Locale): Promise<DriverJobRead> {
    const [s] = await shipments.readAssigned(driverId, lang, shipmentId);
    if (!s) throw notFound();
    const mine = await offers.myOffers(driverId, [s.id]);
    return toDriverJob(s, mine.get(s.id) ?? null, true);
  }

  return {
    /** Open shipments with the driver's own offer; addresses only to the street's town until accepted. */
    async listOpen(driverId: number, lang: Locale): Promise<DriverJobRead[]> {
      const open = await shipments.readOpen(100, lang);
      const mine = await offers.myOffers(driverId, open.map((s) => s.id));
      return open.map((s) => toDriverJob(s, mine.get(s.id) ?? null, false));
    },

    /**
     * Issue 21, job board: open jobs the board picked, in its order, in the open list's view (towns
     * and postcodes only) with the driver's own offer.
     */
    async viewOpen(driverId: number, ids: number[], lang: Locale): Promise<DriverJobRead[]> {
      const open = await shipments.readMany(ids, lang);
      const mine = await offers.myOffers(driverId, open.map((s) => s.id));
      return open.map((s) => toDriverJob(s, mine.get(s.id) ?? null, false));
    },

    /** Shipments whose accepted offer is this driver's, with full addresses. */
    async listAssigned(driverId: number, lang: Locale): Promise<DriverJobRead[]> {
      const list = await shipments.readAssigned(driverId, lang);
      const mine = await offers.myOffers(driverId, list.map((s) => s.id));
      return list.map((s) => toDriverJob(s, mine.get(s.id) ?? null, true));
    },

    getAssigned,

    /** A driver moves their shipment along the graph of SPEC section 4; any other move is refused. */
    async driverState(driverId: number, shipmentId: number, to: ShipmentStateName, lang: Locale): Promise<DriverJobRead> {
      const p = await shipments.parties(shipmentId);
      if (!p || p.driverId !== driverId) throw notFound();
      const from = p.state;
      const moved =
        canTransition(from, to, 'driver') &&
        (await db.transaction().execute(async (trx) => {
          if (!(await repo.changeState(trx, shipmentId, driverId, from, to, now()))) return false;
          await shipments.recordStateChanged(trx, shipmentId, to);
          return true;
        }));
      if (!moved) throw new ApiError(409, 'conflict', 'state_change_not_allowed');
      return getAssigned(driverId, shipmentId, lang);
    },

    async driverLocation(driverId: number, shipmentId: number, lat: number, lng: number): Promise<void> {
      const p = await shipments.parties(shipmentId);
      if (!p || p.driverId !== driverId) throw notFound();
      if (p.state === 'finalised' || p.state === 'cancelled') throw new ApiError(409, 'conflict', 'state_change_not_allowed');
      const moved = await db.transaction().execute(async (trx) => {
        if (!(await repo.setLocation(trx, shipmentId, driverId, lat, lng, now()))) return false;
        // Streamed to the sender's screens only: a position is not an activity entry.
        await events.record(trx, [{ userId: p.senderId, type: 'shipment.location', shipmentId, payload: { lat, lng } }]);
        return true;
      });
      if (!moved) return;
      await checkLateness(shipmentId, p.state, lat, lng).catch((err: unknown) => log.warn({ err, shipmentId }, 'lateness check failed'));
    },

    /** The route from the driver's position to the pickup and on (the demo drivers set it); the sender's list changes. */
    async setDriverRoute(id: number, route: { distance: number; duration: number }, at: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await repo.setDriverRoute(trx, id, route, at);
        await shipments.recordChanged(trx, id);
      });
    },
  };
}

export type DriverJobsService = ReturnType<typeof driverJobsService>;
