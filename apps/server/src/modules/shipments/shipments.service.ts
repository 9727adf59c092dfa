import { randomInt } from 'node:crypto';
import { addPhotosSchema, changeableBySender, changeShipmentSchema, MAX_PHOTOS, offersStay } from '@vm/domain';
import { parseBody } from '../../lib/validate.ts';
import { SHIPMENT_STATE, saleVatPercent, type ChangeShipmentInput, checkShipmentTimes, type CreateShipmentInput, type InsuranceChoice, type Locale, type NewEvent, packageSize, type ShipmentRead } from '@vm/domain';
import type { Router, TimeZones } from '../../adapters/geo/geo.ts';
import type { Db, Executor } from '../../db/database.ts';
import { ApiError, jobConflict, notFound, ValidationFailed } from '../../lib/errors.ts';
import { placeIdOf } from '../../lib/places.ts';
import type { EventsService } from '../events/events.service.ts';
import type { FilesService } from '../files/files.service.ts';
import { toShipmentReads } from './shipments.mapper.ts';
import { jobLifecycle, type LockedJob } from './lifecycle.ts';
import * as repo from './shipments.repository.ts';

export type { LockedJob } from './lifecycle.ts';

/** Who sent a shipment, its state, and which driver (if any) has its accepted offer. */
export type ShipmentParties = repo.ShipmentParties;
/** What event texts need to know of a shipment: its reference, parties, places and insurance. */
export type ShipmentEventContext = repo.ShipmentEventContext;

type Deps = { db: Db; files: FilesService; events: EventsService; router: Router; timeZones: TimeZones; now: () => Date };

// No 0/O or 1/I: reference numbers are read out over the phone.
const REF_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const newReference = () => `VM-${Array.from({ length: 8 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('')}`;

const fromSeconds = (s: number) => new Date(s * 1000);

/** The wire's place (seconds, snake case) as the repository stores it, in the zone the server looked up. */
function toNewPlace(v: CreateShipmentInput['pickup'], timezone: string): repo.NewPlace {
  return {
    dateFrom: fromSeconds(v.date_from),
    dateTill: fromSeconds(v.date_till),
    timezone,
    lat: v.lat,
    lng: v.lng,
    street: v.street,
    number: v.number,
    box: v.box,
    zip: v.zip,
    city: v.city,
    placeId: placeIdOf(v.zip, v.city, v.country),
    country: v.country,
    notes: v.notes,
    name: v.name,
  };
}

/** A change checked and routed, ready to be written inside the offers module's transaction. */
export type PreparedChange = { id: number; senderId: number; pickup: repo.NewPlace; delivery: repo.NewPlace; route: repo.NewShipment['route']; descriptions: ChangeShipmentInput['packages']; offersStay: boolean };

/** Predefined types count with their maximum size; a pallet with its fixed footprint. */
function toNewPackage(p: CreateShipmentInput['packages'][number], photos: string[]): repo.NewPackage {
  const size = packageSize(p);
  return {
    type: p.type,
    description: p.description,
    notes: p.notes,
    width: size.width,
    height: size.height,
    length: size.length,
    weight: size.weight,
    tags: p.tags,
    palletType: 'pallet_type' in p ? p.pallet_type : null,
    mustBeTraded: 'must_be_traded' in p ? p.must_be_traded : false,
    photos,
  };
}

/**
 * Sender bookings (SPEC sections 2 to 4): create, list, read, cancel, insurance, rating, and the
 * expiry report. Also the one read of a shipment's wire shape, which the driver jobs and payments
 * modules use through the functions at the end.
 */
