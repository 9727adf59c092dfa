import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Staff of the back office (issue 21, decision 0025): accounts apart from users, their passkeys,
// short sessions, WebAuthn challenges and one-time set-up links, all in the database so that any
// process can serve any step. And the audit log: append-only, each row chained to the one before
// by a SHA-256, appended one at a time under the lock of the one-row audit_head.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('support', 'finance', 'admin')`))
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret', 'text')
    // The time step of the last TOTP code accepted: a code works once.
    .addColumn('totp_last_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('disabled_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('staff_passkeys')
    // The credential id (base64url), as the authenticator names it.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('public_key', 'bytea', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await sql`create index staff_passkeys_staff_idx on staff_passkeys (staff_id)`.execute(db);

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('staff_challenges')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('staff_setup_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    // The TOTP secret offered on the set-up page; the staff member's once a first code matches it.
    .addColumn('totp_secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('audit_log')
    // Given under the head's lock (head.last_id + 1): no gaps, so a deleted row shows.
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'integer')
    .addColumn('reason', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await sql`create index audit_log_subject_idx on audit_log (subject_type, subject_id)`.execute(db);
  await db.schema
    .createTable('audit_head')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('last_id', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into audit_head (id, last_id, hash) values (1, 0, ${'0'.repeat(64)})`.execute(db);
  // Append-only for the application: an update or delete is refused (the chain check still catches
  // whoever switches this off).
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end;
    $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists audit_log_append_only on audit_log`.execute(db);
  await sql`drop function if exists audit_log_append_only()`.execute(db);
  for (const t of ['audit_head', 'audit_log', 'staff_setup_tokens', 'staff_challenges', 'staff_sessions', 'staff_passkeys', 'staff']) await db.schema.dropTable(t).execute();
}
