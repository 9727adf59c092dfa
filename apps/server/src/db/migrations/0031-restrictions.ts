import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Issue 23 part 2: staff restrict or suspend an account with a statement of reasons; the user
// contests; an automated signal (jobs given back) only proposes, and a person decides.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('restriction_proposals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('restrict', 'suspend')`))
    .addColumn('signal', 'text', (c) => c.notNull().check(sql`signal in ('given_back')`))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_days', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'accepted', 'declined')`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'integer', (c) => c.references('staff.id'))
    .addColumn('decision_reason', 'text')
    .addColumn('restriction_id', 'integer')
    .execute();
  // One open proposal per user at a time.
  await sql`create unique index restriction_proposals_open_idx on restriction_proposals (user_id) where status = 'open'`.execute(db);

  await db.schema
    .createTable('user_restrictions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('restrict', 'suspend')`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`char_length(reason) between 20 and 2000`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('proposal_id', 'integer', (c) => c.references('restriction_proposals.id'))
    .addColumn('lifted_at', 'timestamptz')
    .addColumn('lifted_by', 'integer', (c) => c.references('staff.id'))
    .addColumn('lift_reason', 'text')
    .execute();
  await sql`create index user_restrictions_user_idx on user_restrictions (user_id) where lifted_at is null`.execute(db);

  await db.schema
    .createTable('restriction_contests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('restriction_id', 'integer', (c) => c.notNull().references('user_restrictions.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index restriction_contests_restriction_idx on restriction_contests (restriction_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('restriction_contests').execute();
  await db.schema.dropTable('user_restrictions').execute();
  await db.schema.dropTable('restriction_proposals').execute();
}
