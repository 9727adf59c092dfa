import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pglitePool } from './pglite-pool.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DbHandle = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

// Counts come back as int8; pg would give strings, so ask for plain JS numbers everywhere.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** PostgreSQL when a URL is given, otherwise the embedded PGlite stored in dataDir. */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir?: string;
  pglite?: PGlite;
}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let client = opts.pglite;
  if (!client) {
    if (!opts.dataDir) throw new Error('dataDir is required for the embedded database');
    const dir = path.join(opts.dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  const owned = client;
  await owned.waitReady;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: pglitePool(owned) }),
    plugins: [new CamelCasePlugin()],
  });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!owned.closed) await owned.close();
    },
  };
}
