import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Fixed-window rate-limit counters when no Redis is configured: every process on one database
// counts in the same row, and a restart keeps the count. Rows past reset_at are swept.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    // "<limit name>:<key>", e.g. "token:alice" or "ip:/api/token:203.0.113.9".
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
