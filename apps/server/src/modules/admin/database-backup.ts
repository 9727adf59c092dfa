import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

// `npm run admin -- backup|restore <file>` for the embedded database: a tarball of PGlite's data
// directory (dumpDataDir), made and read by this process itself. The embedded database belongs to
// one process, so the server must be stopped first; the copy is then consistent because this
// process is the only writer, a CHECKPOINT puts everything into the data files, and the dump runs
// under PGlite's exclusive lock (no query in between).

export type BackupResult = { ok: boolean; message: string };

/** Where openDatabase keeps the embedded database inside DATA_DIR. */
export const pgdataDir = (dataDir: string) => path.join(dataDir, 'pgdata');

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/** PostgreSQL has tools of its own that copy a live database consistently. */
export function postgresBackupAdvice(command: 'backup' | 'restore', file: string): string {
  return command === 'backup'
    ? `DATABASE_URL points at PostgreSQL: back it up with its own tool, e.g. pg_dump --format=custom --file=${file} "$DATABASE_URL"`
    : `DATABASE_URL points at PostgreSQL: restore with its own tool, e.g. pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`;
}

export async function backupEmbedded(dataDir: string, file: string): Promise<BackupResult> {
  const dir = pgdataDir(dataDir);
  if (isEmptyDir(dir)) return { ok: false, message: `No embedded database in ${dataDir} (DATA_DIR).` };
  const db = new PGlite(dir);
  let dump: Blob;
  try {
    await db.waitReady;
    await db.exec('checkpoint');
    dump = await db.dumpDataDir('gzip');
  } finally {
    if (!db.closed) await db.close();
  }
  // Through a temporary name: an interrupted backup never leaves a truncated file under the real one.
  const target = path.resolve(file);
  const tmp = `${target}.${process.pid}.tmp`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, target);
  return { ok: true, message: `Backed up the embedded database in ${dataDir} to ${target} (${fs.statSync(target).size} bytes).` };
}

export async function restoreEmbedded(dataDir: string, file: string, force: boolean): Promise<BackupResult> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) return { ok: false, message: `No backup file ${source}.` };
  const dir = pgdataDir(dataDir);
  if (!isEmptyDir(dir) && !force) {
    return { ok: false, message: `${dir} already holds a database; add --force to replace it (stop the server first).` };
  }
  // Restored beside the target and swapped in only once it opened: a bad file leaves the old data alone.
  const staging = `${dir}.restoring-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  try {
    const db = new PGlite(staging, { loadDataDir: new Blob([fs.readFileSync(source)]) });
    try {
      await db.waitReady;
      await db.query('select 1');
    } finally {
      if (!db.closed) await db.close();
    }
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    return { ok: false, message: `Cannot restore ${source}: ${(err as Error).message}` };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(staging, dir);
  return { ok: true, message: `Restored ${source} into ${dataDir}.` };
}
