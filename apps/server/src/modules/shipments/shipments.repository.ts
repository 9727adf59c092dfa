import { formatAddress, packageSize, type CreateShipmentInput, type LocationRead, type PackageRead, type ShipmentRead } from '@vm/domain';
import type { Db } from '../../db/database.ts';
import type { ShipmentState } from '../../db/schema.ts';
import { imageVariants } from '../files/image-urls.ts';

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

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const fromSeconds = (s: number) => new Date(s * 1000);

export function shipmentsRepository(db: Db) {
  async function load(where: { id?: number; senderId: number }): Promise<ShipmentRead[]> {
    let q = db.selectFrom('shipments').selectAll().where('senderId', '=', where.senderId);
    if (where.id !== undefined) q = q.where('id', '=', where.id);
    const rows = await q.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [states, packages] = await Promise.all([
      db.selectFrom('shipmentStates').select(['shipmentId', 'state', 'createdAt']).where('shipmentId', 'in', ids).orderBy('id').execute(),
      db.selectFrom('packages').selectAll().where('shipmentId', 'in', ids).orderBy('position').execute(),
    ]);
    const photos = packages.length
      ? await db.selectFrom('packagePhotos').select(['packageId', 'imageId']).where('packageId', 'in', packages.map((p) => p.id)).orderBy('position').execute()
      : [];

    return rows.map((r) => {
      const location = (p: 'pickup' | 'delivery'): LocationRead => {
        const parts = { street: r[`${p}Street`], number: r[`${p}Number`], box: r[`${p}Box`], zip: r[`${p}Zip`], city: r[`${p}City`] };
        return { lat: r[`${p}Lat`], lng: r[`${p}Lng`], address: { ...parts, name: r[`${p}Name`], country: r[`${p}Country`], formatted: formatAddress(parts) } };
      };
      const pkgs: PackageRead[] = packages
        .filter((p) => p.shipmentId === r.id)
        .map((p) => ({
          id: p.id,
          type: p.type,
          description: p.description,
          notes: p.notes,
          width: p.width,
          height: p.height,
          length: p.length,
          weight: p.weight,
          tags: p.tags,
          pallet_type: p.palletType,
          must_be_traded: p.mustBeTraded,
          attachments: photos.filter((ph) => ph.packageId === p.id).map((ph) => ({ id: ph.imageId, ...imageVariants(ph.imageId) })),
        }));
      return {
        id: r.id,
        reference_id: r.referenceId,
        current_state: { state: r.state },
        states: states.filter((s) => s.shipmentId === r.id).map((s) => ({ state: s.state, created_at: seconds(s.createdAt) })),
        pickup_date_from: seconds(r.pickupDateFrom),
        pickup_date_till: seconds(r.pickupDateTill),
        pickup_timezone: r.pickupTimezone,
        delivery_date_from: seconds(r.deliveryDateFrom),
        delivery_date_till: seconds(r.deliveryDateTill),
        delivery_timezone: r.deliveryTimezone,
        pickup_location: location('pickup'),
        delivery_location: location('delivery'),
        current_location: r.currentLat !== null && r.currentLng !== null ? { lat: r.currentLat, lng: r.currentLng } : null,
        route: { points: r.routePoints, distance: r.routeDistance, duration: r.routeDuration, estimated: r.routeEstimated },
        driver_route: r.driverRouteDistance !== null && r.driverRouteDuration !== null ? { distance: r.driverRouteDistance, duration: r.driverRouteDuration } : null,
        packages: pkgs,
        offers: [],
        accepted_offer: null,
        insurance: r.insurance,
        ratings: [],
        created_at: seconds(r.createdAt),
      };
    });
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

    async findForSender(id: number, senderId: number): Promise<ShipmentRead | null> {
      return (await load({ id, senderId }))[0] ?? null;
    },

    listForSender: (senderId: number) => load({ senderId }),

    /** Moves a sender's shipment from one state to another, only if it is still in `from`. */
    async changeState(id: number, senderId: number, from: ShipmentState, to: ShipmentState, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('shipments')
          .set({ state: to, updatedAt: now })
          .where('id', '=', id)
          .where('senderId', '=', senderId)
          .where('state', '=', from)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        await trx.insertInto('shipmentStates').values({ shipmentId: id, state: to, createdAt: now }).execute();
        return true;
      });
    },

    /** Sets the insurance while the shipment is still new (no accepted offer, not cancelled). */
    async setInsurance(id: number, senderId: number, insurance: string, now: Date): Promise<boolean> {
      const res = await db
        .updateTable('shipments')
        .set({ insurance, updatedAt: now })
        .where('id', '=', id)
        .where('senderId', '=', senderId)
        .where('state', '=', 'new')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}

export type ShipmentsRepository = ReturnType<typeof shipmentsRepository>;
