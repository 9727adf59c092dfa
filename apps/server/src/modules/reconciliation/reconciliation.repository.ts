import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PaymentMethod } from '../../db/schema.ts';

// What our side says of the money a provider moved: payments and their ledger charges, refunds,
// payouts. Read only (each table is its module's); the reconciliation compares it with the provider.

export type OurPayment = { id: number; shipmentId: number; method: PaymentMethod; status: 'pending' | 'succeeded' | 'failed' | 'refunded'; providerRef: string | null; createdAt: Date; bookedCents: number | null };

/** Our payments by id, each with the amount its ledger charge booked (null when none was). */
export async function payments(db: Executor, ids: number[]): Promise<OurPayment[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<OurPayment>`
    select p.id, p.shipment_id, p.method, p.status, p.provider_ref, p.created_at,
           (select -sum(e.amount_cents) from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
            where t.idempotency_key = 'charge:payment:' || p.id and a.kind = 'held')::int8 as booked_cents
    from payments p where p.id in (${sql.join(ids)})`.execute(db);
  return rows.map((r) => ({ ...r, bookedCents: r.bookedCents === null ? null : Number(r.bookedCents) }));
}

/** The payments whose charge the ledger booked since `since`, with the methods that took money through the provider. */
export async function bookedSince(db: Executor, since: Date, methods: readonly PaymentMethod[]): Promise<{ id: number; providerRef: string | null; bookedCents: number }[]> {
  const { rows } = await sql<{ id: number; providerRef: string | null; bookedCents: number }>`
    select p.id, p.provider_ref, -sum(e.amount_cents)::int8 as booked_cents
    from ledger_transactions t
    join payments p on t.idempotency_key = 'charge:payment:' || p.id
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id and a.kind = 'held'
    where t.kind = 'charge' and t.created_at >= ${since} and p.method in (${sql.join([...methods])})
    group by p.id, p.provider_ref`.execute(db);
  return rows.map((r) => ({ ...r, bookedCents: Number(r.bookedCents) }));
}

export type OurRefund = { id: number; paymentId: number; amountCents: number; status: 'pending' | 'succeeded' | 'failed'; method: PaymentMethod; updatedAt: Date };

/** Our refunds by id. */
export async function refunds(db: Executor, ids: number[]): Promise<OurRefund[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('refunds as f')
    .innerJoin('payments as p', 'p.id', 'f.paymentId')
    .select(['f.id', 'f.paymentId', 'f.amountCents', 'f.status', 'p.method', 'f.updatedAt'])
    .where('f.id', 'in', ids)
    .execute();
}

/** Refunds that succeeded since `since` through the provider (its methods), which the provider must hold. */
export async function refundedSince(db: Executor, since: Date, methods: readonly PaymentMethod[]): Promise<{ id: number; amountCents: number }[]> {
  return db
    .selectFrom('refunds as f')
    .innerJoin('payments as p', 'p.id', 'f.paymentId')
    .select(['f.id', 'f.amountCents'])
    .where('f.status', '=', 'succeeded')
    .where('f.updatedAt', '>=', since)
    .where('p.method', 'in', [...methods])
    .execute();
}

export type OurPayout = { id: number; amountCents: number; status: 'claimed' | 'pending' | 'paid' | 'failed'; createdAt: Date };

/** Our payouts made since `since` and those named by id. */
export async function payouts(db: Executor, since: Date, ids: number[]): Promise<OurPayout[]> {
  return db
    .selectFrom('payouts')
    .select(['id', 'amountCents', 'status', 'createdAt'])
    .where((eb) => (ids.length ? eb.or([eb('createdAt', '>=', since), eb('id', 'in', ids)]) : eb('createdAt', '>=', since)))
    .execute();
}
