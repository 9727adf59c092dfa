import { randomInt } from 'node:crypto';
import {
  canTransition,
  checkShipmentTimes,
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
import type { FilesService } from '../files/files.service.ts';
import type { ShipmentsRepository } from './shipments.repository.ts';

type Deps = { db: Db; repo: ShipmentsRepository; files: FilesService; router: Router; timeZones: TimeZones; now: () => Date };

// No 0/O or 1/I: reference numbers are read out over the phone.
const REF_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const newReference = () => `VM-${Array.from({ length: 8 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('')}`;

export function shipmentsService({ db, repo, files, router, timeZones, now }: Deps) {
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
          return repo.insert(trx, { referenceId: newReference(), senderId, input, timezones, route, photos, now: now() });
        });
        return { id };
      } catch (err) {
        await prepared.discard();
        throw err;
      }
    },

    async get(senderId: number, id: number): Promise<ShipmentRead> {
      const s = await repo.findForSender(id, senderId);
      if (!s) throw notFound();
      return s;
    },

    list: (senderId: number) => repo.listForSender(senderId),
    listVersion: (senderId: number) => repo.senderListVersion(senderId),

    /** The sender cancels; only a new shipment can be (SPEC section 4). */
    async cancel(senderId: number, id: number): Promise<ShipmentRead> {
      const s = await this.get(senderId, id);
      const from = s.current_state.state as ShipmentStateName;
      if (!canTransition(from, 'cancelled', 'sender') || !(await repo.changeState(id, { senderId }, from, 'cancelled', now()))) {
        throw new ApiError(409, 'conflict', 'state_change_not_allowed');
      }
      return this.get(senderId, id);
    },

    async setInsurance(senderId: number, id: number, insurance: InsuranceChoice): Promise<ShipmentRead> {
      await this.get(senderId, id);
      if (!(await repo.setInsurance(id, senderId, insurance, now()))) throw new ApiError(409, 'conflict', 'insurance_locked');
      return this.get(senderId, id);
    },

    /** A sender rates the driver of a finalised shipment, or its driver rates the sender; once each. */
    async rate(authorId: number, shipmentId: number, rating: number): Promise<void> {
      const p = await repo.parties(shipmentId);
      if (!p || (p.senderId !== authorId && p.driverId !== authorId)) throw notFound();
      if (p.state !== 'finalised' || p.driverId === null) throw new ApiError(409, 'conflict', 'rating_not_allowed');
      const ratingableId = authorId === p.senderId ? p.driverId : p.senderId;
      if (!(await repo.insertRating({ shipmentId, authorId, ratingableId, rating }, now()))) throw new ApiError(409, 'conflict', 'rating_already_given');
    },

    // --- drivers ---

    /** Open shipments with the driver's own offer; addresses only to the street's town until accepted. */
    async listOpen(driverId: number): Promise<DriverJobRead[]> {
      const open = await repo.listOpen(now(), 100);
      const mine = await repo.offersOfDriver(driverId, open.map((s) => s.id));
      return open.map((s) => toDriverJob(s, mine.find((o) => o.shipmentId === s.id) ?? null, false));
    },

    /** Shipments whose accepted offer is this driver's, with full addresses. */
    async listAssigned(driverId: number): Promise<DriverJobRead[]> {
      const list = await repo.listForDriver(driverId);
      const mine = await repo.offersOfDriver(driverId, list.map((s) => s.id));
      return list.map((s) => toDriverJob(s, mine.find((o) => o.shipmentId === s.id) ?? null, true));
    },

    async offer(driverId: number, shipmentId: number, priceCents: number): Promise<{ id: number }> {
      if (!(await repo.parties(shipmentId))) throw notFound();
      const id = await repo.upsertOffer(shipmentId, driverId, priceCents, now());
      if (id === null) throw new ApiError(409, 'conflict', 'shipment_not_open');
      return { id };
    },

    async withdraw(driverId: number, shipmentId: number): Promise<void> {
      if (!(await repo.withdrawOffer(shipmentId, driverId, now()))) throw notFound();
    },

    /** A driver moves their shipment along the graph of SPEC section 4; any other move is refused. */
    async driverState(driverId: number, shipmentId: number, to: ShipmentStateName): Promise<DriverJobRead> {
      const p = await repo.parties(shipmentId);
      if (!p || p.driverId !== driverId) throw notFound();
      if (!canTransition(p.state, to, 'driver') || !(await repo.changeState(shipmentId, { driverId }, p.state, to, now()))) {
        throw new ApiError(409, 'conflict', 'state_change_not_allowed');
      }
      return this.getAssigned(driverId, shipmentId);
    },

    async driverLocation(driverId: number, shipmentId: number, lat: number, lng: number): Promise<void> {
      const p = await repo.parties(shipmentId);
      if (!p || p.driverId !== driverId) throw notFound();
      if (p.state === 'finalised' || p.state === 'cancelled') throw new ApiError(409, 'conflict', 'state_change_not_allowed');
      await repo.setLocation(shipmentId, driverId, lat, lng, now());
    },

    async getAssigned(driverId: number, shipmentId: number): Promise<DriverJobRead> {
      const s = await repo.findForDriver(shipmentId, driverId);
      if (!s) throw notFound();
      const mine = await repo.offersOfDriver(driverId, [s.id]);
      return toDriverJob(s, mine[0] ?? null, true);
    },

    // --- used by the payments module ---
    findOpenOffer: repo.findOpenOffer,
    acceptOffer: repo.acceptOffer,
    parties: repo.parties,
    setDriverRoute: repo.setDriverRoute,
  };
}

/** The driver's view: no other driver's offers; before acceptance no street, number, name or instructions. */
function toDriverJob(s: ShipmentRead, mine: { id: number; priceCents: number; state: string } | null, assigned: boolean): DriverJobRead {
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
