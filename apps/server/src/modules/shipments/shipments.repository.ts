import { type CreateShipmentInput, type InsuranceChoice, type Leg, type OfferState, packageSize, shortName, type VehicleType } from '@vm/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PackagesTable, ShipmentLatenessTable, ShipmentState, ShipmentStatesTable, ShipmentsTable } from '../../db/schema.ts';

export type NewShipment = {
  referenceId: string;
  senderId: number;
  input: CreateShipmentInput;
  timezones: { pickup: string; delivery: string };
  route: { points: string; distance: number; duration: number; estimated: boolean };
  /** Image ids per package, in the order of input.packages. */
  photos: string[][];
  now: Date;
};

/**
 * Runs inside a change's transaction once the change applied, as its last step: where the
 * service writes the change's events (they commit together or not at all).
 */
export type AfterChange = (trx: Db) => Promise<void>;
const nothing: AfterChange = async () => undefined;

/** Every change a sender would see bumps the revision: the list's ETag is built from it. */
const bump = (now: Date) => ({ updatedAt: now, revision: sql<number>`revision + 1` });

const fromSeconds = (s: number) => new Date(s * 1000);

/** A set of shipments with everything their read shape needs, as rows (shipment-mapper.ts builds the wire shape). */
export type ShipmentRows = {
  shipments: Selectable<ShipmentsTable>[];
  states: Pick<Selectable<ShipmentStatesTable>, 'shipmentId' | 'state' | 'createdAt'>[];
  packages: Selectable<PackagesTable>[];
  photos: { packageId: number; imageId: string }[];
  offers: OfferRow[];
  ratings: { shipmentId: number; ratingableId: number; authorId: number; rating: number }[];
  late: { shipmentId: number | null; leg: Leg; eta: number }[];
};
const NO_ROWS: ShipmentRows = { shipments: [], states: [], packages: [], photos: [], offers: [], ratings: [], late: [] };

/** A standing offer with its driver's name, picture, vehicle and ratings. */
export type OfferRow = {
  id: number;
  shipmentId: number;
  priceCents: number;
  state: OfferState;
  createdAt: Date;
  driverId: number;
  firstName: string;
  lastName: string;
  profileImageId: string | null;
  vehicleType: VehicleType | null;
  vehicleName: string | null;
  ratingCount: number | null;
  ratingTotal: number | null;
};

