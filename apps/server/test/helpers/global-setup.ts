import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { ensureServerBundle } from '../../scripts/bundle-server.ts';
import { ensureGeneratedData } from '../../scripts/generated-data.ts';
import { connectAdmin, databaseUrl } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template per run: a PGlite data dump, or a PostgreSQL template database. Each test
 * file then starts from a copy in milliseconds instead of migrating again.
 */
export default async function setup(project: TestProject) {
  // The embedded geocoder's data and the compiled server (spawned by the process tests) are build
  // products: made here when a fresh clone has none, or when the server's source is newer.
  await ensureGeneratedData();
  await ensureServerBundle();
  const kind = project.config.env?.TEST_DB_KIND ?? process.env.TEST_DB_KIND;
  if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `vm_tpl_${process.pid}`;
    const admin = await connectAdmin(base);
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const handle = await openDatabase({ databaseUrl: databaseUrl(base, name) });
    await migrateToLatest(handle.db);
    await handle.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      // Test databases made from the template are dropped by their own files; drop leftovers too.
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like '${name}_%'`);
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const pg = new PGlite();
  const handle = await openDatabase({ databaseUrl: null, pglite: pg });
  await migrateToLatest(handle.db);
  const dump = await pg.dumpDataDir('none');
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'vm-pglite-')), 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => {
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  };
}
