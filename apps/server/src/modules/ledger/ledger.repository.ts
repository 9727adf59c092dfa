import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { LedgerAccountKind, LedgerTransactionKind } from '../../db/schema.ts';

// Issue 22, the ledger (decision 0031): all SQL of the module. Entries are signed cents (a debit
// positive, a credit negative); a balance is a sum of entries, never a stored figure.

/** The account's row id, made on first use (a sender's or driver's the first time money moves for them). */
export async function accountId(db: Executor, kind: LedgerAccountKind, userId: number | null, now: Date): Promise<number> {
  const code = userId === null ? kind : `${kind}:${userId}`;
  const found = await db.selectFrom('ledgerAccounts').select('id').where('code', '=', code).executeTakeFirst();
  if (found) return found.id;
  await db.insertInto('ledgerAccounts').values({ code, kind, userId, createdAt: now }).onConflict((oc) => oc.column('code').doNothing()).execute();
  return (await db.selectFrom('ledgerAccounts').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** The movement's row, or null when its key was taken before (the caller then writes nothing). */
export async function insertTransaction(
  db: Executor,
  t: { idempotencyKey: string; kind: LedgerTransactionKind; shipmentId: number | null; memo: string; createdAt: Date },
): Promise<number | null> {
  const row = await db
    .insertInto('ledgerTransactions')
    .values(t)
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function insertEntries(db: Executor, rows: { transactionId: number; accountId: number; shipmentId: number | null; amountCents: number; createdAt: Date }[]): Promise<void> {
  await db.insertInto('ledgerEntries').values(rows).execute();
}

/** The sum of an account's entries (debit positive). */
export async function accountSum(db: Executor, kind: LedgerAccountKind, userId: number | null): Promise<number> {
  const code = userId === null ? kind : `${kind}:${userId}`;
  const row = await db
    .selectFrom('ledgerEntries as e')
    .innerJoin('ledgerAccounts as a', 'a.id', 'e.accountId')
    .select(sql<number>`coalesce(sum(e.amount_cents), 0)::int8`.as('sum'))
    .where('a.code', '=', code)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** The sum of a job's entries on one kind of account (debit positive). */
export async function shipmentSum(db: Executor, shipmentId: number, kind: LedgerAccountKind): Promise<number> {
  const row = await db
    .selectFrom('ledgerEntries as e')
    .innerJoin('ledgerAccounts as a', 'a.id', 'e.accountId')
    .select(sql<number>`coalesce(sum(e.amount_cents), 0)::int8`.as('sum'))
    .where('e.shipmentId', '=', shipmentId)
    .where('a.kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** Whether a movement of this kind was written for the job. */
export async function hasTransaction(db: Executor, shipmentId: number, kind: LedgerTransactionKind): Promise<boolean> {
  const row = await db.selectFrom('ledgerTransactions').select('id').where('shipmentId', '=', shipmentId).where('kind', '=', kind).executeTakeFirst();
  return row !== undefined;
}

// --- the invariants (decision 0031): each query lists what breaks one, at most `limit` rows ---

/** Transactions whose entries do not sum to zero (the commit trigger refuses them; this catches a trigger dropped by hand). */
export async function unbalanced(db: Executor, limit: number): Promise<{ transactionId: number; sum: number }[]> {
  const { rows } = await sql<{ transactionId: number; sum: number }>`
    select transaction_id, sum(amount_cents)::int8 as sum from ledger_entries
    group by transaction_id having sum(amount_cents) <> 0 order by transaction_id limit ${limit}`.execute(db);
  return rows.map((r) => ({ transactionId: Number(r.transactionId), sum: Number(r.sum) }));
}

/**
 * Jobs whose held money is not what was charged minus what left it: held below zero, held after the
 * job's money was released or refunded in full, or a charge that is not the succeeded payment's amount.
 */
export async function heldMismatches(db: Executor, limit: number): Promise<{ shipmentId: number; held: number; charged: number; paid: number }[]> {
  const { rows } = await sql<{ shipmentId: number; held: number; charged: number; paid: number; closed: boolean }>`
    with per_job as (
      select e.shipment_id,
             -sum(e.amount_cents) filter (where a.kind = 'held') as held,
             -sum(e.amount_cents) filter (where a.kind = 'held' and t.kind = 'charge') as charged,
             bool_or(t.kind = 'release') as closed
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      join ledger_transactions t on t.id = e.transaction_id
      where e.shipment_id is not null
      group by e.shipment_id
    )
    select j.shipment_id, coalesce(j.held, 0)::int8 as held, coalesce(j.charged, 0)::int8 as charged,
           coalesce((select sum(p.amount_cents) from payments p where p.shipment_id = j.shipment_id and p.status in ('succeeded', 'refunded')), 0)::int8 as paid,
           coalesce(j.closed, false) as closed
    from per_job j
    where coalesce(j.held, 0) < 0
       or (coalesce(j.closed, false) and coalesce(j.held, 0) <> 0)
       or coalesce(j.charged, 0) <> coalesce((select sum(p.amount_cents) from payments p where p.shipment_id = j.shipment_id and p.status in ('succeeded', 'refunded')), 0)
    order by j.shipment_id limit ${limit}`.execute(db);
  return rows.map((r) => ({ shipmentId: r.shipmentId, held: Number(r.held), charged: Number(r.charged), paid: Number(r.paid) }));
}

/** Drivers' payable accounts that went below zero (the platform would be owed by a driver). */
export async function negativePayables(db: Executor, limit: number): Promise<{ userId: number; payable: number }[]> {
  const { rows } = await sql<{ userId: number; payable: number }>`
    select a.user_id, (-sum(e.amount_cents))::int8 as payable
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.kind = 'driver_payable'
    group by a.user_id having -sum(e.amount_cents) < 0
    order by a.user_id limit ${limit}`.execute(db);
  return rows.map((r) => ({ userId: r.userId, payable: Number(r.payable) }));
}
