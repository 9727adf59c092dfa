import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pglitePool } from './pglite-pool.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** What a repository function runs on: the database or a transaction a service opened (a Transaction is a Kysely). */
export type Executor = Kysely<Database>;

/**
 * Calls back on every NOTIFY on a channel (delivered at commit); returns the way to stop.
 * onStatus, when given, hears when the listening connection is lost (false) and back (true).
 */
export type Listen = (channel: string, onNotify: () => void, onStatus?: (connected: boolean) => void) => Promise<() => Promise<void>>;

/** The connection counts of a PostgreSQL pool (pg.Pool's own), for the metrics. */
export type PoolStats = { totalCount: number; idleCount: number; waitingCount: number };

// Keyed by the Kysely instance so that whoever holds the Db can read its pool's counts without
// every caller of buildApp passing the pool along.
const pools = new WeakMap<Db, PoolStats>();

/** The pool counts behind a Db opened on PostgreSQL; null on the embedded database (no pool). */
export function poolStats(db: Db): PoolStats | null {
  const p = pools.get(db);
  return p ? { totalCount: p.totalCount, idleCount: p.idleCount, waitingCount: p.waitingCount } : null;
}

export type DbHandle = { db: Db; kind: 'pglite' | 'postgres'; listen: Listen; close: () => Promise<void> };

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
    // An idle connection the server ends (a restart, a failover) is dropped from the pool and the
    // next query opens another; without a listener the 'error' event would end the process.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    pools.set(db, pool);
    return { db, kind: 'postgres', listen: postgresListen(opts.databaseUrl), close: () => db.destroy() };
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
    // PGlite runs LISTEN/NOTIFY in process, with the same commit-time delivery as PostgreSQL.
    listen: async (channel, onNotify) => {
      const stop = await owned.listen(channel, () => onNotify());
      return async () => {
        if (!owned.closed) await stop();
      };
    },
    close: async () => {
      await db.destroy();
      if (!owned.closed) await owned.close();
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost
 * connection is opened again after a second; onNotify is called then too, because notifications
 * sent while it was down are gone and the listener must read what it missed from the table.
 */
function postgresListen(connectionString: string): Listen {
  return async (channel, onNotify, onStatus) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    let stopped = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | null = null;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString });
      c.on('notification', (n) => n.channel === channel && onNotify());
      c.on('error', () => undefined);
      c.on('end', () => {
        if (stopped) return;
        client = null;
        onStatus?.(false);
        retry = setTimeout(() => void connect().then(onNotify, () => undefined), 1000);
      });
      try {
        await c.connect();
        await c.query(`listen ${channel}`);
        client = c;
        onStatus?.(true);
      } catch (err) {
        await c.end().catch(() => undefined);
        throw err;
      }
    };
    await connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  };
}
