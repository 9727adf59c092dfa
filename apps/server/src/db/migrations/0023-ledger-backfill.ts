import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 22: payments that succeeded before the ledger existed are booked as held for their job, as
// acceptance books them now (decision 0031): a card or Bancontact payment from the payment
// provider's clearing account, an invoice from the sender's receivable, into `held`. Keyed like the
// service's (`charge:payment:<id>`), so it books each payment once and never one the service booked.
// Their jobs then follow the same rules: released on confirmation, or 24 hours after a delivery with
// proof.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into ledger_accounts (code, kind, user_id, created_at)
    values ('provider_clearing', 'provider_clearing', null, now()), ('held', 'held', null, now())
    on conflict do nothing`.execute(db);
  await sql`
    insert into ledger_accounts (code, kind, user_id, created_at)
    select distinct 'sender_receivable:' || p.user_id, 'sender_receivable', p.user_id, now()
    from payments p where p.status = 'succeeded' and p.method = 'invoice'
    on conflict do nothing`.execute(db);
  await sql`
    insert into ledger_transactions (idempotency_key, kind, shipment_id, memo, created_at)
    select 'charge:payment:' || p.id, 'charge', p.shipment_id,
           s.reference_id || ' paid by ' || p.method || ' (payment ' || p.id || ', booked when the ledger began)', p.updated_at
    from payments p join shipments s on s.id = p.shipment_id
    where p.status = 'succeeded'
    on conflict (idempotency_key) do nothing`.execute(db);
  await sql`
    insert into ledger_entries (transaction_id, account_id, shipment_id, amount_cents, created_at)
    select t.id, a.id, t.shipment_id, case when side.n = 0 then p.amount_cents else -p.amount_cents end, t.created_at
    from ledger_transactions t
    join payments p on t.idempotency_key = 'charge:payment:' || p.id
    cross join (values (0), (1)) as side (n)
    join ledger_accounts a on a.code = case when side.n = 1 then 'held' when p.method = 'invoice' then 'sender_receivable:' || p.user_id else 'provider_clearing' end
    where t.kind = 'charge' and not exists (select 1 from ledger_entries e where e.transaction_id = t.id)`.execute(db);
}

export async function down(): Promise<void> {
  // The ledger is append-only: what was booked stays booked.
}
