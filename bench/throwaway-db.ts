// A bench's databases: the embedded PGlite in a temp folder, and a throwaway bench_* database on a
// PostgreSQL server (dropped at the end, and on Ctrl-C). Shared by the benches that measure SQL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DbHandle, openDatabase } from '../apps/server/src/db/database.ts';

/** The PostgreSQL server for throwaway databases: BENCH_DATABASE_URL, DATABASE_URL, TEST_DATABASE_URL, else the local one. */
export const PG_BASE = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const tempDirs = new Set<string>();
const databases = new Set<string>();
process.on('exit', () => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
process.once('SIGINT', () => {
  process.on('uncaughtException', () => {});
  if (databases.size === 0) process.exit(130);
  const admin = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 5000 });
  admin
    .connect()
    .then(() => Promise.all([...databases].map((name) => admin.query(`drop database if exists ${name} with (force)`))))
    .finally(() => process.exit(130));
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vm-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}
function dropDir(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Runs fn on a fresh embedded database in a temp folder. */
export async function withPglite<T>(prefix: string, fn: (handle: DbHandle, dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = tempDir(prefix);
  try {
    const handle = await openDatabase({ databaseUrl: null, dataDir });
    try {
      return await fn(handle, dataDir);
    } finally {
      await handle.close();
    }
  } finally {
    dropDir(dataDir);
  }
}

/** Runs fn on a throwaway PostgreSQL database; the reason it could not when the server is unreachable. */
export async function withThrowawayPostgres<T>(prefix: string, log: (msg: string) => void, fn: (handle: DbHandle, dataDir: string, url: string) => Promise<T>): Promise<T | { skipped: string }> {
  const admin = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    await admin.end().catch(() => {});
    return { skipped: `PostgreSQL unreachable (${(err as Error).message || String(err)})` };
  }
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const dataDir = tempDir(prefix);
  try {
    await admin.query(`create database ${name}`);
    databases.add(name);
    const url = new URL(PG_BASE);
    url.pathname = `/${name}`;
    log(`postgres: created database ${name}`);
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      return await fn(handle, dataDir, url.toString());
    } finally {
      await handle.close();
    }
  } finally {
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    await admin
      .query(`drop database if exists ${name} with (force)`)
      .then(() => log(`postgres: dropped database ${name}`))
      .catch((err) => log(`could not drop ${name}: ${err}`));
    databases.delete(name);
    dropDir(dataDir);
    await admin.end();
  }
}

export const percentile = (xs: number[], p: number) => {
  const v = [...xs].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil(p * v.length) - 1))]!;
};
