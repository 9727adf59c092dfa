// Issue 21, Speed: the drivers' job board (GET /api/driver/board) with 100,000 open shipments
// spread over Belgium and 2,000 drivers with 1 or 2 vehicles each, on the embedded PGlite (a temp
// folder) and on PostgreSQL (a throwaway bench_* database, dropped at the end). For BENCH_QUERIES
// (default 200) queries each, the board for a position and for a route: p50 and p99 of the whole
// request (app.inject: auth, the SQL page, the driver view of the 20 jobs of a page, serialising) and of the
// board's SQL page alone. Also the live side: matchingDrivers for a new job. Prints figures and
// JSON lines; never fails on a target.
//
// Env: BENCH_QUERIES (default 200), BENCH_SHIPMENTS (default 100000), BENCH_DATABASE_URL (the
// PostgreSQL server for the throwaway database: bench/throwaway-db.ts).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { type BoardArea, vehicleLimits } from '@vm/domain';
import { buildApp } from '../apps/server/src/app.ts';
import type { DbHandle } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { loadConfig } from '../apps/server/src/env.ts';
import { boardHits, matchingDrivers, vehiclesInUse } from '../apps/server/src/modules/job-board/job-board.repository.ts';
import { DRIVERS, PASSWORD, QUERYING, seed } from './jobboard-seed.ts';
import { percentile, withPglite, withThrowawayPostgres } from './throwaway-db.ts';

const positiveInt = (name: string, def: number) => {
  const v = Number(process.env[name] ?? def);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${name} must be a positive integer`);
  return v;
};
const QUERIES = positiveInt('BENCH_QUERIES', 200);
const SHIPMENTS = positiveInt('BENCH_SHIPMENTS', 100_000);
const TARGET_P99_MS = { postgres: 20, pglite: 60 } as const;

const log = (msg: string) => console.error(`[bench:jobboard] ${msg}`);
const secondsSince = (t0: number) => (performance.now() - t0) / 1000;

// --- the queries: the same pseudo-random list on both databases ---

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
type Query = { area: BoardArea; sort: 'newest' | 'nearest'; qs: string };
function queries(kind: 'position' | 'route'): Query[] {
  const r = rng(kind === 'position' ? 7 : 11);
  // Inside the country (not its box's empty corners in the sea or in France): a little in from the edges.
  const point = () => ({ lat: +(50.0 + r() * 1.2).toFixed(5), lng: +(3.0 + r() * 2.8).toFixed(5) });
  const out: Query[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const sort = i % 2 === 0 ? 'newest' : 'nearest';
    if (kind === 'position') {
      const at = point();
      const radius_km = [10, 25, 50, 100][i % 4]!;
      out.push({ area: { kind, at, radius_km }, sort, qs: `lat=${at.lat}&lng=${at.lng}&radius_km=${radius_km}&sort=${sort}` });
    } else {
      const [from, to] = [point(), point()];
      const detour_km = [5, 10, 20, 30][i % 4]!;
      out.push({ area: { kind, from, to, detour_km }, sort, qs: `from_lat=${from.lat}&from_lng=${from.lng}&to_lat=${to.lat}&to_lng=${to.lng}&detour_km=${detour_km}&sort=${sort}` });
    }
  }
  return out;
}


type Kind = 'pglite' | 'postgres';
type Measurement = { what: string; p50: number; p99: number; n: number; items: number; target: number | null };
type Run = { db: Kind; seedS: number; measurements: Measurement[] } | { db: Kind; skipped: string };

async function benchOne(kind: Kind, handle: DbHandle, dataDir: string, databaseUrl: string | null): Promise<Run> {
  const { db } = handle;
  let t = performance.now();
  await migrateToLatest(db);
  log(`${kind}: migrated in ${secondsSince(t).toFixed(1)} s; seeding ${SHIPMENTS} shipments, ${DRIVERS} drivers...`);
  t = performance.now();
  await seed(db, SHIPMENTS);
  const seedS = secondsSince(t);
  log(`${kind}: seeded in ${seedS.toFixed(1)} s`);

  const config = loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), LOG_LEVEL: 'silent', TOKEN_RATE_LIMIT_PER_IP: '100000', ACCESS_TOKEN_TTL: '3600', DEMO_DRIVERS: 'false' });
  const app = await buildApp({ config, db, listen: handle.listen, logger: false });
  try {
    const drivers = await db.selectFrom('users').select(['id', 'email']).where('role', '=', 'driver').orderBy('id').limit(QUERYING).execute();
    const auths: { id: number; authorization: string }[] = [];
    for (const d of drivers) {
      const res = await app.inject({ method: 'POST', url: '/oauth/access_token', payload: { grant_type: 'password', client_id: 'web', username: d.email, password: PASSWORD, scope: 'app' } });
      if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
      auths.push({ id: d.id, authorization: `Bearer ${res.json().access_token}` });
    }
    const measurements: Measurement[] = [];
    for (const mode of ['position', 'route'] as const) {
      const list = queries(mode);
      // Warm-up: the first tenth of the list, not measured.
      for (const [i, q] of list.slice(0, Math.ceil(QUERIES / 10)).entries()) await app.inject({ method: 'GET', url: `/api/driver/board?${q.qs}`, headers: { authorization: auths[i % auths.length]!.authorization } });
      const api: number[] = [];
      let items = 0;
      for (const [i, q] of list.entries()) {
        const who = auths[i % auths.length]!;
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/driver/board?${q.qs}`, headers: { authorization: who.authorization } });
        api.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`board: ${res.statusCode} ${res.body.slice(0, 300)}`);
        items += (res.json().items as unknown[]).length;
      }
      measurements.push({ what: `api_${mode}`, p50: percentile(api, 0.5), p99: percentile(api, 0.99), n: api.length, items: items / api.length, target: TARGET_P99_MS[kind] });
      // The board's SQL alone (what the indexes serve, with the nearest-first rings), the same queries, 21 rows.
      const page: number[] = [];
      let rows = 0;
      for (const [i, q] of list.entries()) {
        const limits = (await vehiclesInUse(db, auths[i % auths.length]!.id)).map(vehicleLimits);
        const t0 = performance.now();
        rows += (await boardHits(db, { area: q.area, limits, sort: q.sort, limit: 21, now: new Date() })).length;
        page.push(performance.now() - t0);
      }
      measurements.push({ what: `sql_${mode}`, p50: percentile(page, 0.5), p99: percentile(page, 0.99), n: page.length, items: rows / page.length, target: null });
      log(`${kind}: ${mode} done`);
    }
    // Live: the drivers a new job matches (their last area and vehicles), for QUERIES random jobs.
    const r = rng(5);
    const live: number[] = [];
    let matched = 0;
    for (let i = 0; i < QUERIES; i++) {
      const id = 1 + Math.floor(r() * SHIPMENTS);
      const t0 = performance.now();
      matched += (await matchingDrivers(db, id, new Date())).length;
      live.push(performance.now() - t0);
    }
    measurements.push({ what: 'live_matching_drivers', p50: percentile(live, 0.5), p99: percentile(live, 0.99), n: live.length, items: matched / live.length, target: null });
    return { db: kind, seedS, measurements };
  } finally {
    await app.close();
  }
}

