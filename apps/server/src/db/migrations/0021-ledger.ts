import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 22, the ledger (decision 0031): double entry, append-only. Accounts (the platform's and one
// per sender and per driver that needs one), transactions (one balanced movement each, taken once
// by its idempotency key) and their entries (signed cents: a debit is positive, a credit negative).
// Balances are sums of entries. The database itself refuses an update or delete of a transaction or
// an entry, and a transaction whose entries do not sum to zero when it commits.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('provider_clearing', 'bank', 'held', 'vat_payable', 'vat_receivable', 'revenue_commission', 'revenue_insurance', 'revenue_cancellation', 'payouts_in_transit', 'driver_payable', 'sender_receivable')`,
        ),
    )
    // A sender's or driver's own account; null for the platform's. No cascade: money records outlive an account (they are anonymised, not deleted).
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index ledger_accounts_user_kind on ledger_accounts (user_id, kind) where user_id is not null`.execute(db);

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('charge', 'release', 'refund', 'cancellation_fee', 'payout', 'payout_paid', 'payout_failed', 'bank_payment')`))
    .addColumn('shipment_id', 'integer', (c) => c.references('shipments.id'))
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index ledger_transactions_shipment_idx on ledger_transactions (shipment_id, id) where shipment_id is not null`.execute(db);

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
    // The shipment the money is for, copied from the transaction: what is held per job is a sum over it.
    .addColumn('shipment_id', 'integer')
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents <> 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // A balance is an index-only sum over one account's entries; a job's held money one over its own.
  await sql`create index ledger_entries_account_idx on ledger_entries (account_id, id) include (amount_cents)`.execute(db);
  await sql`create index ledger_entries_shipment_idx on ledger_entries (shipment_id, account_id) include (amount_cents) where shipment_id is not null`.execute(db);
  await sql`create index ledger_entries_transaction_idx on ledger_entries (transaction_id)`.execute(db);

  await sql`
    create function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the ledger is append-only: % on % refused', tg_op, tg_table_name;
    end $$`.execute(db);
  for (const table of ['ledger_transactions', 'ledger_entries']) {
    await sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)} for each row execute function ledger_append_only()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)} for each statement execute function ledger_append_only()`.execute(db);
  }
  // Checked when the database transaction commits, after all of a movement's entries are in.
  await sql`
    create function ledger_balanced() returns trigger language plpgsql as $$
    declare total bigint;
    begin
      select coalesce(sum(amount_cents), 0) into total from ledger_entries where transaction_id = new.transaction_id;
      if total <> 0 then
        raise exception 'ledger transaction % does not balance: % cents', new.transaction_id, total;
      end if;
      return null;
    end $$`.execute(db);
  // The commission the driver was shown when bidding (basis points: 1200 = 12 %): a later change of
  // the setting does not change what an offer's driver is paid. Null for offers made before.
  await db.schema.alterTable('offers').addColumn('commission_bp', 'integer').execute();
  await sql`create constraint trigger ledger_entries_balanced after insert on ledger_entries deferrable initially deferred for each row execute function ledger_balanced()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('offers').dropColumn('commission_bp').execute();
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('ledger_transactions').execute();
  await db.schema.dropTable('ledger_accounts').execute();
  await sql`drop function if exists ledger_balanced()`.execute(db);
  await sql`drop function if exists ledger_append_only()`.execute(db);
}