export function shipmentsRepository(db: Db) {
  async function load(where: { id?: number; ids?: number[]; senderId?: number; driverId?: number }) {
    let q = db.selectFrom('shipments').selectAll();
    if (where.ids !== undefined) q = q.where('id', 'in', where.ids.length ? where.ids : [0]);
    if (where.senderId !== undefined) q = q.where('senderId', '=', where.senderId);
    if (where.id !== undefined) q = q.where('id', '=', where.id);
    if (where.driverId !== undefined) {
      const driverId = where.driverId;
      q = q.where('acceptedOfferId', 'in', db.selectFrom('offers').select('id').where('driverId', '=', driverId).where('state', '=', 'accepted'));
    }
    const rows = await q.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return NO_ROWS;
    const [states, packages, offers, ratings, late] = await Promise.all([
      db.selectFrom('shipmentStates').select(['shipmentId', 'state', 'createdAt']).where('shipmentId', 'in', ids).orderBy('id').execute(),
      db.selectFrom('packages').selectAll().where('shipmentId', 'in', ids).orderBy('position').execute(),
      loadOffers(ids),
      db.selectFrom('ratings').select(['shipmentId', 'ratingableId', 'authorId', 'rating']).where('shipmentId', 'in', ids).orderBy('id').execute(),
      // Lateness is kept per leg (once, by the position check), with the arrival then expected.
      db
        .selectFrom('shipmentLateness')
        .select(['shipmentId', 'leg', sql<number>`extract(epoch from eta)::int`.as('eta')])
        .where('shipmentId', 'in', ids)
        .orderBy('createdAt')
        .execute(),
    ]);
    const photos = packages.length
      ? await db.selectFrom('packagePhotos').select(['packageId', 'imageId']).where('packageId', 'in', packages.map((p) => p.id)).orderBy('position').execute()
      : [];
    return { shipments: rows, states, packages, photos, offers, ratings, late };
  }

  /** Offers still standing (open or accepted), cheapest first, with the driver's card and rating. */
  async function loadOffers(shipmentIds: number[]): Promise<OfferRow[]> {
    return db
      .selectFrom('offers as o')
      .innerJoin('users as u', 'u.id', 'o.driverId')
      .leftJoin('vehicles as v', 'v.driverId', 'o.driverId')
      .select((eb) => [
        'o.id',
        'o.shipmentId',
        'o.priceCents',
        'o.state',
        'o.createdAt',
        'o.driverId',
        'u.firstName',
        'u.lastName',
        'u.profileImageId',
        'v.type as vehicleType',
        'v.name as vehicleName',
        eb.selectFrom('ratings').select(sql<number>`count(*)::int`.as('n')).whereRef('ratings.ratingableId', '=', 'o.driverId').as('ratingCount'),
        eb.selectFrom('ratings').select(sql<number>`coalesce(sum(rating), 0)::int`.as('t')).whereRef('ratings.ratingableId', '=', 'o.driverId').as('ratingTotal'),
      ])
      .where('o.shipmentId', 'in', shipmentIds)
      .where('o.state', 'in', ['open', 'accepted'])
      .orderBy('o.priceCents')
      .orderBy('o.id')
      .execute();
  }

  return {
    /** Writes the shipment, its first state, packages and photo links; call inside a transaction. */
    async insert(trx: Db, s: NewShipment): Promise<number> {
      const side = (p: 'pickup' | 'delivery') => {
        const v = s.input[p];
        return {
          [`${p}DateFrom`]: fromSeconds(v.date_from),
          [`${p}DateTill`]: fromSeconds(v.date_till),
          [`${p}Timezone`]: s.timezones[p],
          [`${p}Lat`]: v.lat,
          [`${p}Lng`]: v.lng,
          [`${p}Street`]: v.street,
          [`${p}Number`]: v.number,
          [`${p}Box`]: v.box,
          [`${p}Zip`]: v.zip,
          [`${p}City`]: v.city,
          [`${p}Country`]: v.country,
          [`${p}Notes`]: v.notes,
          [`${p}Name`]: v.name,
        };
      };
      const state: ShipmentState = 'new';
      const { id } = await trx
        .insertInto('shipments')
        .values({
          referenceId: s.referenceId,
          senderId: s.senderId,
          state,
          insurance: s.input.insurance,
          routePoints: s.route.points,
          routeDistance: s.route.distance,
          routeDuration: s.route.duration,
          routeEstimated: s.route.estimated,
          createdAt: s.now,
          updatedAt: s.now,
          ...(side('pickup') as object),
          ...(side('delivery') as object),
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('shipmentStates').values({ shipmentId: id, state, createdAt: s.now }).execute();
      for (const [position, p] of s.input.packages.entries()) {
        // Predefined types count with their maximum size; a pallet with its fixed footprint.
        const size = packageSize(p);
        const pkg = await trx
          .insertInto('packages')
          .values({
            shipmentId: id,
            position,
            type: p.type,
            description: p.description,
            notes: p.notes,
            width: size.width,
            height: size.height,
            length: size.length,
            weight: size.weight,
            tags: JSON.stringify(p.tags),
            palletType: 'pallet_type' in p ? p.pallet_type : null,
            mustBeTraded: 'must_be_traded' in p ? p.must_be_traded : false,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const images = s.photos[position] ?? [];
        if (images.length) {
          await trx.insertInto('packagePhotos').values(images.map((imageId, i) => ({ packageId: pkg.id, imageId, position: i }))).execute();
        }
      }
      return id;
    },

    findForSender: (id: number, senderId: number) => load({ id, senderId }),

    listForSender: (senderId: number) => load({ senderId }),

    /** The full read of a shipment for its assigned driver (accepted offer is theirs). */
    findForDriver: (id: number, driverId: number) => load({ id, driverId }),
    listForDriver: (driverId: number) => load({ driverId }),

    /** Who sent a shipment and which driver (if any) has its accepted offer. */
    async parties(id: number): Promise<{ senderId: number; state: ShipmentState; driverId: number | null; pickupTill: Date; insurance: InsuranceChoice } | null> {
      const row = await db
        .selectFrom('shipments as s')
        .leftJoin('offers as o', 'o.id', 's.acceptedOfferId')
        .select(['s.senderId', 's.state', 'o.driverId', 's.pickupDateTill', 's.insurance'])
        .where('s.id', '=', id)
        .executeTakeFirst();
      return row ? { senderId: row.senderId, state: row.state, driverId: row.driverId, pickupTill: row.pickupDateTill, insurance: row.insurance } : null;
    },

    /**
     * Moves a shipment from one state to another, only if it is still in `from` and belongs to the
     * actor: the sender who sent it, or the driver whose offer was accepted. A sender cannot cancel
     * while a payment for it is in flight.
     */
    async changeState(id: number, by: { senderId: number } | { driverId: number }, from: ShipmentState, to: ShipmentState, now: Date, after: AfterChange = nothing): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        let q = trx.updateTable('shipments').set({ state: to, ...bump(now) }).where('id', '=', id).where('state', '=', from);
        if ('senderId' in by) {
          q = q
            .where('senderId', '=', by.senderId)
            .where(({ not, exists, selectFrom }) => not(exists(selectFrom('payments').select('id').whereRef('payments.shipmentId', '=', 'shipments.id').where('status', '=', 'pending'))));
        } else {
          q = q.where('acceptedOfferId', 'in', trx.selectFrom('offers').select('id').where('driverId', '=', by.driverId).where('state', '=', 'accepted'));
        }
        const res = await q.executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        await trx.insertInto('shipmentStates').values({ shipmentId: id, state: to, createdAt: now }).execute();
        await after(trx);
        return true;
      });
    },

    /** Sets the insurance while the shipment is still new (no accepted offer, not cancelled). */
    async setInsurance(id: number, senderId: number, insurance: InsuranceChoice, now: Date, after: AfterChange = nothing): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('shipments')
          .set({ insurance, ...bump(now) })
          .where('id', '=', id)
          .where('senderId', '=', senderId)
          .where('state', '=', 'new')
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('payments').select('id').whereRef('payments.shipmentId', '=', 'shipments.id').where('status', '=', 'pending'))))
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        await after(trx);
        return true;
      });
    },

    /** The assigned driver's position; bumps the revision so the sender's list ETag changes. */
    async setLocation(id: number, driverId: number, lat: number, lng: number, now: Date, after: AfterChange = nothing): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('shipments')
          .set({ currentLat: lat, currentLng: lng, ...bump(now) })
          .where('id', '=', id)
          .where('acceptedOfferId', 'in', trx.selectFrom('offers').select('id').where('driverId', '=', driverId).where('state', '=', 'accepted'))
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        await after(trx);
        return true;
      });
    },

    async setDriverRoute(id: number, route: { distance: number; duration: number }, now: Date, after: AfterChange = nothing): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('shipments').set({ driverRouteDistance: route.distance, driverRouteDuration: route.duration, ...bump(now) }).where('id', '=', id).execute();
        await after(trx);
      });
    },

    /** Shipments open for offers: new, pickup window not closed, soonest pickup first. */
    async listOpen(now: Date, limit: number): Promise<ShipmentRows> {
      const ids = await db
        .selectFrom('shipments')
        .select('id')
        .where('state', '=', 'new')
        .where('pickupDateTill', '>', now)
        .orderBy('pickupDateFrom')
        .orderBy('id')
        .limit(limit)
        .execute();
      if (ids.length === 0) return NO_ROWS;
      const loaded = await load({ ids: ids.map((r) => r.id) });
      const byId = new Map(loaded.shipments.map((s) => [s.id, s]));
      return { ...loaded, shipments: ids.map((r) => byId.get(r.id)!) };
    },

    /** A driver's offers, to show which open shipments they already bid on. */
    async offersOfDriver(driverId: number, shipmentIds: number[]) {
      if (shipmentIds.length === 0) return [];
      // Newest first, so a driver's current offer on a shipment is the first found.
      return db
        .selectFrom('offers')
        .select(['id', 'shipmentId', 'priceCents', 'state'])
        .where('driverId', '=', driverId)
        .where('shipmentId', 'in', shipmentIds)
        .where('state', '!=', 'replaced')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * Makes or re-prices a driver's offer, only while the shipment is new and its pickup window
     * open. A new price is a new offer (a new id) that replaces the standing one, so an accept
     * always charges the price behind the id the sender confirmed; the same price changes nothing.
     * Bumps the shipment's revision so the sender's list ETag changes. Null when not open.
     */
    async upsertOffer(shipmentId: number, driverId: number, priceCents: number, now: Date, after: (trx: Db, offerId: number) => Promise<void> = nothing): Promise<number | null | 'payment_in_progress'> {
      return db.transaction().execute(async (trx) => {
        const open = await trx
          .updateTable('shipments')
          .set({ ...bump(now) })
          .where('id', '=', shipmentId)
          .where('state', '=', 'new')
          .where('pickupDateTill', '>', now)
          .executeTakeFirst();
        if (Number(open.numUpdatedRows) !== 1) return null;
        // The shipment row is locked now, as a sender's payment claim locks it: a price cannot
        // change under a payment in progress (read after the lock, so a claim just made is seen).
        const paying = await trx.selectFrom('payments').select('id').where('shipmentId', '=', shipmentId).where('status', '=', 'pending').executeTakeFirst();
        if (paying) return 'payment_in_progress' as const;
        const standing = await trx
          .selectFrom('offers')
          .select(['id', 'priceCents', 'state'])
          .where('shipmentId', '=', shipmentId)
          .where('driverId', '=', driverId)
          .where('state', 'in', ['open', 'accepted'])
          .forUpdate()
          .executeTakeFirst();
        if (standing?.state === 'accepted') return null;
        if (standing?.priceCents === priceCents) return standing.id;
        // The standing offer steps aside first: the unique index allows one open offer per driver.
        if (standing) await trx.updateTable('offers').set({ state: 'replaced', updatedAt: now }).where('id', '=', standing.id).execute();
        const { id } = await trx
          .insertInto('offers')
          .values({ shipmentId, driverId, priceCents, state: 'open', createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (standing) await trx.updateTable('offers').set({ replacedBy: id }).where('id', '=', standing.id).execute();
        await after(trx, id);
        return id;
      });
    },

    /** Withdraws a driver's open offer; never under a payment in progress (the shipment row is locked first, as a claim locks it). */
    async withdrawOffer(shipmentId: number, driverId: number, now: Date, after: AfterChange = nothing): Promise<boolean | 'payment_in_progress'> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('shipments').select('id').where('id', '=', shipmentId).forUpdate().executeTakeFirst();
        const paying = await trx.selectFrom('payments').select('id').where('shipmentId', '=', shipmentId).where('status', '=', 'pending').executeTakeFirst();
        if (paying) return 'payment_in_progress' as const;
        const res = await trx
          .updateTable('offers')
          .set({ state: 'withdrawn', updatedAt: now })
          .where('shipmentId', '=', shipmentId)
          .where('driverId', '=', driverId)
          .where('state', '=', 'open')
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        await trx.updateTable('shipments').set({ ...bump(now) }).where('id', '=', shipmentId).execute();
        await after(trx);
        return true;
      });
    },

    /**
     * An offer on a sender's own shipment, in cents (never from the euros on the wire), with the
     * same driver's open offer that replaced it, if the driver changed the price since.
     */
    async findOpenOffer(shipmentId: number, offerId: number, senderId: number) {
      const row = await db
        .selectFrom('offers as o')
        .innerJoin('shipments as s', 's.id', 'o.shipmentId')
        .leftJoin('offers as n', (j) => j.onRef('n.shipmentId', '=', 'o.shipmentId').onRef('n.driverId', '=', 'o.driverId').on('n.state', '=', 'open'))
        .select(['o.id', 'o.driverId', 'o.priceCents', 'o.state', 's.insurance', 's.state as shipmentState', 's.pickupDateTill', 'n.id as currentId', 'n.priceCents as currentPriceCents'])
        .where('o.id', '=', offerId)
        .where('o.shipmentId', '=', shipmentId)
        .where('s.senderId', '=', senderId)
        .executeTakeFirst();
      if (!row) return null;
      const { currentId, currentPriceCents, ...offer } = row;
      return { ...offer, current: currentId !== null && currentPriceCents !== null ? { id: currentId, priceCents: currentPriceCents } : null };
    },

    /**
     * The one place an offer becomes accepted: a conditional update on the shipment (still new, no
     * accepted offer) and the partial unique index on offers(shipment_id) where accepted. Runs in
     * the caller's transaction, together with marking the payment done.
     */
    async acceptOffer(trx: Db, shipmentId: number, offerId: number, now: Date): Promise<boolean> {
      const res = await trx
        .updateTable('shipments')
        .set({ state: 'accepted', acceptedOfferId: offerId, ...bump(now) })
        .where('id', '=', shipmentId)
        .where('state', '=', 'new')
        .where('acceptedOfferId', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      const offer = await trx.updateTable('offers').set({ state: 'accepted', updatedAt: now }).where('id', '=', offerId).where('state', '=', 'open').executeTakeFirst();
      if (Number(offer.numUpdatedRows) !== 1) return false;
      await trx.insertInto('shipmentStates').values({ shipmentId, state: 'accepted', createdAt: now }).execute();
      return true;
    },

    /** Returns false when this author already rated this shipment. */
    async insertRating(r: { shipmentId: number; authorId: number; ratingableId: number; rating: number }, now: Date, after: AfterChange = nothing): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('ratings')
          .values({ ...r, createdAt: now })
          .onConflict((oc) => oc.columns(['shipmentId', 'authorId']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await trx.updateTable('shipments').set({ ...bump(now) }).where('id', '=', r.shipmentId).execute();
        await after(trx);
        return true;
      });
    },

    /** What event texts need to know of a shipment: its reference, parties, places and insurance. */
    async eventContext(trx: Db, id: number) {
      const row = await trx
        .selectFrom('shipments as s')
        .leftJoin('offers as o', 'o.id', 's.acceptedOfferId')
        .leftJoin('users as d', 'd.id', 'o.driverId')
        .select(['s.referenceId', 's.senderId', 's.insurance', 's.pickupCity', 's.deliveryCity', 'o.driverId', 'o.priceCents', 'd.firstName', 'd.lastName'])
        .where('s.id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        reference: row.referenceId,
        senderId: row.senderId,
        insurance: row.insurance,
        pickupCity: row.pickupCity,
        deliveryCity: row.deliveryCity,
        driver: row.driverId !== null ? { id: row.driverId, priceCents: row.priceCents!, name: shortName(row.firstName ?? '', row.lastName ?? '') } : null,
      };
    },

    /** A user's name as others see it: "Jan M.". */
    async shortNameOf(trx: Db, userId: number): Promise<string> {
      const u = await trx.selectFrom('users').select(['firstName', 'lastName']).where('id', '=', userId).executeTakeFirstOrThrow();
      return shortName(u.firstName, u.lastName);
    },

    /** New shipments whose pickup window closed with no accepted offer and that were not yet reported. */
    async expiredUnreported(now: Date, limit: number) {
      return db
        .selectFrom('shipments as s')
        .select(['s.id', 's.senderId', 's.referenceId'])
        .where('s.state', '=', 'new')
        .where('s.acceptedOfferId', 'is', null)
        .where('s.pickupDateTill', '<=', now)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('events').select('id').where('events.dedupeKey', '=', sql<string>`'expired:' || s.id`))))
        .orderBy('s.pickupDateTill')
        .limit(limit)
        .execute();
    },

    /** The shipment's windows and places, for the lateness check. */
    /** Keeps a leg found late, once; false when it was found late before. */
    async markLate(trx: Db, late: Insertable<ShipmentLatenessTable>): Promise<boolean> {
      const row = await trx.insertInto('shipmentLateness').values(late).onConflict((oc) => oc.columns(['shipmentId', 'leg']).doNothing()).returning('leg').executeTakeFirst();
      return row !== undefined;
    },

    async windows(id: number) {
      return db
        .selectFrom('shipments')
        .select(['referenceId', 'senderId', 'pickupLat', 'pickupLng', 'pickupDateTill', 'deliveryLat', 'deliveryLng', 'deliveryDateTill'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The cheap fingerprint of a sender's list for its ETag: any change bumps a revision. */
    async senderListVersion(senderId: number): Promise<string> {
      const row = await db
        .selectFrom('shipments')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('maxId'), sql<number>`coalesce(sum(revision), 0)::int8`.as('revisions')])
        .where('senderId', '=', senderId)
        .executeTakeFirstOrThrow();
      return `${row.n}.${row.maxId ?? 0}.${row.revisions}`;
    },
  };
}

export type ShipmentsRepository = ReturnType<typeof shipmentsRepository>;
