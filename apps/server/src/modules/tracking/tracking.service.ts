import { createHash, randomBytes } from 'node:crypto';
import { type Locale, SHIPMENT_STATE, type ShipmentStateName, type TrackedShipment, type TrackingEta, type TrackingView } from '@vm/domain';
import type { LatLng, Router } from '../../adapters/geo/geo.ts';
import { jobConflict, notFound } from '../../lib/errors.ts';
import type { ShipmentsService } from '../shipments/shipments.service.ts';
import { forStrangers } from './public-view.ts';
import type { Db } from '../../db/database.ts';
import { toTrackedShipment } from './tracking.mapper.ts';
import * as repo from './tracking.repository.ts';

type Deps = {
  db: Db;
  shipments: Pick<ShipmentsService, 'parties'>;
  router: Router;
  publicUrl: string;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
};


// Tokens are hashed at rest, like every other token: the full link exists only in the answer
// that created it.
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes in base64url: 43 characters. Anything else cannot be a link of ours. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The leg the truck is driving now (its state's descriptor); null before it moves, once it has arrived at delivery, or when cancelled. */
const nextLeg = (state: ShipmentStateName): 'pickup' | 'delivery' | null => SHIPMENT_STATE[state].heading;

/** A tracking page polls every 10 s per viewer: the same position asks the router once. */
function routeCache(router: Router, size = 500) {
  const cache = new Map<string, { duration: number; estimated: boolean }>();
  return async (from: LatLng, to: LatLng) => {
    const key = `${from.lat},${from.lng}>${to.lat},${to.lng}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const r = await router.route(from, to);
    const value = { duration: r.duration, estimated: r.estimated };
    if (cache.size >= size) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
    return value;
  };
}

export function trackingService({ db, shipments, router, publicUrl, now, log }: Deps) {
  const route = routeCache(router);

  /** The sender's own shipment, or 404 as if it did not exist. */
  async function owned(senderId: number, shipmentId: number) {
    const p = await shipments.parties(shipmentId);
    if (!p || p.senderId !== senderId) throw notFound();
    return p;
  }

  async function eta(s: TrackedShipment): Promise<TrackingEta | null> {
    const leg = nextLeg(s.state);
    if (!leg || !s.current_location) return null;
    try {
      const r = await route(s.current_location, s[leg]);
      return { leg, at: Math.floor(now().getTime() / 1000) + Math.round(r.duration), estimated: r.estimated };
    } catch (err) {
      // Without a route the page still shows where the truck is; only the arrival time is missing.
      log.warn({ err }, 'tracking eta: router failed');
      return null;
    }
  }

  return {
    /** A new link (and the end of any earlier one): shown once, since only its hash is kept. */
    async create(senderId: number, shipmentId: number): Promise<{ url: string; token: string; created_at: number }> {
      const p = await owned(senderId, shipmentId);
      if (p.driverId === null || SHIPMENT_STATE[p.state].phase === 'cancelled') throw jobConflict('tracking_not_open', p.state);
      const token = randomBytes(32).toString('base64url');
      const created = now();
      // The new link replaces every live one of the shipment: one link to share at a time.
      await db.transaction().execute(async (trx) => {
        await repo.revokeAll(trx, shipmentId, created);
        await repo.insert(trx, { tokenHash: hash(token), shipmentId, createdAt: created });
      });
      return { url: `${publicUrl.replace(/\/+$/, '')}/#/track/${token}`, token, created_at: Math.floor(created.getTime() / 1000) };
    },

    async status(senderId: number, shipmentId: number): Promise<{ active: boolean; created_at: number | null }> {
      await owned(senderId, shipmentId);
      const link = await repo.active(db, shipmentId);
      return { active: link !== null, created_at: link ? Math.floor(link.createdAt.getTime() / 1000) : null };
    },

    async revoke(senderId: number, shipmentId: number): Promise<void> {
      await owned(senderId, shipmentId);
      await repo.revokeAll(db, shipmentId, now());
    },

    /** What anyone holding the link sees. Unknown, malformed and revoked tokens are all 404. */
    async view(token: string, lang: Locale): Promise<TrackingView> {
      if (!TOKEN.test(token)) throw notFound();
      const row = await repo.byTokenHash(db, hash(token));
      if (!row) throw notFound();
      const s = toTrackedShipment(row, await repo.states(db, row.id), lang);
      return { ...forStrangers(s), eta: await eta(s) };
    },
  };
}

export type TrackingService = ReturnType<typeof trackingService>;
