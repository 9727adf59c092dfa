import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 22 part 3, payouts (decision 0031): each payout is claimed in the database before the
// provider is called (one open payout per driver), then sent with its own idempotency key, then
// settled from the provider's answer; the ledger moves the money at each step. The sandbox
// provider keeps its own payouts in sandbox_payouts (what Stripe would keep on its side).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payouts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('iban', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    // claimed: written, the provider not (known to be) called yet; pending: at the provider.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('claimed', 'pending', 'paid', 'failed')`))
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index payouts_one_open on payouts (driver_id) where status in ('claimed', 'pending')`.execute(db);
  await sql`create index payouts_driver_idx on payouts (driver_id, id)`.execute(db);
  await sql`create index payouts_open_idx on payouts (status) where status in ('claimed', 'pending')`.execute(db);

  // The account each driver's money goes to at the provider (Stripe: a connected account).
  await db.schema
    .createTable('payees')
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('payee_id', 'text', (c) => c.notNull())
    .addColumn('onboarding_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('payees_pk', ['driver_id', 'provider'])
    .execute();

  await db.schema
    .createTable('sandbox_payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('iban', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_payouts').execute();
  await db.schema.dropTable('payees').execute();
  await db.schema.dropTable('payouts').execute();
}
