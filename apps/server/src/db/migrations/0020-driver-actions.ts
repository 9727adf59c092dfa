import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 21, offline: a driver's phone keeps state changes and positions made without a network and
// sends them later with their original time and an id it made. The server takes each id once
// (driver_actions), keeps every position with its accuracy and time (shipment_positions), and
// moves the shipment's current position only to a newer one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('driver_actions')
    .addColumn('client_id', 'uuid', (c) => c.primaryKey())
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('state', 'location')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('shipment_positions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('accuracy_m', 'integer')
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index shipment_positions_shipment_idx on shipment_positions (shipment_id, recorded_at)`.execute(db);
  await db.schema
    .alterTable('shipments')
    .addColumn('current_accuracy_m', 'integer')
    .addColumn('current_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shipments').dropColumn('current_accuracy_m').dropColumn('current_at').execute();
  await db.schema.dropTable('shipment_positions').execute();
  await db.schema.dropTable('driver_actions').execute();
}
