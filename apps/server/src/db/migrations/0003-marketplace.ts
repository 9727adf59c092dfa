import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Drivers' vehicles, offers, ratings, stored cards and payments.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vehicles')
    .addColumn('driver_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('driver_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('open','withdrawn','accepted')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // One offer per driver per shipment (a new price replaces it), and one accepted offer per shipment, ever.
  await db.schema.createIndex('offers_driver_unique').on('offers').columns(['shipment_id', 'driver_id']).unique().execute();
  await sql`create unique index offers_one_accepted on offers (shipment_id) where state = 'accepted'`.execute(db);

  await db.schema.alterTable('shipments').addColumn('accepted_offer_id', 'integer', (c) => c.references('offers.id')).execute();
  // Bumped by every change a sender would see (offers, states, location, ratings): the list's ETag.
  await db.schema.alterTable('shipments').addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('ratings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ratingable_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'smallint', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('ratings_once_per_author', ['shipment_id', 'author_id'])
    .execute();
  await db.schema.createIndex('ratings_ratingable_idx').on('ratings').column('ratingable_id').execute();

  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cards')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('cards_pk', ['user_id', 'card_id'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('card','invoice','bancontact')`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending','succeeded','failed')`))
    .addColumn('provider_ref', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The claim: at most one payment in flight or done per shipment, so two accepts never both charge.
  await sql`create unique index payments_one_live on payments (shipment_id) where status in ('pending','succeeded')`.execute(db);
  await db.schema.createIndex('payments_provider_ref_idx').on('payments').column('provider_ref').execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shipments').dropColumn('accepted_offer_id').dropColumn('revision').execute();
  for (const t of ['payment_events', 'payments', 'cards', 'payment_customers', 'ratings', 'offers', 'vehicles']) await db.schema.dropTable(t).ifExists().execute();
}
