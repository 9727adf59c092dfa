import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 22, speed: every row of a user's invoice list sums the credit notes that correct it
// (invoices.corrects_id). Without an index each row read the whole table: a sender's list took
// p99 16 ms on PostgreSQL over 20,000 invoices (target 10 ms). Only credit notes carry the column.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index invoices_corrects_idx on invoices (corrects_id) where corrects_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index invoices_corrects_idx`.execute(db);
}
