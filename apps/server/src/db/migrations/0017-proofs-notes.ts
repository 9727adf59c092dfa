import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 21, part 3: the proof a driver takes at pickup and at delivery (one per shipment and kind,
// taken once per phone-made client id), its photos per package, the consignment note's entries
// (append-only, chained by hash, each sealed as a JWS), the sender's answer after delivery, and the
// server's own signing key for the embedded mode (made once, shared by every process).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('proofs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('pickup', 'delivery')`))
    .addColumn('client_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('signer_name', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull().check(sql`condition in ('good', 'reservations')`))
    .addColumn('reservations', 'text', (c) => c.notNull())
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('accuracy_m', 'double precision', (c) => c.notNull())
    .addColumn('signature_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('proofs_shipment_kind_key', ['shipment_id', 'kind'])
    .execute();
  await db.schema
    .createTable('proof_photos')
    .addColumn('proof_id', 'integer', (c) => c.notNull().references('proofs.id').onDelete('cascade'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('proof_photos_pk', ['proof_id', 'package_id', 'position'])
    .execute();
  await db.schema
    .createTable('note_entries')
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('jws', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('note_entries_pk', ['shipment_id', 'seq'])
    .execute();
  await db.schema
    .createTable('delivery_answers')
    .addColumn('shipment_id', 'integer', (c) => c.primaryKey().references('shipments.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('confirmed', 'problem')`))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_keys').execute();
  await db.schema.dropTable('delivery_answers').execute();
  await db.schema.dropTable('note_entries').execute();
  await db.schema.dropTable('proof_photos').execute();
  await db.schema.dropTable('proofs').execute();
}
