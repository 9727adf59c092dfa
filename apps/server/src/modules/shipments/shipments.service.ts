import { randomInt } from 'node:crypto';
import {
  canTransition,
  checkShipmentTimes,
  costBreakdown,
  type NewEvent,
  type OfferState,
  type CreateShipmentInput,
  type DriverJobRead,
  type InsuranceChoice,
  type LocationRead,
  type ShipmentRead,
  type ShipmentStateName,
} from '@vm/domain';
import type { Router, TimeZones } from '../../adapters/geo/geo.ts';
import type { Db } from '../../db/database.ts';
import { ApiError, notFound, ValidationFailed } from '../../lib/errors.ts';
import type { EventsService } from '../events/events.service.ts';
import type { FilesService } from '../files/files.service.ts';
import { toShipmentReads } from './shipment-mapper.ts';
import type { ShipmentsRepository } from './shipments.repository.ts';

type Log = { warn: (obj: object, msg: string) => void };
type Deps = { db: Db; repo: ShipmentsRepository; files: FilesService; events: EventsService; router: Router; timeZones: TimeZones; now: () => Date; log: Log };

/** States in which the driver is still on the way to a leg's address, for the lateness check. */
const BEFORE_PICKUP: ReadonlySet<ShipmentStateName> = new Set(['accepted', 'onwaytopickup', 'nearpickup']);
const BEFORE_DELIVERY: ReadonlySet<ShipmentStateName> = new Set(['arrivedpickup', 'loading', 'loaded', 'onwaytodelivery', 'neardelivery']);

// No 0/O or 1/I: reference numbers are read out over the phone.
const REF_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const newReference = () => `VM-${Array.from({ length: 8 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('')}`;

