import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 22 part 5, invoice payment: what the bank statements brought in for an invoice paid by
// transfer (a sender may pay in parts), and each bank credit imported, once (its statement and
// the bank's reference), whether it matched an invoice or waits for staff.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('received_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('bank_credits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('statement_id', 'text', (c) => c.notNull())
    .addColumn('booking_date', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('communication', 'text')
    .addColumn('debtor_name', 'text')
    .addColumn('debtor_iban', 'text')
    .addColumn('remittance', 'text')
    .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('imported_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index bank_credits_unmatched_idx on bank_credits (id) where invoice_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_credits').execute();
  await db.schema.alterTable('invoices').dropColumn('received_cents').execute();
}
