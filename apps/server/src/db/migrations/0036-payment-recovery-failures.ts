import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// The recovery of payments a request left pending counts its failures per payment: the second one
// tells staff (an error in the log, the operators' alert, and a line of `ledger check`), and the
// reason is kept beside it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments add column recovery_failures integer not null default 0`.execute(db);
  await sql`alter table payments add column recovery_error text`.execute(db);
  await sql`create index payments_recovery_failures_idx on payments (id) where recovery_failures > 0 and status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payments_recovery_failures_idx`.execute(db);
  await sql`alter table payments drop column recovery_error`.execute(db);
  await sql`alter table payments drop column recovery_failures`.execute(db);
}
