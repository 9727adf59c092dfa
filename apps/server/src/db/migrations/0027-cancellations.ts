import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 22 part 4, cancelling after acceptance. A refund is claimed in the database (with the
// cancellation that causes it) before the payment provider is called with the refund's own
// idempotency key, then settled from the provider's answer; the ledger moves the money when it
// succeeded. A payment given back in full (the driver gave the job up) is 'refunded', which frees
// the job for a new payment. Drivers' giving jobs up is counted for staff.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments drop constraint if exists payments_status_check`.execute(db);
  await sql`alter table payments add constraint payments_status_check check (status in ('pending', 'succeeded', 'failed', 'refunded'))`.execute(db);

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('source_key', 'text', (c) => c.notNull().unique())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('sender_cancelled', 'driver_cancelled', 'staff')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('provider_ref', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index refunds_pending_idx on refunds (id) where status = 'pending'`.execute(db);

  await db.schema
    .createTable('driver_cancellations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index driver_cancellations_driver_idx on driver_cancellations (driver_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('driver_cancellations').execute();
  await db.schema.dropTable('refunds').execute();
  await sql`alter table payments drop constraint if exists payments_status_check`.execute(db);
  await sql`alter table payments add constraint payments_status_check check (status in ('pending', 'succeeded', 'failed'))`.execute(db);
}
