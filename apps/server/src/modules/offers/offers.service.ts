import { ACCEPTED, costBreakdown, isOpenForOffers, type Locale, type ShipmentRead } from '@vm/domain';
import type { Db, Executor } from '../../db/database.ts';
import { jobConflict, notFound } from '../../lib/errors.ts';
import type { DriverAccountsService } from '../driver-accounts/driver-accounts.service.ts';
import type { EventsService } from '../events/events.service.ts';
import type { LockedJob, ShipmentsService } from '../shipments/shipments.service.ts';
import { type MyOfferRead, toMyOffer } from './offers.mapper.ts';
import * as repo from './offers.repository.ts';

export type { MyOfferRead } from './offers.mapper.ts';
/** An offer on a sender's own shipment as the accept checks it: price in cents, and the driver's newer price if re-priced. */
export type OfferToAccept = repo.OfferToAccept;

type Deps = {
  db: Db;
  shipments: Pick<ShipmentsService, 'parties' | 'eventContext' | 'prepareChange' | 'applyChange' | 'get' | 'saleVatPercent' | 'withJob' | 'transition'>;
  driverAccounts: Pick<DriverAccountsService, 'bidVehicle'>;
  events: EventsService;
  now: () => Date;
  /** Issue 22: the platform's commission on a driver's price, kept on each offer as the driver saw it. */
  commissionPercent: number;
};

/**
 * Drivers' offers (SPEC section 5): make, re-price and withdraw; the standing offer a sender
 * accepts, and the accept itself inside the payment's transaction.
 */
export function offersService({ db, shipments, driverAccounts, events, now, commissionPercent }: Deps) {
  return {
    /**
     * Makes or re-prices a driver's offer, only while the shipment is new and its pickup window
     * open. A new price is a new offer (a new id) that replaces the standing one, so an accept
     * always charges the price behind the id the sender confirmed; the same price changes nothing.
     * Bumps the shipment's revision so the sender's list ETag changes. Only a driver who may bid
     * (approved, documents and licence valid) offers, with one of their vehicles.
     */
    async offer(driverId: number, shipmentId: number, priceCents: number, vehicleId?: number): Promise<{ id: number }> {
      const at = now();
      const id = await shipments.withJob(shipmentId, async (job, trx) => {
        if (!isOpenForOffers({ state: job.state, pickup_date_till: job.pickupDateTill.getTime() / 1000 }, at.getTime() / 1000)) throw jobConflict('shipment_not_open', job.state);
        // Under the job's lock, as a sender's payment claim takes it: a price cannot change under a
        // payment in progress (read after the lock, so a claim just made is seen).
        if (await repo.paymentPending(trx, shipmentId)) throw jobConflict('payment_in_progress', job.state);
        await repo.bumpShipment(trx, shipmentId, at);
        const vehicle = await driverAccounts.bidVehicle(trx, driverId, vehicleId, await repo.loadOf(trx, shipmentId));
        const standing = await repo.standingOffer(trx, shipmentId, driverId);
        if (standing?.state === 'accepted') throw jobConflict('shipment_not_open', job.state);
        if (standing?.priceCents === priceCents) return standing.id;
        // The standing offer steps aside first: the unique index allows one open offer per driver.
        if (standing) await repo.markReplaced(trx, standing.id, at);
        const id = await repo.insertOffer(trx, { shipmentId, driverId, vehicleId: vehicle, priceCents, commissionBp: Math.round(commissionPercent * 100), state: 'open', createdAt: at, updatedAt: at });
        if (standing) await repo.linkReplacement(trx, standing.id, id);
        const c = await shipments.eventContext(trx, shipmentId);
        const total = costBreakdown(priceCents, c.insurance, await shipments.saleVatPercent(trx, shipmentId)).total.aftertaxes / 100;
        const driverName = await repo.shortNameOf(trx, driverId);
        await events.record(trx, [{ userId: c.senderId, type: 'shipment.offer.new', shipmentId, payload: { reference: c.reference, offer_id: id, driver_name: driverName, total } }]);
        return id;
      });
      return { id };
    },

    /** Withdraws a driver's open offer; never under a payment in progress (the shipment row is locked first, as a claim locks it). */
    async withdraw(driverId: number, shipmentId: number): Promise<void> {
      const at = now();
      const withdrawn = await shipments.withJob(shipmentId, async (job, trx) => {
        if (await repo.paymentPending(trx, shipmentId)) throw jobConflict('payment_in_progress', job.state);
        if (!(await repo.withdrawOpen(trx, shipmentId, driverId, at))) return false;
        await repo.bumpShipment(trx, shipmentId, at);
        const c = await shipments.eventContext(trx, shipmentId);
        await events.record(trx, [{ userId: c.senderId, type: 'shipment.offer.withdrawn', shipmentId, payload: { reference: c.reference, driver_name: await repo.shortNameOf(trx, driverId) } }]);
        return true;
      });
      if (!withdrawn) throw notFound();
    },

    /**
     * The sender changes a job before acceptance. The change and what it does to the open offers
     * (withdrawn or kept, by the domain's offersStay rule) commit together, and every driver who had
     * an open offer is told which.
     */
    async changeShipment(senderId: number, shipmentId: number, body: unknown, lang: Locale): Promise<ShipmentRead> {
      const change = await shipments.prepareChange(senderId, shipmentId, body);
      const at = now();
      await db.transaction().execute(async (trx) => {
        await shipments.applyChange(trx, change);
        const drivers = await repo.openOfferDrivers(trx, shipmentId);
        if (!change.offersStay) await repo.withdrawAllOpen(trx, shipmentId, at);
        const c = await shipments.eventContext(trx, shipmentId);
        await events.record(
          trx,
          drivers.map((userId) => ({ userId, type: 'shipment.details.changed' as const, shipmentId, payload: { reference: c.reference, offer_withdrawn: !change.offersStay } })),
        );
      });
      return shipments.get(senderId, shipmentId, lang);
    },

    /** The driver's current offer per shipment (the newest that was not replaced), for their job lists. */
    async myOffers(driverId: number, shipmentIds: number[]): Promise<Map<number, MyOfferRead>> {
      const mine = new Map<number, MyOfferRead>();
      for (const o of await repo.offersOfDriver(db, driverId, shipmentIds)) if (!mine.has(o.shipmentId)) mine.set(o.shipmentId, toMyOffer(o));
      return mine;
    },

    // --- for the payments module ---

    /** The offer a sender asks to accept, on their own shipment; null when it is not theirs or not found. */
    findOpenOffer: (shipmentId: number, offerId: number, senderId: number): Promise<OfferToAccept | null> => repo.findOpenOffer(db, shipmentId, offerId, senderId),

    /**
     * Accepts the offer inside the payment's transaction, which holds the job's lock: the job moves
     * to accepted (its one transition) and every other driver with an open offer is told theirs was
     * not chosen. False when the offer is no longer open; the caller then must not keep the money.
     */
    async acceptOffer(trx: Executor, job: LockedJob, offerId: number, at: Date): Promise<boolean> {
      if (!(await repo.markAccepted(trx, offerId, at))) return false;
      // The sender hears of it as an accepted offer (with the receipt), not as a bare state change.
      await shipments.transition(trx, job, ACCEPTED, 'system', { acceptedOfferId: offerId, notify: false });
      const losers = await repo.openOfferDrivers(trx, job.id);
      if (losers.length) await events.record(trx, losers.map((userId) => ({ userId, type: 'shipment.offer.not_chosen' as const, shipmentId: job.id, payload: { reference: job.reference } })));
      return true;
    },
  };
}

export type OffersService = ReturnType<typeof offersService>;
