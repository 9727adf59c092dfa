import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 23 part 1, problems and claims (decision 0036). One problem per job, reported by its
// sender; each party's statements with their photos (private files, like the proofs'); the staff
// decision with its reason, the money it refunded and the transport price it left the driver
// (the self-billed invoice and the earnings read that price instead of the offer's).

export async function up(db: Kysely<unknown>): Promise<void> {
  // The driver is told of a problem with their job and of staff's decision (on unless switched off).
  await db.schema.alterTable('push_settings').addColumn('job_problem', 'boolean', (c) => c.notNull().defaultTo(true)).execute();

  await db.schema
    .createTable('problems')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) => c.notNull().unique().references('shipments.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('damage', 'loss', 'lateness', 'no_show', 'other')`))
    .addColumn('package_ids', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'decided')`))
    .addColumn('reported_at', 'timestamptz', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome in ('release', 'refund', 'insurance')`))
    .addColumn('reason', 'text')
    .addColumn('refund_cents', 'integer')
    .addColumn('released_cents', 'integer')
    // The driver's transport price (without VAT) after a part refund; null: the offer's price.
    .addColumn('driver_price_cents', 'integer')
    .addColumn('decided_by', 'integer', (c) => c.references('staff.id'))
    .addColumn('decided_at', 'timestamptz')
    // When the decision's money moved and both parties were told.
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await sql`create index problems_open_idx on problems (reported_at) where status = 'open'`.execute(db);

  await db.schema
    .createTable('problem_statements')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('party', 'text', (c) => c.notNull().check(sql`party in ('sender', 'driver')`))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Each party states once.
  await sql`create unique index problem_statements_party_idx on problem_statements (problem_id, party)`.execute(db);

  await db.schema
    .createTable('problem_photos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('statement_id', 'integer', (c) => c.notNull().references('problem_statements.id').onDelete('cascade'))
    .addColumn('package_id', 'integer')
    // The stored file's name (a uuid and its extension) under problems/<shipment id>/.
    .addColumn('file', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .execute();
  await sql`create index problem_photos_statement_idx on problem_photos (statement_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('problem_photos').execute();
  await db.schema.dropTable('problem_statements').execute();
  await db.schema.dropTable('problems').execute();
  await db.schema.alterTable('push_settings').dropColumn('job_problem').execute();
}
