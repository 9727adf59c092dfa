import { type Insertable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { RefundsTable, ShipmentState } from '../../db/schema.ts';

// Issue 22 part 4, cancelling after acceptance: all SQL of the module. Like driver-jobs, it moves a
// shipment's state itself (the shipments module records the event); it reads the payment and the
// offer (their modules own them) and writes refunds, drivers' cancellations, the payment's refunded
// state and the accepted offer's withdrawal, each in the cancellation's transaction.

export type JobMoney = {
  shipmentId: number;
  reference: string;
  senderId: number;
  state: ShipmentState;
  pickupDateFrom: Date;
  pickupTimezone: string;
  offerId: number | null;
  driverId: number | null;
  driverName: string | null;
  paymentId: number | null;
  method: 'card' | 'invoice' | 'bancontact' | null;
  amountCents: number | null;
  providerRef: string | null;
  vatPercent: number | null;
};

/** The job with its accepted offer and its succeeded payment; the row locked when `lock` (one cancellation at a time). */
export async function jobMoney(db: Executor, shipmentId: number, lock = false): Promise<JobMoney | null> {
  let q = db
    .selectFrom('shipments as s')
    .leftJoin('offers as o', 'o.id', 's.acceptedOfferId')
    .leftJoin('users as d', 'd.id', 'o.driverId')
    .leftJoin('payments as p', (j) => j.onRef('p.shipmentId', '=', 's.id').on('p.status', '=', 'succeeded'))
    .leftJoin('paymentReceipts as r', 'r.paymentId', 'p.id')
    .select([
      's.id as shipmentId',
      's.referenceId as reference',
      's.senderId',
      's.state',
      's.pickupDateFrom',
      's.pickupTimezone',
      's.acceptedOfferId as offerId',
      'o.driverId',
      sql<string | null>`d.first_name || ' ' || d.last_name`.as('driverName'),
      'p.id as paymentId',
      'p.method',
      'p.amountCents',
      'p.providerRef',
      'r.vatPercent',
    ])
    .where('s.id', '=', shipmentId);
  if (lock) q = q.forUpdate('s');
  return (await q.executeTakeFirst()) ?? null;
}

/** Moves the job from `from` to `to` (cancelled by the sender, or back to new by the driver) and keeps the state's history. */
export async function moveState(trx: Executor, shipmentId: number, from: ShipmentState, to: ShipmentState, now: Date, reopen: boolean): Promise<boolean> {
  const res = await trx
    .updateTable('shipments')
    .set({ state: to, ...(reopen ? { acceptedOfferId: null } : {}), updatedAt: now, revision: sql`revision + 1` })
    .where('id', '=', shipmentId)
    .where('state', '=', from)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await trx.insertInto('shipmentStates').values({ shipmentId, state: to, createdAt: now }).execute();
  return true;
}

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

/** Claims a refund once per source; null when it was claimed before. */
export async function claimRefund(trx: Executor, row: Insertable<RefundsTable>): Promise<number | null> {
  const r = await trx.insertInto('refunds').values(row).onConflict((oc) => oc.column('sourceKey').doNothing()).returning('id').executeTakeFirst();
  return r?.id ?? null;
}

export async function refundBySource(db: Executor, sourceKey: string): Promise<{ id: number; amountCents: number } | undefined> {
  return db.selectFrom('refunds').select(['id', 'amountCents']).where('sourceKey', '=', sourceKey).executeTakeFirst();
}

export type RefundRow = { id: number; paymentId: number; shipmentId: number; amountCents: number; reason: RefundsTable['reason']; senderId: number; method: 'card' | 'invoice' | 'bancontact'; providerRef: string | null; reference: string };

const refundRows = (db: Executor) =>
  db
    .selectFrom('refunds as f')
    .innerJoin('payments as p', 'p.id', 'f.paymentId')
    .innerJoin('shipments as s', 's.id', 'f.shipmentId')
    .select(['f.id', 'f.paymentId', 'f.shipmentId', 'f.amountCents', 'f.reason', 'p.userId as senderId', 'p.method', 'p.providerRef', 's.referenceId as reference']);

export async function refund(db: Executor, id: number): Promise<RefundRow | null> {
  return (await refundRows(db).where('f.id', '=', id).executeTakeFirst()) ?? null;
}

export async function pendingRefunds(db: Executor, limit: number): Promise<RefundRow[]> {
  return refundRows(db).where('f.status', '=', 'pending').orderBy('f.id').limit(limit).execute();
}

/** Settles a pending refund; false when it was settled before (another process, a retry). */
export async function settleRefund(trx: Executor, id: number, status: 'succeeded' | 'failed', providerRef: string | null, failureReason: string | null, now: Date): Promise<boolean> {
  const res = await trx.updateTable('refunds').set({ status, providerRef, failureReason, updatedAt: now }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
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

/** How many refunds a job had (the next staff refund's key). */
export async function refundCount(db: Executor, shipmentId: number): Promise<number> {
  const row = await db.selectFrom('refunds').select(sql<number>`count(*)::int`.as('n')).where('shipmentId', '=', shipmentId).executeTakeFirstOrThrow();
  return Number(row.n);
}
