import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// Cancelling after acceptance (decision 0034): the drivers' giving jobs back, the accepted offer's
// withdrawal and the payment's refunded state, each written in the cancellation's transaction
// (which holds the job's lock). The job's state is the shipments module's; its money the ledger's.

/** The driver's offer is no longer on the table (they gave the job back). */
export async function withdrawOffer(trx: Executor, offerId: number, now: Date): Promise<void> {
  await trx.updateTable('offers').set({ state: 'withdrawn', updatedAt: now }).where('id', '=', offerId).execute();
}

/** A payment given back in full: it no longer holds the job, which may be paid again for another offer. */
export async function markPaymentRefunded(trx: Executor, paymentId: number, now: Date): Promise<void> {
  await trx.updateTable('payments').set({ status: 'refunded', updatedAt: now }).where('id', '=', paymentId).where('status', '=', 'succeeded').execute();
}

export async function recordDriverCancellation(trx: Executor, row: { driverId: number; shipmentId: number; reason: string; createdAt: Date }): Promise<void> {
  await trx.insertInto('driverCancellations').values(row).execute();
}

/** How often a driver gave accepted jobs back, in all and in the last `sinceDays` (for staff). */
export async function driverCancellationCount(db: Executor, driverId: number, since: Date): Promise<{ total: number; recent: number }> {
  const row = await db
    .selectFrom('driverCancellations')
    .select([sql<number>`count(*)::int`.as('total'), sql<number>`count(*) filter (where created_at >= ${since})::int`.as('recent')])
    .where('driverId', '=', driverId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), recent: Number(row.recent) };
}