export function shipmentsService({ db, repo, files, events, router, timeZones, now, log }: Deps) {
  /** The sender hears of every state change of their shipment, whoever made it. */
  const stateChanged = (id: number, to: ShipmentStateName) => async (trx: Db) => {
    const c = await repo.eventContext(trx, id);
    await events.record(trx, [{ userId: c.senderId, type: 'shipment.state.changed', shipmentId: id, payload: { reference: c.reference, state: to } }]);
  };

  /** The sender's list changed by their own hand (or the driver's route): streamed, not listed. */
  const changed = (id: number) => async (trx: Db) => {
    const c = await repo.eventContext(trx, id);
    await events.record(trx, [{ userId: c.senderId, type: 'shipment.changed', shipmentId: id, payload: { reference: c.reference } }]);
  };

  /**
   * Once per leg, tells the sender when the driver's estimated arrival (from the router, from the
   * position just reported) falls after the booked window's end. Runs after the position committed:
   * a slow router never holds a transaction.
   */
  async function checkLateness(shipmentId: number, state: ShipmentStateName, lat: number, lng: number): Promise<void> {
    const leg = BEFORE_PICKUP.has(state) ? 'pickup' : BEFORE_DELIVERY.has(state) ? 'delivery' : null;
    const w = leg ? await repo.windows(shipmentId) : null;
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

  return {
    /**
     * Checks everything again (the client is never trusted), routes, then stores shipment, packages
     * and photos together: no shipment without its photos, no photo without its shipment.
     */
    async create(senderId: number, input: CreateShipmentInput, uploads: Map<string, Buffer>): Promise<{ id: number }> {
      const timezones = { pickup: timeZones.lookup(input.pickup.lat, input.pickup.lng), delivery: timeZones.lookup(input.delivery.lat, input.delivery.lng) };
      const errors = [];
      for (const side of ['pickup', 'delivery'] as const) {
        if (input[side].date_timezone !== timezones[side]) errors.push({ field: `${side}.date_timezone`, key: 'timezone_mismatch' });
      }
      // Times are judged on the clock of the pickup's own zone, as the wizard showed them.
      for (const e of checkShipmentTimes({ ...input.pickup, date_timezone: timezones.pickup }, input.delivery, now())) errors.push({ field: e.field, key: e.key });
      const photoFields = input.packages.map((p) => p.photos);
      for (const [i, fields] of photoFields.entries()) {
        for (const f of fields) if (!uploads.has(f)) errors.push({ field: `packages.${i}.photos`, key: 'file_missing' });
      }
      if (errors.length) throw new ValidationFailed(errors);

      const route = await router.route(input.pickup, input.delivery);
      const prepared = await files.prepareImages(senderId, 'package_photo', photoFields.flat().map((f) => uploads.get(f)!));
      let cursor = 0;
      const photos = photoFields.map((fields) => fields.map(() => prepared.ids[cursor++]!));
      try {
        const id = await db.transaction().execute(async (trx) => {
          await prepared.record(trx);
          const id = await repo.insert(trx, { referenceId: newReference(), senderId, input, timezones, route, photos, now: now() });
          await changed(id)(trx);
          return id;
        });
        return { id };
      } catch (err) {
        await prepared.discard();
        throw err;
      }
    },

    async get(senderId: number, id: number): Promise<ShipmentRead> {
      const [s] = toShipmentReads(await repo.findForSender(id, senderId));
      if (!s) throw notFound();
      return s;
    },

    list: async (senderId: number) => toShipmentReads(await repo.listForSender(senderId)),
    listVersion: (senderId: number) => repo.senderListVersion(senderId),

    /** The sender cancels; only a new shipment can be (SPEC section 4). */
    async cancel(senderId: number, id: number): Promise<ShipmentRead> {
      const s = await this.get(senderId, id);
      const from = s.current_state.state;
      if (!canTransition(from, 'cancelled', 'sender') || !(await repo.changeState(id, { senderId }, from, 'cancelled', now(), stateChanged(id, 'cancelled')))) {
        throw new ApiError(409, 'conflict', 'state_change_not_allowed');
      }
      return this.get(senderId, id);
    },

    async setInsurance(senderId: number, id: number, insurance: InsuranceChoice): Promise<ShipmentRead> {
      await this.get(senderId, id);
      if (!(await repo.setInsurance(id, senderId, insurance, now(), changed(id)))) throw new ApiError(409, 'conflict', 'insurance_locked');
      return this.get(senderId, id);
    },

    /** A sender rates the driver of a finalised shipment, or its driver rates the sender; once each. */
    async rate(authorId: number, shipmentId: number, rating: number): Promise<void> {
      const p = await repo.parties(shipmentId);
      if (!p || (p.senderId !== authorId && p.driverId !== authorId)) throw notFound();
      if (p.state !== 'finalised' || p.driverId === null) throw new ApiError(409, 'conflict', 'rating_not_allowed');
      const ratingableId = authorId === p.senderId ? p.driverId : p.senderId;
      const told = async (trx: Db) => {
        const c = await repo.eventContext(trx, shipmentId);
        const list: NewEvent[] = [{ userId: ratingableId, type: 'shipment.rating.new', shipmentId, payload: { reference: c.reference, rating } }];
        // The sender's own rating changes their list too (the ratings card).
        if (authorId === c.senderId) list.push({ userId: authorId, type: 'shipment.changed', shipmentId, payload: { reference: c.reference } });
        await events.record(trx, list);
      };
      if (!(await repo.insertRating({ shipmentId, authorId, ratingableId, rating }, now(), told))) throw new ApiError(409, 'conflict', 'rating_already_given');
    },

    // --- drivers ---

    /** Open shipments with the driver's own offer; addresses only to the street's town until accepted. */
    async listOpen(driverId: number): Promise<DriverJobRead[]> {
      const open = toShipmentReads(await repo.listOpen(now(), 100));
      const mine = await repo.offersOfDriver(driverId, open.map((s) => s.id));
      return open.map((s) => toDriverJob(s, mine.find((o) => o.shipmentId === s.id) ?? null, false));
    },

    /** Shipments whose accepted offer is this driver's, with full addresses. */
    async listAssigned(driverId: number): Promise<DriverJobRead[]> {
      const list = toShipmentReads(await repo.listForDriver(driverId));
      const mine = await repo.offersOfDriver(driverId, list.map((s) => s.id));
      return list.map((s) => toDriverJob(s, mine.find((o) => o.shipmentId === s.id) ?? null, true));
    },

    async offer(driverId: number, shipmentId: number, priceCents: number): Promise<{ id: number }> {
      if (!(await repo.parties(shipmentId))) throw notFound();
      const id = await repo.upsertOffer(shipmentId, driverId, priceCents, now(), async (trx, offerId) => {
        const c = await repo.eventContext(trx, shipmentId);
        const total = costBreakdown(priceCents, c.insurance).total.aftertaxes / 100;
        const driverName = await repo.shortNameOf(trx, driverId);
        await events.record(trx, [{ userId: c.senderId, type: 'shipment.offer.new', shipmentId, payload: { reference: c.reference, offer_id: offerId, driver_name: driverName, total } }]);
      });
      if (id === null) throw new ApiError(409, 'conflict', 'shipment_not_open');
      if (id === 'payment_in_progress') throw new ApiError(409, 'conflict', 'payment_in_progress');
      return { id };
    },

    async withdraw(driverId: number, shipmentId: number): Promise<void> {
      const told = async (trx: Db) => {
        const c = await repo.eventContext(trx, shipmentId);
        await events.record(trx, [{ userId: c.senderId, type: 'shipment.offer.withdrawn', shipmentId, payload: { reference: c.reference, driver_name: await repo.shortNameOf(trx, driverId) } }]);
      };
      const withdrawn = await repo.withdrawOffer(shipmentId, driverId, now(), told);
      if (withdrawn === 'payment_in_progress') throw new ApiError(409, 'conflict', 'payment_in_progress');
      if (!withdrawn) throw notFound();
    },

    /** A driver moves their shipment along the graph of SPEC section 4; any other move is refused. */
    async driverState(driverId: number, shipmentId: number, to: ShipmentStateName): Promise<DriverJobRead> {
      const p = await repo.parties(shipmentId);
      if (!p || p.driverId !== driverId) throw notFound();
      if (!canTransition(p.state, to, 'driver') || !(await repo.changeState(shipmentId, { driverId }, p.state, to, now(), stateChanged(shipmentId, to)))) {
        throw new ApiError(409, 'conflict', 'state_change_not_allowed');
      }
      return this.getAssigned(driverId, shipmentId);
    },

    async driverLocation(driverId: number, shipmentId: number, lat: number, lng: number): Promise<void> {
      const p = await repo.parties(shipmentId);
      if (!p || p.driverId !== driverId) throw notFound();
      if (p.state === 'finalised' || p.state === 'cancelled') throw new ApiError(409, 'conflict', 'state_change_not_allowed');
      // Streamed to the sender's screens only: a position is not an activity entry.
      const moved = async (trx: Db) => {
        await events.record(trx, [{ userId: p.senderId, type: 'shipment.location', shipmentId, payload: { lat, lng } }]);
      };
      if (!(await repo.setLocation(shipmentId, driverId, lat, lng, now(), moved))) return;
      await checkLateness(shipmentId, p.state, lat, lng).catch((err: unknown) => log.warn({ err, shipmentId }, 'lateness check failed'));
    },

    /**
     * The scheduled check: new shipments whose pickup window closed with no accepted offer are
     * reported to their sender once (the event's key makes a second find, by any process, a no-op).
     */
    async reportExpired(): Promise<number> {
      const found = await repo.expiredUnreported(now(), 100);
      if (found.length === 0) return 0;
      const list: NewEvent[] = found.map((s) => ({ userId: s.senderId, type: 'shipment.expired', shipmentId: s.id, payload: { reference: s.referenceId }, dedupeKey: `expired:${s.id}` }));
      await events.recordAlone(list);
      return found.length;
    },

    async getAssigned(driverId: number, shipmentId: number): Promise<DriverJobRead> {
      const [s] = toShipmentReads(await repo.findForDriver(shipmentId, driverId));
      if (!s) throw notFound();
      const mine = await repo.offersOfDriver(driverId, [s.id]);
      return toDriverJob(s, mine[0] ?? null, true);
    },

    // --- used by the payments module ---
    findOpenOffer: repo.findOpenOffer,
    acceptOffer: repo.acceptOffer,
    eventContext: repo.eventContext,
    parties: repo.parties,
    setDriverRoute: (id: number, route: { distance: number; duration: number }, at: Date) => repo.setDriverRoute(id, route, at, changed(id)),
  };
}

/** The driver's view: no other driver's offers; before acceptance no street, number, name or instructions. */
function toDriverJob(s: ShipmentRead, mine: { id: number; priceCents: number; state: OfferState } | null, assigned: boolean): DriverJobRead {
  const { offers: _offers, accepted_offer: _accepted, ...rest } = s;
  const hide = (l: LocationRead): LocationRead =>
    assigned ? l : { ...l, notes: '', address: { ...l.address, name: '', street: '', number: '', box: '', formatted: `${l.address.zip} ${l.address.city}`.trim() } };
  return {
    ...rest,
    pickup_location: hide(s.pickup_location),
    delivery_location: hide(s.delivery_location),
    my_offer: mine ? { id: mine.id, price: mine.priceCents / 100, state: mine.state } : null,
  };
}

export type ShipmentsService = ReturnType<typeof shipmentsService>;
