import type { PaymentMethodName } from '@vm/domain';
import { type Insertable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { RefundsTable } from '../../db/schema.ts';

// Refunds: claimed in the database (under the job's lock, with what causes them) before the
// payment provider is called with the refund's own key, then settled from its answer.

/** Claims a refund once per source; null when it was claimed before. */
export async function claim(trx: Executor, row: Insertable<RefundsTable>): Promise<number | null> {
  const r = await trx.insertInto('refunds').values(row).onConflict((oc) => oc.column('sourceKey').doNothing()).returning('id').executeTakeFirst();
  return r?.id ?? null;
}

export async function bySource(db: Executor, sourceKey: string): Promise<{ id: number; amountCents: number; status: RefundsTable['status'] } | undefined> {
  return db.selectFrom('refunds').select(['id', 'amountCents', 'status']).where('sourceKey', '=', sourceKey).executeTakeFirst();
}

export type RefundRow = {
  id: number;
  paymentId: number;
  shipmentId: number;
  amountCents: number;
  reason: RefundsTable['reason'];
  status: RefundsTable['status'];
  senderId: number;
  method: PaymentMethodName;
  providerRef: string | null;
  reference: string;
};

const rows = (db: Executor) =>
  db
    .selectFrom('refunds as f')
    .innerJoin('payments as p', 'p.id', 'f.paymentId')
    .innerJoin('shipments as s', 's.id', 'f.shipmentId')
    .select(['f.id', 'f.paymentId', 'f.shipmentId', 'f.amountCents', 'f.reason', 'f.status', 'p.userId as senderId', 'p.method', 'p.providerRef', 's.referenceId as reference']);

export async function find(db: Executor, id: number): Promise<RefundRow | null> {
  return (await rows(db).where('f.id', '=', id).executeTakeFirst()) ?? null;
}

export async function pending(db: Executor, limit: number): Promise<RefundRow[]> {
  return rows(db).where('f.status', '=', 'pending').orderBy('f.id').limit(limit).execute();
}

/** Settles a pending refund; false when it was settled before (another process, a retry). */
export async function settle(trx: Executor, id: number, status: 'succeeded' | 'failed', providerRef: string | null, failureReason: string | null, now: Date): Promise<boolean> {
  const res = await trx.updateTable('refunds').set({ status, providerRef, failureReason, updatedAt: now }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** How many refunds a job had (the next staff refund's key). */
export async function count(db: Executor, shipmentId: number): Promise<number> {
  const row = await db.selectFrom('refunds').select(sql<number>`count(*)::int`.as('n')).where('shipmentId', '=', shipmentId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the job's claimed refunds still waiting for the provider will take from its held money, in cents. */
export async function pendingCents(db: Executor, shipmentId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select(sql<number>`coalesce(sum(amount_cents), 0)::int8`.as('cents'))
    .where('shipmentId', '=', shipmentId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** The refunds a payment has at the provider (succeeded), for the reconciliation. */
export async function succeededOf(db: Executor, paymentIds: number[]): Promise<{ id: number; paymentId: number; amountCents: number; providerRef: string | null }[]> {
  if (paymentIds.length === 0) return [];
  return db.selectFrom('refunds').select(['id', 'paymentId', 'amountCents', 'providerRef']).where('paymentId', 'in', paymentIds).where('status', '=', 'succeeded').execute();
}
