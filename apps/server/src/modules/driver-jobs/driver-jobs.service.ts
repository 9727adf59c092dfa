import { canTransition, CLOCK_SKEW_SECONDS, SHIPMENT_STATE, type DriverJobRead, type Locale, OFFLINE_ACTION_MAX_AGE_SECONDS, proofRequiredFor, type ShipmentStateName } from '@vm/domain';
import type { Router } from '../../adapters/geo/geo.ts';
import type { Db, Executor } from '../../db/database.ts';
import { ApiError, jobConflict, notFound } from '../../lib/errors.ts';
import type { EventsService } from '../events/events.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { ProofsService } from '../proofs/proofs.service.ts';
import type { ShipmentsService } from '../shipments/shipments.service.ts';
import { toDriverJob } from './driver-jobs.mapper.ts';
import * as repo from './driver-jobs.repository.ts';

type Log = { warn: (obj: object, msg: string) => void };
type Deps = {
  db: Db;
  shipments: Pick<ShipmentsService, 'parties' | 'readOpen' | 'readOpenMany' | 'readAssigned' | 'recordChanged' | 'withJob' | 'transition'>;
  offers: Pick<OffersService, 'myOffers'>;
  /** Issue 21 part 3: loaded needs the pickup proof, delivered the delivery proof. */
  proofs: Pick<ProofsService, 'hasProof'>;
  events: EventsService;
  router: Router;
  now: () => Date;
  log: Log;
};

/** What the phone says about an action: its own id (taken once) and when it was done. */
export type ActionStamp = { client_id?: string | undefined; at?: number | undefined };
export type DriverPosition = { lat: number; lng: number; accuracy_m?: number | undefined } & ActionStamp;

/** A position this much older than the server's clock came from the offline queue: it no longer predicts lateness. */
const FRESH_POSITION_SECONDS = 120;


/**
 * Drivers' jobs (SPEC sections 4 and 5): the open ones to bid on and the assigned ones, the
 * driver's state changes and position, and the lateness the position reveals.
 */
