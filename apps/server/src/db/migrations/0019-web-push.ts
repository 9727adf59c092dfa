import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Web Push to drivers (issue 21 part 4): their browsers' subscriptions, which kinds they want, the
// pushes to send (an outbox fed from the events after the 'push' cursor in event_cursors), and the
// server's VAPID keys when none are configured (made once, shared by every process).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // One browser's subscription belongs to whoever subscribed it last (a shared phone).
    .addColumn('endpoint', 'text', (c) => c.notNull().unique().check(sql`char_length(endpoint) <= 1000`))
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_success_at', 'timestamptz')
    // Failed sends in a row (a success resets it); 404/410 removes the subscription instead.
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  // No row: every kind on.
  await db.schema
    .createTable('push_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('new_job', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('offer_result', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('chat_message', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('document_expiring', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  // One push per event and subscription (the unique key), sent after commit with retries.
  await db.schema
    .createTable('push_jobs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // The notification as JSON {title, body, url, tag}, in the driver's language when it was made.
    .addColumn('payload', 'text', (c) => c.notNull().check(sql`char_length(payload) <= 3000`))
    .addColumn('send_after', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('push_jobs_event_subscription_key', ['event_id', 'subscription_id'])
    .execute();
  await sql`create index push_jobs_due_idx on push_jobs (send_after) where sent_at is null and cancelled_at is null`.execute(db);

  // The generated VAPID key pair (only when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set): one row.
  await db.schema
    .createTable('push_vapid_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['push_vapid_keys', 'push_jobs', 'push_settings', 'push_subscriptions']) await db.schema.dropTable(t).ifExists().execute();
  await sql`delete from event_cursors where name = 'push'`.execute(db);
}
