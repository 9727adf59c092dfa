import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/database.ts';

/** One fixed window's state after a hit: how many hits it holds, and when it ends. */
export type WindowCount = { count: number; msLeft: number };

/** Fixed-window counters for one limit (one name, one size), keyed by user, number, address… */
export type Counter = {
  consume: (key: string) => Promise<WindowCount>;
  reset: (key: string) => Promise<void>;
};

/** What the services use: a hit answers the seconds to wait when the key is over its limit, else 0. */
export type Limiter = {
  hit: (key: string) => Promise<number>;
  reset: (key: string) => Promise<void>;
};

export type RateLimitStore = {
  kind: 'redis' | 'database';
  counter: (name: string, max: number, windowSeconds: number) => Counter;
  limiter: (name: string, max: number, windowSeconds: number) => Limiter;
  /** For readiness: resolves when the shared store answers (Redis PING, or a database query). */
  ping: () => Promise<void>;
  /** Resolves once Redis is connected or its first attempt failed (never rejects). */
  connected: () => Promise<void>;
  close: () => Promise<void>;
};

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

type Options = {
  redisUrl: string | null;
  db: Db;
  /** The database store counts on the application's clock (tests move it); Redis keeps its own time. */
  now: () => Date;
  log: Log;
  /** Keys start with it in Redis, so tests (and apps sharing one Redis) keep apart. */
  prefix?: string;
};

/**
 * Rate limits every process shares: in Redis when REDIS_URL is set, else in the database's
 * rate_limits table (PostgreSQL, or the embedded PGlite where it also survives a restart).
 */
export function rateLimitStore({ redisUrl, db, now, log, prefix = 'rl:' }: Options): RateLimitStore {
  const store = redisUrl ? redisStore(redisUrl, prefix, log) : databaseStore(db, now);
  return {
    ...store,
    limiter: (name, max, windowSeconds) => limiterOf(store.counter(name, max, windowSeconds), max),
  };
}

function limiterOf(counter: Counter, max: number): Limiter {
  return {
    async hit(key) {
      const { count, msLeft } = await counter.consume(key);
      return count > max ? Math.max(1, Math.ceil(msLeft / 1000)) : 0;
    },
    reset: (key) => counter.reset(key),
  };
}

const WARN_EVERY_MS = 60_000;

function redisStore(url: string, prefix: string, log: Log): Omit<RateLimitStore, 'limiter'> {
  // No offline queue: while Redis is away a hit must not wait for it (see the insurance below).
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  let warnedAt = 0;
  let down = false;
  // Without an 'error' listener ioredis's connection errors would crash the process.
  redis.on('error', (err: Error) => {
    down = true;
    if (Date.now() - warnedAt < WARN_EVERY_MS) return;
    warnedAt = Date.now();
    log.warn({ err: err.message }, 'Redis unreachable: rate limits count per process until it is back');
  });
  redis.on('ready', () => {
    if (down) log.info({}, 'Redis reachable again: rate limits are shared again');
    down = false;
  });

  return {
    kind: 'redis',
    counter(name, max, windowSeconds) {
      const opts = { points: max, duration: windowSeconds, keyPrefix: `${prefix}${name}` };
      // Redis down: each process keeps counting in its own memory (the insurance), so a limit
      // still holds per process instead of falling open or locking everyone out.
      const limiter = new RateLimiterRedis({ ...opts, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(opts) });
      return {
        async consume(key) {
          // consume() resolves under the limit and rejects with the same result over it.
          const res = await limiter.consume(key).catch((e: unknown) => {
            if (e instanceof RateLimiterRes) return e;
            throw e;
          });
          return { count: res.consumedPoints, msLeft: res.msBeforeNext };
        },
        reset: async (key) => void (await limiter.delete(key)),
      };
    },
    async ping() {
      if (redis.status !== 'ready') throw new Error(`Redis is ${redis.status}`);
      await redis.ping();
    },
    connected: () =>
      redis.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            redis.once('ready', resolve);
            redis.once('error', () => resolve());
          }),
    async close() {
      redis.disconnect();
    },
  };
}

// Named as the queries write them; the database's CamelCasePlugin answers result columns in camelCase.
type RateLimitsTable = { key: string; count: number; reset_at: Date };

/** Sweep the rows of ended windows now and then (every so many hits in this process). */
const SWEEP_EVERY_HITS = 1000;

function databaseStore(database: Db, now: () => Date): Omit<RateLimitStore, 'limiter'> {
  const db = database.withTables<{ rate_limits: RateLimitsTable }>();
  let hits = 0;

  return {
    kind: 'database',
    counter(name, _max, windowSeconds) {
      const keyOf = (key: string) => `${name}:${key}`;
      return {
        async consume(key) {
          const at = now();
          const resetAt = new Date(at.getTime() + windowSeconds * 1000);
          // One statement, so two processes hitting the same key at once both count: the row
          // lock of ON CONFLICT serialises them. An ended window starts over at 1.
          const row = await db
            .insertInto('rate_limits')
            .values({ key: keyOf(key), count: 1, reset_at: resetAt })
            .onConflict((oc) =>
              oc.column('key').doUpdateSet({
                count: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end`,
                reset_at: sql<Date>`case when rate_limits.reset_at <= ${at} then excluded.reset_at else rate_limits.reset_at end`,
              }),
            )
            .returning(['count', sql<number>`(extract(epoch from rate_limits.reset_at) * 1000)::float8`.as('resetMs')])
            .executeTakeFirstOrThrow();
          if (++hits % SWEEP_EVERY_HITS === 0) await db.deleteFrom('rate_limits').where('reset_at', '<=', at).execute();
          return { count: row.count, msLeft: row.resetMs - at.getTime() };
        },
        reset: async (key) => void (await db.deleteFrom('rate_limits').where('key', '=', keyOf(key)).execute()),
      };
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    connected: async () => {},
    // The database belongs to the app; nothing of its own to close.
    async close() {},
  };
}
