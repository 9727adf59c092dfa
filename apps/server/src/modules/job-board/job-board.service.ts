import { areaBox, boardArea, type BoardQueryInput, type BoardRead, type Locale, vehicleLimits } from '@vm/domain';
import type { Db, Executor } from '../../db/database.ts';
import { coalescedRounds } from '../../lib/coalesced-rounds.ts';
import type { DriverJobsService } from '../driver-jobs/driver-jobs.service.ts';
import type { EventsService } from '../events/events.service.ts';
import { toBoardItems } from './job-board.mapper.ts';
import * as repo from './job-board.repository.ts';

// Issue 21, the drivers' job board (decision 0027): open jobs that fit one of the driver's vehicles,
// near a position or along a route; each board query is kept as the driver's area, and a consumer
// of the shipments' events tells the drivers whose area and vehicles a new or changed job matches
// ('board.job.new'), after the booking committed: the sender's request never waits for it.

type Log = { warn: (obj: object, msg: string) => void };
type Hub = { onEvent: (handler: () => void) => () => void };
type Deps = { db: Db; driverJobs: Pick<DriverJobsService, 'viewOpen'>; events: Pick<EventsService, 'record'>; now: () => Date; log: Log };

const CURSOR = 'job-board';
const BATCH = 200;
/** The periodic run's period (src/jobs.ts): other processes' events and anything a crash left. */
export const BOARD_WAKE_SECONDS = 5;

export function jobBoardService({ db, driverJobs, events, now, log }: Deps) {
  /** Tells each matching driver of one job, once per job and driver (the event's key). */
  async function announce(trx: Executor, shipmentId: number): Promise<void> {
    const drivers = await repo.matchingDrivers(trx, shipmentId, now());
    if (drivers.length === 0) return;
    const job = await repo.jobFacts(trx, shipmentId);
    if (!job) return;
    const payload = { reference: job.reference, pickup_zip: job.pickupZip, pickup_city: job.pickupCity, delivery_zip: job.deliveryZip, delivery_city: job.deliveryCity };
    await events.record(
      trx,
      drivers.map((userId) => ({ userId, type: 'board.job.new' as const, shipmentId, payload, dedupeKey: `board:${shipmentId}:${userId}` })),
    );
  }

  /** Reads the events after the shared cursor under its row lock; a shipment's creation or change may match. */
  async function consume(): Promise<void> {
    for (;;) {
      const full = await db.transaction().execute(async (trx) => {
        const after = await repo.lockCursor(trx, CURSOR);
        const rows = await repo.eventsAfter(trx, after, BATCH);
        const ids = new Set(rows.flatMap((r) => (r.type === 'shipment.changed' && r.shipmentId !== null ? [r.shipmentId] : [])));
        for (const id of ids) await announce(trx, id);
        const lastId = rows.at(-1)?.id;
        if (lastId !== undefined) await repo.moveCursor(trx, CURSOR, lastId);
        return rows.length === BATCH;
      });
      if (!full) return;
    }
  }

  const rounds = coalescedRounds(consume, log, 'job board');
  let unsubscribe: (() => void) | null = null;

  return {
    /**
     * The board: keeps the area as the driver's last, then one page of matching open jobs. A driver
     * with no vehicle in use gets an empty board and the reason.
     */
    async board(driverId: number, q: BoardQueryInput, lang: Locale): Promise<BoardRead> {
      const area = boardArea(q);
      // The area is only a hint for pushes: its write runs beside the reads (another pool connection
      // on PostgreSQL) and does not wait for the disk (a crash may lose the last one; the next board
      // query writes it again).
      const saved = db.transaction().execute((trx) => repo.saveArea(trx, driverId, area, areaBox(area), now()));
      const read = async (): Promise<BoardRead> => {
        const vehicles = await repo.vehiclesInUse(db, driverId);
        if (vehicles.length === 0) return { items: [], reason: 'no_vehicle', next_offset: null };
        const limits = vehicles.map(vehicleLimits);
        // One more than the page tells whether another page follows.
        const want = q.offset + q.limit + 1;
        const hits = await repo.boardHits(db, { area, limits, sort: q.sort, limit: want, now: now() });
        const page = hits.slice(q.offset, q.offset + q.limit);
        const jobs = await driverJobs.viewOpen(driverId, page.map((h) => h.id), lang);
        return { items: toBoardItems(jobs, page), reason: null, next_offset: hits.length === want ? q.offset + q.limit : null };
      };
      const [board] = await Promise.all([read(), saved]);
      return board;
    },

    /** The drivers a job matches now (their last area holds it and one of their vehicles fits), for pushes. */
    matchingDrivers: (executor: Executor, shipmentId: number): Promise<number[]> => repo.matchingDrivers(executor, shipmentId, now()),

    /** Tells matching drivers of the jobs created or changed since the last run (tests call it after flushing the hub). */
    run: rounds.run,

    async start(hub: Hub): Promise<void> {
      unsubscribe = hub.onEvent(() => void rounds.run());
      // Places the cursor on first start, before this process reacts to anything.
      await rounds.run();
    },

    async stop(): Promise<void> {
      unsubscribe?.();
      await rounds.settled();
    },
  };
}

export type JobBoardService = ReturnType<typeof jobBoardService>;
