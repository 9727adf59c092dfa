import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 21, joining: a driver has several vehicles (payload, maximum mass, load space, the
// transport licence where the licence rule asks for it) and an offer names the vehicle it is made
// with. A vehicle taken out of use is marked removed, never deleted: old offers still name it.
// Documents (driving licence, CMR insurance, transport licence) are private files with an expiry
// and staff's review of each version.

/** Sizes for the vehicles made before these columns existed (one per admin-made or demo driver). */
const LEGACY = `
  (values ('car', 500, 2000, 180, 120, 100), ('van', 1200, 3500, 340, 170, 180),
          ('small_truck', 3000, 7200, 500, 220, 230), ('truck', 6000, 12000, 720, 245, 260))
  as t(type, payload, mass, len, wid, hei)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vehicles drop constraint vehicles_pkey`.execute(db);
  await db.schema
    .alterTable('vehicles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('plate', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payload_kg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_mass_kg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('load_length_cm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('load_width_cm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('load_height_cm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('licence_number', 'text', (c) => c.notNull().defaultTo(''))
    // 'YYYY-MM-DD' (a day, as the licence states it), '' when the vehicle needs none.
    .addColumn('licence_expires', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await sql`
    update vehicles v set payload_kg = t.payload, max_mass_kg = t.mass, load_length_cm = t.len,
      load_width_cm = t.wid, load_height_cm = t.hei
    from ${sql.raw(LEGACY)} where t.type = v.type`.execute(db);
  await sql`create index vehicles_driver_idx on vehicles (driver_id) where removed_at is null`.execute(db);

  await db.schema.alterTable('offers').addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id')).execute();
  await sql`update offers o set vehicle_id = v.id from vehicles v where v.driver_id = o.driver_id`.execute(db);

  await db.schema
    .createTable('driver_documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('driving_licence', 'cmr_insurance', 'transport_licence')`))
    .addColumn('expires', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'accepted', 'refused')`))
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reviewed_at', 'timestamptz')
    .execute();
  await sql`create index driver_documents_driver_idx on driver_documents (driver_id, kind, uploaded_at)`.execute(db);
  // The daily expiry notices: each (document, notice) once.
  await db.schema
    .createTable('document_notices')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('driver_documents.id').onDelete('cascade'))
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_notices_pk', ['document_id', 'days'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_notices').execute();
  await db.schema.dropTable('driver_documents').execute();
  await db.schema.alterTable('offers').dropColumn('vehicle_id').execute();
  // One vehicle per driver again: the first one each driver added.
  await sql`delete from vehicles v where exists (select 1 from vehicles w where w.driver_id = v.driver_id and w.id < v.id)`.execute(db);
  await db.schema
    .alterTable('vehicles')
    .dropColumn('id')
    .dropColumn('plate')
    .dropColumn('payload_kg')
    .dropColumn('max_mass_kg')
    .dropColumn('load_length_cm')
    .dropColumn('load_width_cm')
    .dropColumn('load_height_cm')
    .dropColumn('licence_number')
    .dropColumn('licence_expires')
    .dropColumn('created_at')
    .dropColumn('removed_at')
    .execute();
  await sql`alter table vehicles add primary key (driver_id)`.execute(db);
}
