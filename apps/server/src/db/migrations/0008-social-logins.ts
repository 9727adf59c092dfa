import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// Social and identity login (docs/decisions/0018-social-login.md): the flows in progress live in
// the database, so any server process can finish a flow another one started.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A login started at a provider: found by the SHA-256 of its state. The PKCE verifier and the
  // nonce are sealed with a key derived from the state, so the table alone cannot finish a flow.
  await db.schema
    .createTable('social_login_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('redirect', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('social_login_states_expires_idx').on('social_login_states').column('expires_at').execute();

  // What a provider told us of a person, until the web app signs them in, links or registers.
  await db.schema
    .createTable('social_login_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('birthday', 'text')
    .addColumn('picture_url', 'text')
    .addColumn('redirect', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('social_login_tickets_expires_idx').on('social_login_tickets').column('expires_at').execute();

  // An identity at a provider, linked to one account once its owner proved it.
  await db.schema
    .createTable('social_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('social_identities_pk', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('social_identities_user_idx').on('social_identities').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_identities').execute();
  await db.schema.dropTable('social_login_tickets').execute();
  await db.schema.dropTable('social_login_states').execute();
}