export function shipmentsService({ db, files, events, router, timeZones, now }: Deps) {
  const lifecycle = jobLifecycle({ db, events, now });

  /**
   * The sender's own job, locked, that they may still change: open for offers, no accepted offer,
   * no payment at the bank (the price must not move under it). 404 for another sender's job, 409
   * (naming its state) otherwise.
   */
  async function lockChangeable(trx: Executor, id: number, senderId: number, refusal: string): Promise<LockedJob> {
    const job = await lifecycle.lockJob(trx, id);
    if (!job || job.senderId !== senderId) throw notFound();
    if (SHIPMENT_STATE[job.state].phase !== 'open' || job.acceptedOfferId !== null || (await repo.paymentPending(trx, id))) throw jobConflict(refusal, job.state);
    return job;
  }

  /** The sender's list changed by their own hand (or the driver's route): streamed, not listed. */
  async function recordChanged(trx: Executor, id: number): Promise<void> {
    const c = await repo.eventContext(trx, id);
    await events.record(trx, [{ userId: c.senderId, type: 'shipment.changed', shipmentId: id, payload: { reference: c.reference } }]);
  }

  /** Towns are named in `lang`, the reader's language (Luik for a Dutch reader, Liège for a French one). */
  async function get(senderId: number, id: number, lang: Locale): Promise<ShipmentRead> {
    const [s] = toShipmentReads(await repo.findForSender(db, id, senderId), lang);
    if (!s) throw notFound();
    return s;
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
      const shipment: repo.NewShipment = {
        referenceId: newReference(),
        senderId,
        insurance: input.insurance,
        pickup: toNewPlace(input.pickup, timezones.pickup),
        delivery: toNewPlace(input.delivery, timezones.delivery),
        route,
        packages: input.packages.map((p, i) => toNewPackage(p, photos[i] ?? [])),
        now: now(),
      };
      try {
        const id = await db.transaction().execute(async (trx) => {
          await prepared.record(trx);
          const id = await repo.insert(trx, shipment);
          await recordChanged(trx, id);
          return id;
        });
        return { id };
      } catch (err) {
        await prepared.discard();
        throw err;
      }
    },

    /**
     * Checks a change to a job as create checks a booking (the same zones and time rules, a window
     * left as it was is not judged again) and routes it; the offers module writes it with what it
     * does to the open offers. Another sender's job is 404; a job no longer changeable is 409.
     */
    async prepareChange(senderId: number, id: number, body: unknown): Promise<PreparedChange> {
      // Read for its facts only (towns are not compared), so in any language.
      const s = await get(senderId, id, 'nl');
      const input = parseBody(changeShipmentSchema, body);
      if (!changeableBySender(s)) throw jobConflict('shipment_locked', s.current_state.state);
      const timezones = { pickup: timeZones.lookup(input.pickup.lat, input.pickup.lng), delivery: timeZones.lookup(input.delivery.lat, input.delivery.lng) };
      const errors = [];
      for (const side of ['pickup', 'delivery'] as const) {
        if (input[side].date_timezone !== timezones[side]) errors.push({ field: `${side}.date_timezone`, key: 'timezone_mismatch' });
      }
      const sameTimes =
        input.pickup.date_from === s.pickup_date_from && input.pickup.date_till === s.pickup_date_till && input.delivery.date_from === s.delivery_date_from && input.delivery.date_till === s.delivery_date_till;
      if (!sameTimes) for (const e of checkShipmentTimes({ ...input.pickup, date_timezone: timezones.pickup }, input.delivery, now())) errors.push({ field: e.field, key: e.key });
      const known = new Set(s.packages.map((p) => p.id));
      for (const [i, p] of input.packages.entries()) if (!known.has(p.id)) errors.push({ field: `packages.${i}.id`, key: 'invalid_body' });
      if (errors.length) throw new ValidationFailed(errors);

      const stop = (l: ShipmentRead['pickup_location'], from: number, till: number) => ({ date_from: from, date_till: till, lat: l.lat, lng: l.lng, ...l.address });
      const before = { pickup: stop(s.pickup_location, s.pickup_date_from, s.pickup_date_till), delivery: stop(s.delivery_location, s.delivery_date_from, s.delivery_date_till), descriptions: new Map(s.packages.map((p) => [p.id, p.description])) };
      const moved = ['pickup', 'delivery'].some((k) => before[k as 'pickup'].lat !== input[k as 'pickup'].lat || before[k as 'pickup'].lng !== input[k as 'pickup'].lng);
      const route = moved ? await router.route(input.pickup, input.delivery) : { points: s.route.points, distance: s.route.distance, duration: s.route.duration, estimated: s.route.estimated };
      return {
        id,
        senderId,
        pickup: toNewPlace(input.pickup, timezones.pickup),
        delivery: toNewPlace(input.delivery, timezones.delivery),
        route,
        descriptions: input.packages,
        offersStay: offersStay(before, input),
      };
    },

    /**
     * Photos added to a package of a job that can still change: checked as at booking (content,
     * size, how many the type takes), stored and linked together or not at all. They show the same
     * goods, so open offers stay (decision 0023).
     */
    async addPhotos(senderId: number, id: number, content: unknown, uploads: Map<string, Buffer>, lang: Locale): Promise<ShipmentRead> {
      const s = await get(senderId, id, lang);
      const input = parseBody(addPhotosSchema, content);
      if (!changeableBySender(s)) throw jobConflict('shipment_locked', s.current_state.state);
      const pkg = s.packages.find((p) => p.id === input.package_id);
      if (!pkg) throw new ValidationFailed([{ field: 'package_id', key: 'invalid_body' }]);
      const errors = [];
      if (new Set(input.photos).size < input.photos.length) errors.push({ field: 'photos', key: 'photo_used_twice' });
      if (pkg.attachments.length + input.photos.length > MAX_PHOTOS[pkg.type]) errors.push({ field: 'photos', key: 'too_many_photos' });
      for (const f of input.photos) if (!uploads.has(f)) errors.push({ field: 'photos', key: 'file_missing' });
      if (errors.length) throw new ValidationFailed(errors);
      const prepared = await files.prepareImages(senderId, 'package_photo', input.photos.map((f) => uploads.get(f)!));
      try {
        await db.transaction().execute(async (trx) => {
          await lockChangeable(trx, id, senderId, 'shipment_locked');
          await repo.bumpRevision(trx, id, now());
          await prepared.record(trx);
          await repo.addPackagePhotos(trx, pkg.id, prepared.ids);
          await recordChanged(trx, id);
        });
      } catch (err) {
        await prepared.discard();
        throw err;
      }
      return get(senderId, id, lang);
    },

    /** A photo taken off a package of a job that can still change; another job's or an unknown photo is 404. */
    async removePhoto(senderId: number, id: number, photoId: string, lang: Locale): Promise<ShipmentRead> {
      const s = await get(senderId, id, lang);
      const pkg = s.packages.find((p) => p.attachments.some((a) => a.id === photoId));
      if (!pkg) throw notFound();
      if (!changeableBySender(s)) throw jobConflict('shipment_locked', s.current_state.state);
      const removed = await db.transaction().execute(async (trx) => {
        await lockChangeable(trx, id, senderId, 'shipment_locked');
        if (!(await repo.removePackagePhoto(trx, pkg.id, photoId))) return false;
        await repo.bumpRevision(trx, id, now());
        await recordChanged(trx, id);
        return true;
      });
      if (!removed) throw notFound();
      // The image row and its files go after the commit; an orphan left by a crash is swept.
      await files.removeImage(photoId);
      return get(senderId, id, lang);
    },

    /** Writes a prepared change inside the caller's transaction, under the job's lock; 409 when the job stopped being changeable meanwhile. */
    async applyChange(trx: Executor, c: PreparedChange): Promise<void> {
      await lockChangeable(trx, c.id, c.senderId, 'shipment_locked');
      await repo.changeDetails(trx, { ...c, now: now() });
      await recordChanged(trx, c.id);
    },

    get,

    list: async (senderId: number, lang: Locale) => toShipmentReads(await repo.listForSender(db, senderId), lang),
    listVersion: (senderId: number) => repo.senderListVersion(db, senderId),

    async setInsurance(senderId: number, id: number, insurance: InsuranceChoice, lang: Locale): Promise<ShipmentRead> {
      await lifecycle.withJob(id, async (job, trx) => {
        await lockChangeable(trx, job.id, senderId, 'insurance_locked');
        await repo.setInsurance(trx, id, insurance, now());
        await recordChanged(trx, id);
      });
      return get(senderId, id, lang);
    },

    /** A sender rates the driver of a finalised shipment, or its driver rates the sender; once each. */
    async rate(authorId: number, shipmentId: number, rating: number): Promise<void> {
      const p = await repo.parties(db, shipmentId);
      if (!p || (p.senderId !== authorId && p.driverId !== authorId)) throw notFound();
      if (SHIPMENT_STATE[p.state].phase !== 'done' || p.driverId === null) throw jobConflict('rating_not_allowed', p.state);
      const ratingableId = authorId === p.senderId ? p.driverId : p.senderId;
      const rated = await db.transaction().execute(async (trx) => {
        if (!(await repo.insertRating(trx, { shipmentId, authorId, ratingableId, rating }, now()))) return false;
        const c = await repo.eventContext(trx, shipmentId);
        const list: NewEvent[] = [{ userId: ratingableId, type: 'shipment.rating.new', shipmentId, payload: { reference: c.reference, rating } }];
        // The sender's own rating changes their list too (the ratings card).
        if (authorId === c.senderId) list.push({ userId: authorId, type: 'shipment.changed', shipmentId, payload: { reference: c.reference } });
        await events.record(trx, list);
        return true;
      });
      if (!rated) throw new ApiError(409, 'conflict', 'rating_already_given');
    },

    /**
     * The scheduled check: new shipments whose pickup window closed with no accepted offer are
     * reported to their sender once (the event's key makes a second find, by any process, a no-op).
     */
    async reportExpired(): Promise<number> {
      const found = await repo.expiredUnreported(db, now(), 100);
      if (found.length === 0) return 0;
      const list: NewEvent[] = found.map((s) => ({ userId: s.senderId, type: 'shipment.expired', shipmentId: s.id, payload: { reference: s.referenceId }, dedupeKey: `expired:${s.id}` }));
      await events.recordAlone(list);
      return found.length;
    },

    // --- for the offers, driver jobs, payments and tracking modules ---

    parties: (id: number): Promise<ShipmentParties | null> => repo.parties(db, id),

    /** Read inside the caller's transaction, for the events it writes. */
    eventContext: (trx: Executor, id: number): Promise<ShipmentEventContext> => repo.eventContext(trx, id),
    /** The VAT percent of the platform's sale of this shipment to its sender (issue 22: reverse charge, the place of supply), for the price shown and charged. */
    async saleVatPercent(executor: Executor, id: number): Promise<number> {
      const f = await repo.saleVatFacts(executor, id);
      return saleVatPercent({ company_vat: f?.vat ?? null, country: f?.country ?? 'BE', pickup_country: f?.pickupCountry ?? 'BE', delivery_country: f?.deliveryCountry ?? 'BE' });
    },

    recordChanged,

    /** The job's lock and its one state transition (lifecycle.ts): every module that changes a job or its money goes through these. */
    lockJob: lifecycle.lockJob,
    withJob: lifecycle.withJob,
    transition: lifecycle.transition,
    lockJobsOf: lifecycle.lockJobsOf,
    deliveredAt: lifecycle.deliveredAt,

    /** Shipments open for offers (new, pickup window open), soonest pickup first, in the sender's full read. */
    readOpen: async (limit: number, lang: Locale): Promise<ShipmentRead[]> => toShipmentReads(await repo.listOpen(db, now(), limit), lang),

    /** Issue 21, job board: these shipments (the board's page, in its order), in the sender's full read; the caller hides what a driver may not see. */
    /** Jobs as a driver sees them while open for offers: no offers (a driver sees only their own), ratings or lateness. */
    readOpenMany: async (ids: number[], lang: Locale): Promise<ShipmentRead[]> => (ids.length ? toShipmentReads(await repo.findOpenMany(db, ids), lang) : []),

    /** The shipments whose accepted offer is this driver's (one when id is given), in the sender's full read. */
    readAssigned: async (driverId: number, lang: Locale, id?: number): Promise<ShipmentRead[]> =>
      toShipmentReads(id === undefined ? await repo.listForDriver(db, driverId) : await repo.findForDriver(db, id, driverId), lang),
  };
}

export type ShipmentsService = ReturnType<typeof shipmentsService>;
