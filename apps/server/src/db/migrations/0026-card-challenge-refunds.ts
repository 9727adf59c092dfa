import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 22 parts 2 and 4: 3-D Secure at acceptance and refunds in the payment provider port.
// - payments.return_url: where a card payment's 3-D Secure challenge sends the browser back to. A
//   retried charge (same idempotency key) must send the provider the same parameters, so it is kept.
// - sandbox_bancontact.kind: the sandbox's redirect sessions are Bancontact bank pages or card
//   challenges (3-D Secure); both live, expire and answer the same way.
// - sandbox_refunds: the sandbox's refunds (what Stripe keeps), one per idempotency key.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('return_url', 'text').execute();
  await db.schema.alterTable('sandbox_bancontact').addColumn('kind', 'text', (c) => c.notNull().defaultTo('bancontact')).execute();
  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_refunds_payment_idx').on('sandbox_refunds').column('payment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_refunds').ifExists().execute();
  await db.schema.alterTable('sandbox_bancontact').dropColumn('kind').execute();
  await db.schema.alterTable('payments').dropColumn('return_url').execute();
}
