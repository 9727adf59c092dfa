import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// The sandbox payment provider's own state (what Stripe keeps on its side), so a restart or another
// process sees the same tokens, idempotent answers, Bancontact sessions, charges and webhook secret.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One-time card tokens (what Stripe.js makes in the browser): the test card they stand for, never a number.
  await db.schema
    .createTable('sandbox_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('test_token', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_tokens_expires_idx').on('sandbox_tokens').column('expires_at').execute();

  // Every idempotent call's answer by key: a result or a card error (JSON text), as Stripe replays them.
  await db.schema
    .createTable('sandbox_idempotency')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_bancontact')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Settings the sandbox makes once for every process (the webhook secret when none is configured).
  await db.schema
    .createTable('sandbox_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sandbox_settings', 'sandbox_charges', 'sandbox_bancontact', 'sandbox_idempotency', 'sandbox_tokens']) await db.schema.dropTable(t).ifExists().execute();
}
