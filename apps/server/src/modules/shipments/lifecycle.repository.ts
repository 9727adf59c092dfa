import { HANDED_OVER, type InsuranceChoice, type ShipmentStateName } from '@vm/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { bump } from './revision.ts';

// The job's lock and the only writes of its state (shipments.state and its history). Every
// operation that changes a job or its money takes this lock first, in its own transaction, and
// reads what it decides on after it: two such operations on one job never overlap.

/** What an operation reads of a job under its lock. */
export type JobRow = {
  id: number;
  reference: string;
  senderId: number;
  state: ShipmentStateName;
  acceptedOfferId: number | null;
  /** The driver whose offer was accepted, if any. */
  driverId: number | null;
  insurance: InsuranceChoice;
  pickupDateFrom: Date;
  pickupDateTill: Date;
  pickupTimezone: string;
  deliveryDateTill: Date;
};

/** Locks the job's row until the transaction ends (FOR UPDATE of the shipment only) and reads it; null when there is no such job. */
export async function lock(trx: Executor, id: number): Promise<JobRow | null> {
  const row = await trx
    .selectFrom('shipments as s')
    .leftJoin('offers as o', 'o.id', 's.acceptedOfferId')
    .select([
      's.id',
      's.referenceId as reference',
      's.senderId',
      's.state',
      's.acceptedOfferId',
      'o.driverId',
      's.insurance',
      's.pickupDateFrom',
      's.pickupDateTill',
      's.pickupTimezone',
      's.deliveryDateTill',
    ])
    .where('s.id', '=', id)
    .forUpdate('s')
    .executeTakeFirst();
  return row ?? null;
}

/** Locks several jobs in id order (two operations that lock the same jobs never wait on each other in a circle). */
export async function lockMany(trx: Executor, ids: readonly number[]): Promise<JobRow[]> {
  const jobs: JobRow[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const job = await lock(trx, id);
    if (job) jobs.push(job);
  }
  return jobs;
}

/**
 * The jobs a user is part of: sent, carried (their accepted offer), or with an offer of theirs
 * still standing (a payment may be accepting it).
 */
export async function jobIdsOf(db: Executor, userId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select s.id from shipments s where s.sender_id = ${userId}
    union select o.shipment_id from offers o where o.driver_id = ${userId} and o.state in ('open', 'accepted')`.execute(db);
  return rows.map((r) => r.id);
}

/** When the job was handed over (the last time it entered that state); null while it has not been. */
export async function deliveredAt(db: Executor, id: number): Promise<Date | null> {
  const r = await db.selectFrom('shipmentStates').select(sql<Date | null>`max(created_at)`.as('at')).where('shipmentId', '=', id).where('state', '=', HANDED_OVER).executeTakeFirst();
  return r?.at ? new Date(r.at) : null;
}

/**
 * Writes the job's new state and its history row. `at` is when it happened (a driver's step kept
 * offline arrives later), never before the state it follows.
 */
export async function writeState(trx: Executor, id: number, to: ShipmentStateName, at: Date, now: Date, acceptedOfferId?: number | null): Promise<void> {
  await trx
    .updateTable('shipments')
    .set({ state: to, ...(acceptedOfferId !== undefined ? { acceptedOfferId } : {}), ...bump(now) })
    .where('id', '=', id)
    .execute();
  const last = await trx.selectFrom('shipmentStates').select(sql<Date | null>`max(created_at)`.as('at')).where('shipmentId', '=', id).executeTakeFirst();
  const when = last?.at && new Date(last.at) > at ? new Date(last.at) : at;
  await trx.insertInto('shipmentStates').values({ shipmentId: id, state: to, createdAt: when }).execute();
}
