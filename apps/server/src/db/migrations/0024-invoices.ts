import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 22 part 5, invoices of record (decision 0033). Each series is numbered without gaps per
// year: the next number is taken from invoice_counters in the same transaction that writes the
// invoice, so a rolled-back invoice gives its number back. An invoice is written once (its
// source_key: what it is for, e.g. the payment it bills) and never changed except its payment
// state and its sending to the Peppol network. The document (JSON of the model every format is
// printed from) and the UBL are kept as issued.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_counters')
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_counters_pk', ['series', 'year'])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('source_key', 'text', (c) => c.notNull().unique())
    .addColumn('series', 'text', (c) => c.notNull().check(sql`series in ('sales', 'sales_credit', 'self_billed', 'self_billed_credit')`))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('invoice', 'credit_note', 'self_billed_invoice', 'self_billed_credit_note')`))
    // Who receives it (the sender) or in whose name it is written (the driver, self-billed). No cascade: invoices are kept ten years.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('shipment_id', 'integer', (c) => c.references('shipments.id'))
    .addColumn('corrects_id', 'integer', (c) => c.references('invoices.id'))
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('payment_communication', 'text', (c) => c.unique())
    .addColumn('net_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('payable_cents', 'integer', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('ubl', 'text')
    // Peppol: none (no Peppol address: PDF only), pending, sent (the access point took it), failed.
    .addColumn('peppol_status', 'text', (c) => c.notNull().check(sql`peppol_status in ('none', 'pending', 'sent', 'failed')`))
    .addColumn('peppol_ref', 'text')
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('invoices_series_year_sequence', ['series', 'year', 'sequence'])
    .execute();
  await sql`create index invoices_user_idx on invoices (user_id, id)`.execute(db);
  await sql`create index invoices_shipment_idx on invoices (shipment_id) where shipment_id is not null`.execute(db);
  await sql`create index invoices_open_idx on invoices (due_date) where paid_at is null and payable_cents > 0`.execute(db);
  await sql`create index invoices_peppol_idx on invoices (id) where peppol_status = 'pending'`.execute(db);

  // The self-billing agreement (art. 53 §2 WBTW): the platform writes a driver's invoices only once they accepted it.
  await db.schema.alterTable('driver_profiles').addColumn('self_billing_accepted_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('driver_profiles').dropColumn('self_billing_accepted_at').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
}
