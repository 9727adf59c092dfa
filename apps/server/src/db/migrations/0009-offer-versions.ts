import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// A re-priced offer is a new offer (a new id): the id a sender confirms is the price charged.
// The old one is 'replaced' and points at its successor, so accepting it can name the new price.
// One standing (open or accepted) offer per driver per shipment instead of one row ever.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offers drop constraint if exists offers_state_check`.execute(db);
  await sql`alter table offers add constraint offers_state_check check (state in ('open','withdrawn','accepted','replaced'))`.execute(db);
  await db.schema.alterTable('offers').addColumn('replaced_by', 'integer', (c) => c.references('offers.id')).execute();
  await db.schema.dropIndex('offers_driver_unique').execute();
  await sql`create unique index offers_one_standing on offers (shipment_id, driver_id) where state in ('open','accepted')`.execute(db);
  await db.schema.createIndex('offers_shipment_driver_idx').on('offers').columns(['shipment_id', 'driver_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from offers where state = 'replaced'`.execute(db);
  await db.schema.dropIndex('offers_shipment_driver_idx').execute();
  await sql`drop index offers_one_standing`.execute(db);
  await db.schema.createIndex('offers_driver_unique').on('offers').columns(['shipment_id', 'driver_id']).unique().execute();
  await db.schema.alterTable('offers').dropColumn('replaced_by').execute();
  await sql`alter table offers drop constraint if exists offers_state_check`.execute(db);
  await sql`alter table offers add constraint offers_state_check check (state in ('open','withdrawn','accepted'))`.execute(db);
}
