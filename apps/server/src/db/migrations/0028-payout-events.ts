import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 22 part 6: the payout provider's webhook events (Stripe Connect's payout.paid, payout.failed),
// each id recorded once so a replayed or duplicated delivery changes nothing twice; payouts found by
// the provider's id.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payout_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // A webhook names the payout by the provider's id.
  await db.schema.createIndex('payouts_provider_ref').on('payouts').column('provider_ref').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payouts_provider_ref').execute();
  await db.schema.dropTable('payout_events').execute();
}
