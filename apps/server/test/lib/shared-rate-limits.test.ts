import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Db, type DbHandle, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { rateLimitStore } from '../../src/lib/rate-limiter.ts';
import { login } from '../helpers/flows.ts';
import { createTestApp, freshDatabase, type TestApp } from '../helpers/test-app.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const quiet = { warn: () => undefined, info: () => undefined };
// The Redis store never touches the database.
const noDb = {} as Db;

/** Ten wrong passwords for one username (the default limit), split over the given apps in turn. */
async function tenWrongPasswords(apps: TestApp[], username: string) {
  for (let i = 0; i < 10; i++) expect((await login(apps[i % apps.length]!, username, 'wrong-pass')).statusCode).toBe(400);
}

async function expectLimited(t: TestApp, username: string) {
  const res = await login(t, username, 'wrong-pass');
  expect(res.statusCode).toBe(429);
  expect(res.json().error).toBe('too_many_requests');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

const detached = (handle: DbHandle): DbHandle => ({ ...handle, close: async () => undefined });
const tmpDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'vm-limits-'));

// Registered only where the service exists (CI sets TEST_REDIS_URL), so nothing shows as skipped.
if (redisUrl) describe('rate limits in Redis', () => {
  it('two processes share one count, and a restarted one still sees it', async () => {
    const prefix = `test-rl-${randomUUID()}:`;
    const open = async () => {
      const s = rateLimitStore({ redisUrl: redisUrl!, db: noDb, now: () => new Date(), log: quiet, prefix });
      await s.connected();
      return s;
    };
    const [a, b] = [await open(), await open()];
    try {
      await a.ping();
      const [la, lb] = [a.limiter('token', 3, 60), b.limiter('token', 3, 60)];
      expect([await la.hit('alice'), await lb.hit('alice'), await la.hit('alice')]).toEqual([0, 0, 0]);
      expect(await lb.hit('alice')).toBeGreaterThan(0);
      expect(await lb.hit('bob')).toBe(0);
      const restarted = await open();
      try {
        expect(await restarted.limiter('token', 3, 60).hit('alice')).toBeGreaterThan(0);
        await restarted.limiter('token', 3, 60).reset('alice');
        expect(await la.hit('alice')).toBe(0);
      } finally {
        await restarted.close();
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('10 wrong passwords split over two app instances give 429, also on a new instance', async () => {
    // A prefix of this run's own: runs sharing the machine's Redis never count each other's tries.
    const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `test-${randomUUID().slice(0, 8)}:` };
    const username = `nobody-${randomUUID()}@example.be`;
    const [a, b] = [await createTestApp(env), await createTestApp(env)];
    try {
      await tenWrongPasswords([a, b], username);
      await expectLimited(a, username);
      await expectLimited(b, username);
      await a.close();
      const restarted = await createTestApp(env);
      try {
        await expectLimited(restarted, username);
      } finally {
        await restarted.close();
      }
    } finally {
      await b.close();
    }
  });
});

describe('rate limits while Redis is unreachable', () => {
  it('count per process (neither open nor closed for everyone) and say so in the log', async () => {
    const warnings: string[] = [];
    const store = rateLimitStore({ redisUrl: 'redis://127.0.0.1:1', db: noDb, now: () => new Date(), log: { ...quiet, warn: (_o, msg) => void warnings.push(msg) } });
    try {
      await store.connected();
      await expect(store.ping()).rejects.toThrow();
      const sms = store.limiter('sms', 2, 60);
      expect([await sms.hit('+32470112233'), await sms.hit('+32470112233')]).toEqual([0, 0]);
      expect(await sms.hit('+32470112233')).toBeGreaterThan(0);
      expect(await sms.hit('+32470445566')).toBe(0);
      expect(warnings.join('\n')).toContain('Redis unreachable');
    } finally {
      await store.close();
    }
  });
});

describe('rate limits in the database (no Redis)', () => {
  if (onPostgres) it('two processes on one PostgreSQL database share one count', async () => {
    const shared = await freshDatabase();
    const a = await createTestApp({}, { handle: shared, dataDir: await tmpDir() });
    const b = await createTestApp({}, { handle: await openDatabase({ databaseUrl: shared.url! }), dataDir: await tmpDir() });
    try {
      const username = `nobody-${randomUUID()}@example.be`;
      await tenWrongPasswords([a, b], username);
      await expectLimited(a, username);
      await expectLimited(b, username);
      // A restarted process (a new pool on the same database) still sees the count.
      await b.app.close();
      await b.handle.db.destroy();
      const restarted = await createTestApp({}, { handle: detached(await openDatabase({ databaseUrl: shared.url! })), dataDir: b.dataDir });
      try {
        await expectLimited(restarted, username);
      } finally {
        await restarted.app.close();
        await restarted.handle.db.destroy();
      }
    } finally {
      await fs.rm(b.dataDir, { recursive: true, force: true });
      await a.close();
    }
  });

  else it('the embedded database keeps the count over a restart', async () => {
    const dataDir = await tmpDir();
    // Opened, migrated and closed like `npm start` does, on the same data directory each time.
    const start = async () => {
      const handle = await openDatabase({ databaseUrl: null, dataDir });
      await migrateToLatest(handle.db);
      return createTestApp({}, { handle, dataDir });
    };
    const username = `nobody-${randomUUID()}@example.be`;
    const first = await start();
    try {
      await tenWrongPasswords([first], username);
      await expectLimited(first, username);
    } finally {
      await first.app.close();
      await first.handle.close();
    }
    const second = await start();
    try {
      await expectLimited(second, username);
    } finally {
      await second.close();
    }
  });
});