export function driverJobsService({ db, shipments, offers, proofs, events, router, now, log }: Deps) {
  /**
   * Once per leg, tells the sender when the driver's estimated arrival (from the router, from the
   * position just reported) falls after the booked window's end. Runs after the position committed:
   * a slow router never holds a transaction.
   */
  async function checkLateness(shipmentId: number, state: ShipmentStateName, lat: number, lng: number): Promise<void> {
    // The address the driver is still on the way to, by the state's descriptor.
    const leg = SHIPMENT_STATE[state].heading;
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

  /**
   * When the action was done: the phone's time (a little ahead of ours is its clock; ours is used),
   * or ours. An action kept offline for longer than a week is refused as stale.
   */
  function actionTime(stamp: ActionStamp): Date {
    const server = now();
    if (stamp.at === undefined) return server;
    const at = new Date(stamp.at * 1000);
    if (at.getTime() > server.getTime() + CLOCK_SKEW_SECONDS * 1000) return server;
    if (at.getTime() < server.getTime() - OFFLINE_ACTION_MAX_AGE_SECONDS * 1000) throw new ApiError(409, 'conflict', 'action_stale');
    return at;
  }

  /** Claims the phone's id inside the change's transaction: a replay changes nothing, another driver's id is refused. */
  async function claim(trx: Executor, driverId: number, shipmentId: number, kind: 'state' | 'location', clientId: string | undefined): Promise<boolean> {
    if (!clientId) return true;
    const claimed = await repo.claimAction(trx, { clientId, driverId, shipmentId, kind, createdAt: now() });
    if (claimed === 'foreign') throw new ApiError(409, 'conflict', 'invalid_body');
    return claimed === 'new';
  }

  /** `lang`, the driver's language (their request's), names the towns (Luik or Liège). */
  async function getAssigned(driverId: number, shipmentId: number, lang: Locale): Promise<DriverJobRead> {
    const [s] = await shipments.readAssigned(driverId, lang, shipmentId);
    if (!s) throw notFound();
    const mine = await offers.myOffers(driverId, [s.id]);
    return toDriverJob(s, mine.get(s.id) ?? null, true);
  }

  return {
    /**
     * One job as this driver may see it: their accepted job with its full addresses, or a job still
     * open for offers (towns only, as on the board); anything else is a 404.
     */
    async getJob(driverId: number, shipmentId: number, lang: Locale): Promise<DriverJobRead> {
      const [assigned] = await shipments.readAssigned(driverId, lang, shipmentId);
      if (assigned) return toDriverJob(assigned, (await offers.myOffers(driverId, [assigned.id])).get(assigned.id) ?? null, true);
      const [s] = await shipments.readOpenMany([shipmentId], lang);
      if (!s || SHIPMENT_STATE[s.current_state.state].phase !== 'open') throw notFound();
      return toDriverJob(s, (await offers.myOffers(driverId, [s.id])).get(s.id) ?? null, false);
    },

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
      const [open, mine] = await Promise.all([shipments.readOpenMany(ids, lang), offers.myOffers(driverId, ids)]);
      return open.map((s) => toDriverJob(s, mine.get(s.id) ?? null, false));
    },

    /** Shipments whose accepted offer is this driver's, with full addresses. */
    async listAssigned(driverId: number, lang: Locale): Promise<DriverJobRead[]> {
      const list = await shipments.readAssigned(driverId, lang);
      const mine = await offers.myOffers(driverId, list.map((s) => s.id));
      return list.map((s) => toDriverJob(s, mine.get(s.id) ?? null, true));
    },

    getAssigned,

    /**
     * A driver moves their shipment along the graph of SPEC section 4; any other move is refused.
     * Sent from the phone's offline queue, the same client id is taken once (a replay answers the
     * job as it is) and a step the job has moved past is refused as stale, with the reason.
     */
    async driverState(driverId: number, shipmentId: number, to: ShipmentStateName, lang: Locale, stamp: ActionStamp = {}): Promise<DriverJobRead> {
      const needs = proofRequiredFor(to);
      await shipments.withJob(shipmentId, async (job, trx) => {
        // Only the driver whose offer was accepted moves the job; to anyone else it does not exist.
        if (job.driverId !== driverId) throw notFound();
        const at = actionTime(stamp);
        if (!(await claim(trx, driverId, shipmentId, 'state', stamp.client_id))) return;
        // Thrown, not returned: the claim of a refused step rolls back with it.
        if (!canTransition(job.state, to, 'driver')) throw jobConflict(stamp.client_id ? 'action_stale' : 'state_change_not_allowed', job.state);
        if (needs && !(await proofs.hasProof(trx, shipmentId, needs))) throw jobConflict('proof_required', job.state);
        await shipments.transition(trx, job, to, 'driver', { at });
      });
      return getAssigned(driverId, shipmentId, lang);
    },

    /**
     * Keeps a position with its accuracy and time; the sender's map moves to it unless a newer one
     * arrived first. A fresh position also checks lateness.
     */
    async driverLocation(driverId: number, shipmentId: number, position: DriverPosition): Promise<void> {
      const p = await shipments.parties(shipmentId);
      if (!p || p.driverId !== driverId) throw notFound();
      if (!SHIPMENT_STATE[p.state].tracked) throw jobConflict(position.client_id ? 'action_stale' : 'state_change_not_allowed', p.state);
      const at = actionTime(position);
      const { lat, lng } = position;
      const outcome = await db.transaction().execute(async (trx) => {
        if (!(await claim(trx, driverId, shipmentId, 'location', position.client_id))) return 'kept';
        const kept = await repo.addPosition(trx, shipmentId, driverId, { lat, lng, accuracyM: position.accuracy_m === undefined ? null : Math.round(position.accuracy_m), at }, now());
        // Streamed to the sender's screens only: a position is not an activity entry.
        if (kept === 'current') await events.record(trx, [{ userId: p.senderId, type: 'shipment.location', shipmentId, payload: { lat, lng } }]);
        return kept;
      });
      if (outcome !== 'current' || now().getTime() - at.getTime() > FRESH_POSITION_SECONDS * 1000) return;
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
