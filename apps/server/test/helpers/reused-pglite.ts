import { PGlite } from '@electric-sql/pglite';
import { type DbHandle, openDatabase } from '../../src/db/database.ts';

/**
 * One embedded database per test worker, put back to the migrated template before each test that
 * takes it. Starting PGlite from the template's dump costs over a second of CPU and some 60 MB of
 * fresh memory every time (most of the PGlite project's run on a machine with dear page faults);
 * emptying the tables and putting the template's rows and sequences back costs a few milliseconds.
 * A test that needs a second database at once gets a new one from the dump, as before.
 */

type Template = {
  tables: string[];
  /** Rows the migrations wrote (JSON per table), put back after emptying. */
  rows: { table: string; json: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
};

type Reused = { pg: PGlite; template: Template; inUse: boolean };

let reused: Promise<Reused> | null = null;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function snapshot(pg: PGlite): Promise<Template> {
  const { rows: tableRows } = await pg.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' and tablename not like 'kysely_migration%' order by tablename`,
  );
  const tables = tableRows.map((r) => r.name);
  const rows: Template['rows'] = [];
  for (const table of tables) {
    const { rows: r } = await pg.query<{ json: string | null }>(`select json_agg(t)::text as json from ${quoted(table)} t`);
    if (r[0]?.json) rows.push({ table, json: r[0].json });
  }
  const { rows: seqRows } = await pg.query<{ name: string }>(`select sequencename as name from pg_sequences where schemaname = 'public'`);
  const sequences: Template['sequences'] = [];
  for (const { name } of seqRows) {
    const { rows: s } = await pg.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${quoted(name)}`);
    sequences.push({ name, lastValue: s[0]!.last_value, isCalled: s[0]!.is_called });
  }
  return { tables, rows, sequences };
}

/** Back to the template: every table emptied (triggers such as the ledger's append-only guard off), its rows and sequences put back. */
async function reset(r: Reused): Promise<void> {
  const { pg, template } = r;
  // A test that ended inside a transaction (an aborted request) leaves it open on the one connection.
  await pg.exec('rollback').catch(() => undefined);
  await pg.transaction(async (tx) => {
    await tx.exec(`set local session_replication_role = replica`);
    await tx.exec(`truncate ${template.tables.map(quoted).join(', ')}`);
    for (const { table, json } of template.rows) {
      await tx.query(`insert into ${quoted(table)} overriding system value select * from json_populate_recordset(null::${quoted(table)}, $1::json)`, [json]);
    }
    for (const s of template.sequences) await tx.query(`select setval($1, $2::bigint, $3)`, [quoted(s.name), s.lastValue, s.isCalled]);
  });
  // Session settings a test changed (the time zone, a statement timeout) go back to their defaults.
  await pg.exec('reset all');
}

/** The worker's reused database, emptied, or null while another handle of this worker holds it. */
export async function takeReusedPglite(dump: () => Promise<Blob>): Promise<DbHandle | null> {
  reused ??= (async () => {
    const pg = new PGlite({ loadDataDir: await dump() });
    await pg.waitReady;
    return { pg, template: await snapshot(pg), inUse: false };
  })();
  const r = await reused;
  if (r.inUse) return null;
  r.inUse = true;
  await reset(r);
  const handle = await openDatabase({ databaseUrl: null, pglite: r.pg });
  let released = false;
  return {
    ...handle,
    // Closing gives the database back to the worker instead of ending it.
    close: async () => {
      if (released) return;
      released = true;
      await handle.db.destroy();
      r.inUse = false;
    },
  };
}
