import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 21, joining: a driver's business details (as a person or a company, enterprise number, VAT
// or the small-business exemption, IBAN) and where staff's verification stands. Drivers made
// before (the admin command, the demo drivers) have no row: they joined before verification existed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('driver_profiles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('person', 'company')`))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('company_number', 'text', (c) => c.notNull())
    .addColumn('vat', 'text', (c) => c.notNull())
    .addColumn('vat_exempt', 'boolean', (c) => c.notNull())
    .addColumn('iban', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('incomplete', 'pending', 'approved', 'refused')`))
    .addColumn('refusal_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index driver_profiles_status_idx on driver_profiles (status, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('driver_profiles').execute();
}
