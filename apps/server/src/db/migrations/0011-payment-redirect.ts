import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// A Bancontact payment keeps the bank page's address, so a sender who closed that tab can go back
// to it from the job page ("continue paying") until the provider's session ends.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('redirect_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('redirect_url').execute();
}
