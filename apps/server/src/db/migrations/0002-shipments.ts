import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

export async function up(db: Kysely<unknown>): Promise<void> {
  const side = (prefix: 'pickup' | 'delivery') =>
    [
      [`${prefix}_date_from`, 'timestamptz'],
      [`${prefix}_date_till`, 'timestamptz'],
      [`${prefix}_timezone`, 'text'],
      [`${prefix}_lat`, 'double precision'],
      [`${prefix}_lng`, 'double precision'],
      [`${prefix}_street`, 'text'],
      [`${prefix}_number`, 'text'],
      [`${prefix}_box`, 'text'],
      [`${prefix}_zip`, 'text'],
      [`${prefix}_city`, 'text'],
      [`${prefix}_country`, 'text'],
      [`${prefix}_notes`, 'text'],
      [`${prefix}_name`, 'text'],
    ] as const;

  let table = db.schema
    .createTable('shipments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reference_id', 'text', (c) => c.notNull().unique())
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('insurance', 'text', (c) => c.notNull());
  for (const [name, type] of [...side('pickup'), ...side('delivery')]) table = table.addColumn(name, type, (c) => c.notNull());
  await table
    .addColumn('route_points', 'text', (c) => c.notNull())
    .addColumn('route_distance', 'integer', (c) => c.notNull())
    .addColumn('route_duration', 'integer', (c) => c.notNull())
    .addColumn('route_estimated', 'boolean', (c) => c.notNull())
    .addColumn('driver_route_distance', 'integer')
    .addColumn('driver_route_duration', 'integer')
    .addColumn('current_lat', 'double precision')
    .addColumn('current_lng', 'double precision')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('shipments_sender_idx').on('shipments').columns(['sender_id', 'created_at']).execute();
  await db.schema.createIndex('shipments_state_idx').on('shipments').columns(['state', 'pickup_date_till']).execute();

  await db.schema
    .createTable('shipment_states')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shipment_states_shipment_idx').on('shipment_states').column('shipment_id').execute();

  await db.schema
    .createTable('packages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('pallet_type', 'text')
    .addColumn('must_be_traded', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('packages_shipment_idx').on('packages').column('shipment_id').execute();

  await db.schema
    .createTable('package_photos')
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('image_id', 'uuid', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('package_photos_pk', ['package_id', 'image_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['package_photos', 'packages', 'shipment_states', 'shipments']) await db.schema.dropTable(t).ifExists().execute();
}
