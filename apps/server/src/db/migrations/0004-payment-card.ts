import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// The card a payment charges, so an interrupted charge can be retried with the same idempotency key.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('card_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('card_id').execute();
}
