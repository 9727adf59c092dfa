import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Events (the outbox every screen, push, mail and process reads), chat, stream tokens, mail
// settings and queue, public tracking links, and the user's language for mails.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('shipment_id', 'integer', (c) => c.references('shipments.id').onDelete('cascade'))
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('message', 'jsonb', (c) => c.notNull())
    // false: streamed only (a position), never a push or an activity entry.
    .addColumn('listed', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    // A scheduled check may find the same expiry or lateness twice; the event is written once.
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .execute();
  await db.schema.createIndex('events_user_idx').on('events').columns(['user_id', 'id']).execute();
  await sql`create index events_user_unread_idx on events (user_id) where listed and read_at is null`.execute(db);

  await db.schema
    .createTable('messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_shipment_idx').on('messages').columns(['shipment_id', 'id']).execute();

  await db.schema
    .createTable('conversation_reads')
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_read_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_reads_pk', ['shipment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('stream_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('mail_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('offer_received', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('offer_accepted', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('delivered', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('chat_unread', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  // Mails made from events, sent after commit with retries; a key makes each mail once.
  await db.schema
    .createTable('mail_jobs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('shipment_id', 'integer', (c) => c.references('shipments.id').onDelete('cascade'))
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('send_after', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index mail_jobs_due_idx on mail_jobs (send_after) where sent_at is null and cancelled_at is null`.execute(db);

  // How far each background consumer (mails, ...) has read the events, shared by all processes.
  await db.schema
    .createTable('event_cursors')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_id', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tracking_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('tracking_links_shipment_idx').on('tracking_links').column('shipment_id').execute();

  await db.schema.alterTable('users').addColumn('locale', 'text', (c) => c.notNull().defaultTo('nl')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
  for (const t of ['tracking_links', 'event_cursors', 'mail_jobs', 'mail_settings', 'stream_tokens', 'conversation_reads', 'messages', 'events']) {
    await db.schema.dropTable(t).execute();
  }
}
