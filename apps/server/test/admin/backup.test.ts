import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { restoreEmbedded } from '../../src/modules/admin/database-backup.ts';
import { login, registerAndLogin } from '../helpers/flows.ts';
import { createTestApp } from '../helpers/test-app.ts';

// `npm run admin -- backup|restore` on the embedded database, run as the command line runs it.

const serverRoot = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

/** A port nothing listens on: the command's "is a server running?" check must find none. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

async function admin(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATABASE_URL: '', API_URL: `http://127.0.0.1:${await closedPort()}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

/** The embedded database in dataDir, migrated, as the server would open it. */
async function appOn(dataDir: string) {
  const handle = await openDatabase({ databaseUrl: null, dataDir });
  await migrateToLatest(handle.db);
  const t = await createTestApp({}, { handle, dataDir });
  return {
    t,
    close: async () => {
      await t.app.close();
      await handle.close();
    },
  };
}

const ROUND_TRIP_MS = 180_000;

describe('admin backup and restore of the embedded database', () => {
  it(
    'a user registered before the backup can log in on the database restored into another DATA_DIR; a second restore needs --force',
    async () => {
      // Starts from the migrated PGlite template when this run has one (the PostgreSQL run has
      // none): migrating a fresh folder takes long on a busy machine.
      const original = await tempDir();
      const template = inject('pgliteTemplate');
      if (template) expect((await restoreEmbedded(original, template, false)).ok).toBe(true);
      const before = await appOn(original);
      const user = await registerAndLogin(before.t);
      await before.close();

      const file = path.join(await tempDir(), 'backup.tar.gz');
      const backup = await admin(['backup', file], { DATA_DIR: original });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(file);

      const restoredDir = await tempDir();
      const restore = await admin(['restore', file], { DATA_DIR: restoredDir });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);

      const again = await admin(['restore', file], { DATA_DIR: restoredDir });
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain('--force');
      const forced = await admin(['restore', file, '--force'], { DATA_DIR: restoredDir });
      expect(forced.code).toBe(0);

      const after = await appOn(restoredDir);
      try {
        const res = await login(after.t, user.email, user.password);
        expect(res.statusCode).toBe(200);
      } finally {
        await after.close();
      }
    },
    ROUND_TRIP_MS,
  );

  it('with DATABASE_URL set, points to pg_dump and pg_restore instead of copying', async () => {
    const backup = await admin(['backup', 'x.dump'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/whatever' });
    expect(backup.code).not.toBe(0);
    expect(backup.stderr).toContain('pg_dump');
    const restore = await admin(['restore', 'x.dump'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/whatever' });
    expect(restore.code).not.toBe(0);
    expect(restore.stderr).toContain('pg_restore');
  });

  it('refuses while a server answers at its address (the embedded database belongs to that process)', async () => {
    const srv = net.createServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}'));
    const port = await new Promise<number>((resolve) => srv.listen(0, '127.0.0.1', () => resolve((srv.address() as net.AddressInfo).port)));
    try {
      const backup = await admin(['backup', path.join(await tempDir(), 'b.tar.gz')], { DATA_DIR: await tempDir(), API_URL: `http://127.0.0.1:${port}` });
      expect(backup.code).not.toBe(0);
      expect(backup.stderr).toContain('stop it first');
    } finally {
      srv.close();
    }
  });
});
