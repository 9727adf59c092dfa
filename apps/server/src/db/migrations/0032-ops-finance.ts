import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 23 parts 2-3, finance approvals in the back office: when a company asked to pay by invoice
// (staff's queue shows it; a request older than this column takes its company row's last change),
// and how many reminders an unpaid invoice got (one for an invoice reminded before this column).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').addColumn('invoice_requested_at', 'timestamptz').execute();
  await sql`update companies set invoice_requested_at = updated_at where invoice_status = 'requested'`.execute(db);
  await db.schema.alterTable('invoices').addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update invoices set reminders_sent = 1 where reminded_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('reminders_sent').execute();
  await db.schema.alterTable('companies').dropColumn('invoice_requested_at').execute();
}