const benchPglite = (): Promise<Run> => withPglite('jobboard', (handle, dataDir) => benchOne('pglite', handle, dataDir, null));

async function benchPostgres(): Promise<Run> {
  const run = await withThrowawayPostgres('jobboard', log, (handle, dataDir, url) => benchOne('postgres', handle, dataDir, url));
  if ('skipped' in run && !('db' in run)) {
    log(`${run.skipped}: skipping PostgreSQL`);
    return { db: 'postgres', skipped: run.skipped };
  }
  return run as Run;
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const LABEL: Record<string, string> = {
  api_position: 'GET /api/driver/board, position',
  api_route: 'GET /api/driver/board, route',
  sql_position: 'board SQL page only, position',
  sql_route: 'board SQL page only, route',
  live_matching_drivers: 'live: matchingDrivers (new job)',
};

function report(runs: Run[]) {
  console.log(`Job board: ${SHIPMENTS} open shipments over Belgium, ${DRIVERS} drivers (1-2 vehicles), ${QUERIES} queries each (node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')})`);
  console.log('Positions: radius 10/25/50/100 km; routes: detour 5/10/20/30 km; newest and nearest first alternately; pages of 20 (the default).');
  const rows = [['database', 'measurement', 'p50 ms', 'p99 ms', 'rows/query', 'target p99']];
  const json: Record<string, unknown>[] = [];
  for (const run of runs) {
    if ('skipped' in run) {
      console.log(`${run.db}: skipped: ${run.skipped}`);
      json.push({ bench: 'jobboard', db: run.db, skipped: run.skipped });
      continue;
    }
    json.push({ bench: 'jobboard', db: run.db, measurement: 'seed', seed_s: round(run.seedS, 1), shipments: SHIPMENTS, drivers: DRIVERS, load_average_1m: round(os.loadavg()[0]!, 1) });
    for (const m of run.measurements) {
      const meets = m.target === null ? null : m.p99 < m.target;
      rows.push([run.db, LABEL[m.what] ?? m.what, m.p50.toFixed(1), m.p99.toFixed(1), m.items.toFixed(1), m.target === null ? '' : `< ${m.target} ms: ${meets ? 'met' : 'NOT met'}`]);
      json.push({ bench: 'jobboard', db: run.db, measurement: m.what, queries: m.n, p50_ms: round(m.p50), p99_ms: round(m.p99), rows_per_query: round(m.items, 1), ...(m.target === null ? {} : { target_p99_ms: m.target, meets_target: meets }) });
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const [i, r] of rows.entries()) {
    console.log(r.map((c, j) => (j >= 2 && j <= 4 ? c.padStart(widths[j]!) : c.padEnd(widths[j]!))).join('  ').trimEnd());
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  for (const j of json) console.log(JSON.stringify(j));
}

const runs: Run[] = [];
runs.push(await benchPostgres());
runs.push(await benchPglite());
report(runs);
