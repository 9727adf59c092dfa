import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { DbHandle, Listen } from '../../src/db/database.ts';
import { loadConfig } from '../../src/env.ts';
import { toEventRow } from '../../src/modules/events/events.mapper.ts';
import * as eventsRepository from '../../src/modules/events/events.repository.ts';
import type { ReadinessCheck } from '../../src/plugins/readiness.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { accept, addCard, createDriver, createShipment, makeOffer } from '../helpers/marketplace.ts';
import { listen, openStream } from '../helpers/sse.ts';
import { createTestApp, freshDatabase, type TestApp } from '../helpers/test-app.ts';

const METRICS_TOKEN = 'scrape-me-4f1c9a2e7b';

// An app as configured by default: no METRICS_TOKEN, no trusted proxy.
let plain: TestApp;
beforeAll(async () => {
  plain = await createTestApp();
});
afterAll(() => plain.close());

/** An app with extra readiness checks and a listener whose connection status the test reports. */
async function readinessApp(readinessChecks: ReadinessCheck[] = []) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-ops-'));
  const handle: DbHandle = await freshDatabase();
  let report: ((connected: boolean) => void) | undefined;
  const listenSpy: Listen = (channel, onNotify, onStatus) => {
    report = onStatus;
    return handle.listen(channel, onNotify, onStatus);
  };
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DRIVERS: 'false' });
  const app = await buildApp({ config, db: handle.db, listen: listenSpy, logger: false, readinessChecks });
  await app.ready();
  return {
    app,
    handle,
    listenerStatus: (up: boolean) => report?.(up),
    close: async () => {
      await app.close();
      await handle.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('GET /readyz', () => {
  it('is ready on a fresh app: database, migrations and event listener', async () => {
    const r = await readinessApp();
    try {
      const res = await r.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', events: 'ok' } });
      // Liveness stays what it was.
      expect((await r.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    } finally {
      await r.close();
    }
  });

  it('answers 503 naming a failing or hanging extra check', async () => {
    const r = await readinessApp([
      { name: 'redis', check: async () => Promise.reject(new Error('connection refused')) },
      { name: 'stuck', check: () => new Promise<void>(() => undefined) },
      { name: 'fine', check: async () => undefined },
    ]);
    try {
      const res = await r.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.status).toBe('not_ready');
      expect(body.failed.sort()).toEqual(['redis', 'stuck']);
      expect(body.checks).toMatchObject({ database: 'ok', redis: 'failed', stuck: 'timeout', fine: 'ok' });
      // Nothing of the cause goes to the wire.
      expect(res.body).not.toContain('refused');
    } finally {
      await r.close();
    }
  });

  it('with REDIS_URL, checks Redis too: not ready while it cannot be reached', async () => {
    const down = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', failed: ['redis'], checks: { database: 'ok', redis: 'failed' } });
    } finally {
      await down.close();
    }
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) return;
    const up = await createTestApp({ REDIS_URL: redisUrl });
    try {
      const res = await up.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });
    } finally {
      await up.close();
    }
  });

  it('is not ready while the event listener reconnects, nor while a migration has not run', async () => {
    const r = await readinessApp();
    try {
      r.listenerStatus(false);
      const down = await r.app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json().failed).toEqual(['events']);
      r.listenerStatus(true);
      expect((await r.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

      // A migration of the list that this database has not run.
      await sql`delete from kysely_migration where name = '0005-events-chat'`.execute(r.handle.db);
      const res = await r.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().failed).toEqual(['migrations']);
    } finally {
      await r.close();
    }
  });

  if (process.env.TEST_DB_KIND === 'postgres') {
    it('on PostgreSQL: a lost LISTEN connection makes it not ready until the listener is back', async () => {
      const r = await readinessApp();
      try {
        // End the listener's own connection from the server side, as a restart or failover would.
        const ended = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`.execute(r.handle.db);
        expect(ended.rows[0]!.n).toBe(1);
        // The listener tries again after a second: the test sees the gap, then the way back.
        const seen: number[] = [];
        for (const deadline = Date.now() + 10_000; Date.now() < deadline && !(seen.at(-1) === 200 && seen.includes(503)); ) {
          const status = (await r.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
          // Ready answers before the loss is noticed do not count; each change of answer does.
          if ((status === 503 || seen.length > 0) && seen.at(-1) !== status) seen.push(status);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(seen).toEqual([503, 200]);
      } finally {
        await r.close();
      }
    });
  }
});

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);

  it('is not there without METRICS_TOKEN', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(404);
  });

  it('refuses a missing or wrong token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_request_duration_seconds');
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    for (const id of [101, 202, 303]) await t.app.inject({ method: 'GET', url: `/api/shipment/${id}` });
    // A word, not a number: a number could turn up in any gauge's value (a heap size did in CI).
    await t.app.inject({ method: 'GET', url: '/no/such/page/zanzibar-probe' });
    const text = await scrape();
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/shipment/:id",status_code="401"} 3');
    expect(text).not.toContain('/api/shipment/101');
    // A path no route matches is one series, whatever was asked.
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}');
    expect(text).not.toContain('zanzibar-probe');
    // The pool's connections, where there is a pool.
    if (process.env.TEST_DB_KIND === 'postgres') expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]/m);
    else expect(text).not.toContain('db_pool_connections{');
    // Node's own process metrics come along.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(/^payment_outcomes_total|# TYPE payment_outcomes_total counter$/m);
    // The job runner's queue: nothing waits behind a running job in an idle app.
    expect(text).toMatch(/^job_queue_depth 0$/m);
  });

  it('counts payment outcomes once, by method: a card accepted and a card refused', async () => {
    const outcome = (text: string, result: string) => Number(new RegExp(`^payment_outcomes_total\\{method="card",outcome="${result}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    const before = await scrape();
    const driver = await createDriver(t);
    const paying = await registerAndLogin(t);
    await addCard(t, paying.auth);
    const paid = await createShipment(t, paying.auth);
    expect((await accept(t, paying.auth, paid, await makeOffer(t, driver, paid, 120))).statusCode).toBe(200);
    const refused = await registerAndLogin(t);
    await addCard(t, refused.auth, 'tok_chargeCustomerFail');
    const open = await createShipment(t, refused.auth);
    expect((await accept(t, refused.auth, open, await makeOffer(t, driver, open, 120))).statusCode).toBe(402);
    const after = await scrape();
    expect(outcome(after, 'succeeded') - outcome(before, 'succeeded')).toBe(1);
    expect(outcome(after, 'failed') - outcome(before, 'failed')).toBe(1);
  });

  it('shows an event stream while it is open', async () => {
    const u = await registerAndLogin(t);
    const base = await listen(t.app);
    expect(gauge(await scrape(), 'sse_open_streams')).toBe(0);
    const stream = await openStream(`${base}/api/events`, u.auth);
    expect(stream.status).toBe(200);
    expect(gauge(await scrape(), 'sse_open_streams')).toBe(1);
    await stream.close();
    let open = 1;
    for (const deadline = Date.now() + 5000; open !== 0 && Date.now() < deadline; ) {
      open = gauge(await scrape(), 'sse_open_streams');
      if (open !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(open).toBe(0);
  });

  it('measures how long after its creation this process dispatched an event', async () => {
    const u = await registerAndLogin(t);
    await t.app.eventHub.flush();
    const before = await scrape();
    // An event written 3 s ago (by the clock of the app) and dispatched now.
    const createdAt = new Date(t.clock.now().getTime() - 3000);
    await eventsRepository.insert(t.handle.db, [toEventRow({ userId: u.id, type: 'session.revoked', shipmentId: null, payload: {} }, createdAt)]);
    await t.app.eventHub.flush();
    const after = await scrape();
    expect(gauge(after, 'event_dispatch_lag_seconds_count')).toBe(gauge(before, 'event_dispatch_lag_seconds_count') + 1);
    expect(gauge(after, 'event_dispatch_lag_seconds_sum') - gauge(before, 'event_dispatch_lag_seconds_sum')).toBeCloseTo(3, 3);
  });
});

describe('X-Request-Id', () => {
  const isUuid = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v);

  it('is generated for every answer, and a client cannot choose it when no proxy is trusted', async () => {
    const t = plain;
    {
      const a = await t.app.inject({ method: 'GET', url: '/healthz' });
      const b = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(isUuid(a.headers['x-request-id'])).toBe(true);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
      const planted = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'from-the-client-1' } });
      expect(isUuid(planted.headers['x-request-id'])).toBe(true);
    }
  });

  describe('behind a trusted proxy', () => {
    let t: TestApp;
    const lines: string[] = [];
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: 'true' }, undefined, { write: (line) => void lines.push(line) });
    });
    afterAll(() => t.close());

    it("takes the proxy's id, on success and error answers alike, and logs every line of the request with it", async () => {
      const ok = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.0001' } });
      expect(ok.headers['x-request-id']).toBe('lb-7f3a.0001');
      const missing = await t.app.inject({ method: 'GET', url: '/no/such/page', headers: { 'x-request-id': 'lb-7f3a.0002' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-request-id']).toBe('lb-7f3a.0002');
      const badJson = await t.app.inject({ method: 'POST', url: '/oauth/access_token', headers: { 'x-request-id': 'lb-7f3a.0003', 'content-type': 'application/json' }, payload: '{"' });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.headers['x-request-id']).toBe('lb-7f3a.0003');

      const ofMissing = lines.map((l) => JSON.parse(l) as { reqId?: string; url?: string; req?: { url: string } }).filter((l) => l.reqId === 'lb-7f3a.0002');
      // Fastify's "incoming request" and "request completed" lines at least, both with the id.
      expect(ofMissing.length).toBeGreaterThanOrEqual(2);
      expect(ofMissing.some((l) => l.req?.url === '/no/such/page')).toBe(true);
    });

    it('replaces a malformed or oversized id with a fresh one', async () => {
      for (const bad of ['has space', 'x'.repeat(129), 'line\\nbreak', '<script>', '']) {
        const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
        expect(isUuid(res.headers['x-request-id'])).toBe(true);
      }
    });

    it('is on an event stream too', async () => {
      const u = await registerAndLogin(t);
      const base = await listen(t.app);
      const res = await fetch(`${base}/api/events`, { headers: { ...u.auth, accept: 'text/event-stream', 'x-request-id': 'lb-stream-1' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe('lb-stream-1');
      await res.body?.cancel();
    });
  });
});
