import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// The help page's contact form (issue 20, defect 12): each request is kept, and is its own mail job
// to the support address (send_after / sent_at / attempts, like mail_jobs), so a mail server that
// is down delays the mail without losing the request.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('shipment_id', 'integer', (c) => c.references('shipments.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('send_after', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index support_requests_due_idx on support_requests (send_after) where sent_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_requests').execute();
}
