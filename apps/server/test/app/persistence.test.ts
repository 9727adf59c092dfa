import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { loadConfig } from '../../src/env.ts';
import { login, registerAndLogin } from '../helpers/flows.ts';
import { createTestApp, freshDatabase } from '../helpers/test-app.ts';

describe('data survives a restart', () => {
  it('registers, restarts on the same data, and logs in with the same account', async () => {
    if (process.env.TEST_DB_KIND === 'postgres') {
      const handle = await freshDatabase();
      const first = await createTestApp({}, { handle: { ...handle, close: async () => undefined }, dataDir: await fs.mkdtemp(path.join(os.tmpdir(), 'vm-')) });
      const u = await registerAndLogin(first);
      await first.app.close();
      const second = await createTestApp({}, { handle, dataDir: first.dataDir });
      try {
        expect((await login(second, u.email, u.password)).statusCode).toBe(200);
      } finally {
        await second.close();
      }
      return;
    }
    // The embedded database on disk, opened, migrated and closed like `npm start` does.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-persist-'));
    try {
      const start = async () => {
        const handle = await openDatabase({ databaseUrl: null, dataDir });
        await migrateToLatest(handle.db);
        return createTestApp({}, { handle, dataDir });
      };
      const first = await start();
      const u = await registerAndLogin(first);
      await first.app.close();
      await first.handle.close();

      const second = await start();
      const res = await login(second, u.email, u.password);
      expect(res.statusCode).toBe(200);
      const me = await second.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${res.json().access_token}` } });
      expect(me.json()).toMatchObject({ id: u.id, email: u.email, cellphone: '+' + me.json().cellphone.slice(1) });
      await second.app.close();
      await second.handle.close();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('serves /healthz once migrated', async () => {
    const handle = await freshDatabase();
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() }), db: handle.db, listen: handle.listen, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
