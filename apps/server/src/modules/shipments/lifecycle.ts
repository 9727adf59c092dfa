import { type Actor, canTransition, type ShipmentStateName } from '@vm/domain';
import type { Db, Executor } from '../../db/database.ts';
import { isRetryableConflict } from '../../db/errors.ts';
import { jobConflict, notFound } from '../../lib/errors.ts';
import type { EventsService } from '../events/events.service.ts';
import * as repo from './lifecycle.repository.ts';

// One owner of a job's lifecycle (docs/decisions/0038-one-owner-of-a-job.md). Every operation that
// changes a job or its money runs in a transaction that first takes the job's lock (its shipment
// row, FOR UPDATE), reads what it decides on after the lock, and moves the state only through
// `transition`, which checks the move against the domain's state descriptor. The money (ledger)
// and the events are written by the caller in the same transaction, so they commit together or
// not at all, and the next operation on the job sees all of it.

/** A job as an operation holding its lock sees it; `state` follows the transitions made under the lock. */
export type LockedJob = repo.JobRow;

/** A deadlock or serialization failure is retried this many times (nothing of a failed try was written). */
const RETRIES = 3;

export function jobLifecycle({ db, events, now }: { db: Db; events: EventsService; now: () => Date }) {
  /** Locks the job in the caller's transaction; null when it does not exist. */
  const lockJob = (trx: Executor, id: number): Promise<LockedJob | null> => repo.lock(trx, id);

  /**
   * Runs `work` in a transaction holding the job's lock. A job that does not exist is 404 (the
   * caller's own ownership check comes first, inside `work`, where it reads the locked job).
   */
  async function withJob<T>(id: number, work: (job: LockedJob, trx: Executor) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(async (trx) => {
          const job = await repo.lock(trx, id);
          if (!job) throw notFound();
          return work(job, trx);
        });
      } catch (err) {
        if (attempt >= RETRIES || !isRetryableConflict(err)) throw err;
      }
    }
  }

  /**
   * Moves a locked job to `to` if the state descriptor lets `actor` make that move from the state it
   * is in; 409 naming its state otherwise. Writes the state, its history and (unless the caller tells
   * the sender itself) the sender's state event, in the caller's transaction.
   */
  async function transition(trx: Executor, job: LockedJob, to: ShipmentStateName, actor: Actor, opts: { at?: Date; acceptedOfferId?: number | null; notify?: boolean } = {}): Promise<void> {
    if (!canTransition(job.state, to, actor)) throw jobConflict('state_change_not_allowed', job.state);
    const at = now();
    await repo.writeState(trx, job.id, to, opts.at ?? at, at, opts.acceptedOfferId);
    job.state = to;
    if (opts.acceptedOfferId !== undefined) job.acceptedOfferId = opts.acceptedOfferId;
    if (opts.notify !== false) await events.record(trx, [{ userId: job.senderId, type: 'shipment.state.changed', shipmentId: job.id, payload: { reference: job.reference, state: to } }]);
  }

  return {
    lockJob,
    withJob,
    transition,
    /** When the job was handed over (delivered), read on the caller's executor; null while it has not been. */
    deliveredAt: (executor: Executor, id: number): Promise<Date | null> => repo.deliveredAt(executor, id),
    /** Locks every job the user is part of (sent, carried, or with a standing offer of theirs), in id order. */
    lockJobsOf: async (trx: Executor, userId: number): Promise<LockedJob[]> => repo.lockMany(trx, await repo.jobIdsOf(trx, userId)),
  };
}

export type JobLifecycle = ReturnType<typeof jobLifecycle>;
