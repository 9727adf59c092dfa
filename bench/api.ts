// Throughput and p99 latency of GET /api/shipment/sender (a sender with 50 shipments in a database
// of 100,000), on the embedded PGlite and on PostgreSQL: the 200 path (full body), the 304 path
// (If-None-Match with the ETag of the first answer) and, as the limit, the same SQL run directly
// with the same concurrency (the request's token lookup and version query; and the full list
// rebuild a change costs). Prints figures; never fails on a target.
//
// Env: BENCH_DURATION (s per measurement, default 10), BENCH_CONNECTIONS (default 10),
// BENCH_SHIPMENTS (default 100000), BENCH_DATABASE_URL (PostgreSQL server to create a throwaway
// bench_* database on, default postgres://postgres@127.0.0.1:5432/test).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { haversineRouter } from '../apps/server/src/adapters/geo/haversine-router.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { type Db, type DbHandle, openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { loadConfig } from '../apps/server/src/env.ts';
import { shipmentReadSchema } from '@vm/domain';
import { z } from 'zod';
import { hashToken } from '../apps/server/src/lib/secrets.ts';
import { findAccessToken } from '../apps/server/src/modules/auth/auth.repository.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { toShipmentReads } from '../apps/server/src/modules/shipments/shipments.mapper.ts';
import { listForSender, senderListVersion } from '../apps/server/src/modules/shipments/shipments.repository.ts';

const positiveInt = (name: string, def: number) => {
  const v = Number(process.env[name] ?? def);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${name} must be a positive integer`);
  return v;
};
const DURATION = positiveInt('BENCH_DURATION', 10);
const WARMUP = Math.min(3, DURATION);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 10);
const SHIPMENTS = positiveInt('BENCH_SHIPMENTS', 100_000);
const MINE = 50; // shipments of the measured sender
const OTHER_SENDERS = 2_000;
const PG_BASE = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const TARGET = { pgRps: 2_000, pgP99Ms: 50, ratio: 0.5, memory304Rps: 10_000 };
const ENDPOINT = '/api/shipment/sender';
const EMAIL = 'bench.sender@example.be';
const PASSWORD = 'bench-geheim-123';

const log = (msg: string) => console.error(`[bench:api] ${msg}`);

// Temp dirs go on exit whatever happens; a PostgreSQL bench database is dropped on Ctrl-C too.
const tempDirs = new Set<string>();
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vm-bench-api-'));
  tempDirs.add(dir);
  return dir;
}
process.on('exit', () => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
let benchDatabase: string | null = null;
process.once('SIGINT', () => {
  log('interrupted');
  // Dropping with force kills the app's pool connections; their errors no longer matter.
  process.on('uncaughtException', () => {});
  const name = benchDatabase;
  if (!name) process.exit(130);
  const admin = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 5000 });
  admin
    .connect()
    .then(() => admin.query(`drop database if exists ${name} with (force)`))
    .then(() => log(`postgres: dropped database ${name}`))
    .catch((err) => log(`could not drop ${name}: ${err}`))
    .finally(() => process.exit(130));
});
const secondsSince = (t0: number) => (performance.now() - t0) / 1000;

type Kind = 'pglite' | 'postgres';
type DirectKind = 'direct_request_sql' | 'direct_list';
type Measurement = {
  db: Kind;
  what: 'api_200' | 'api_304' | 'api_304_db' | DirectKind;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers other than the expected 200 with the checked body / 304, plus errors and timeouts. */
  bad: number;
  detail: string;
};
type Run = { db: Kind; seed: { migrateS: number; seedS: number; shipments: number }; measurements: Measurement[] } | { db: Kind; skipped: string };

// ---------------------------------------------------------------------------------------------
// Seed

// Real places (Dutch names keep the bodies ASCII, see expectBody below), with a street each.
const PLACES: { city: string; zip: string; street: string; lat: number; lng: number }[] = [
  { city: 'Brussel', zip: '1000', street: 'Nieuwstraat', lat: 50.8503, lng: 4.3517 },
  { city: 'Antwerpen', zip: '2000', street: 'Meir', lat: 51.2194, lng: 4.4025 },
  { city: 'Gent', zip: '9000', street: 'Veldstraat', lat: 51.0543, lng: 3.7174 },
  { city: 'Brugge', zip: '8000', street: 'Steenstraat', lat: 51.2093, lng: 3.2247 },
  { city: 'Leuven', zip: '3000', street: 'Bondgenotenlaan', lat: 50.8798, lng: 4.7005 },
  { city: 'Luik', zip: '4000', street: 'Rue Leopold', lat: 50.6412, lng: 5.5718 },
  { city: 'Namen', zip: '5000', street: 'Rue de Fer', lat: 50.4669, lng: 4.8675 },
  { city: 'Charleroi', zip: '6000', street: 'Boulevard Tirou', lat: 50.4108, lng: 4.4446 },
  { city: 'Hasselt', zip: '3500', street: 'Koning Albertstraat', lat: 50.9307, lng: 5.3325 },
  { city: 'Mechelen', zip: '2800', street: 'Bruul', lat: 51.0259, lng: 4.4776 },
  { city: 'Kortrijk', zip: '8500', street: 'Lange Steenstraat', lat: 50.828, lng: 3.2649 },
  { city: 'Bergen', zip: '7000', street: 'Rue de la Chaussee', lat: 50.4542, lng: 3.9523 },
];
const FIRST_NAMES = ['An', 'Jan', 'Els', 'Pieter', 'Sofie', 'Luc', 'Marie', 'Koen', 'Lotte', 'Wim'];
const LAST_NAMES = ['Peeters', 'Janssens', 'Maes', 'Jacobs', 'Mertens', 'Willems', 'Claes', 'Goossens', 'Wouters', 'Dubois'];

const lit = (v: string | number | boolean) => (typeof v === 'string' ? `'${v.replaceAll("'", "''")}'` : String(v));
const values = (rows: (string | number | boolean)[][]) => sql.raw(rows.map((r) => `(${r.map(lit).join(', ')})`).join(',\n'));
const textArray = (xs: string[]) => sql.raw(`array[${xs.map(lit).join(', ')}]`);

async function seed(db: Db): Promise<number> {
  const [me] = await db
    .insertInto('users')
    .values({
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'An',
      lastName: 'Peeters',
      cellphone: '+32470123456',
      country: 'BE',
      birthday: '1988-04-12',
      addressFormatted: 'Veldstraat 12, 9000 Gent',
      role: 'sender',
      updatedAt: new Date(),
    })
    .returning('id')
    .execute();
  const senderId = me!.id;

  await sql`
    insert into users (email, password_hash, first_name, last_name, cellphone, birthday, address_formatted, role)
    select 'sender' || g || '@example.be', 'not-a-real-hash',
           (${textArray(FIRST_NAMES)})[1 + g % ${sql.lit(FIRST_NAMES.length)}],
           (${textArray(LAST_NAMES)})[1 + (g / 10) % ${sql.lit(LAST_NAMES.length)}],
           '+32470' || lpad(g::text, 6, '0'),
           to_char(date '1960-01-01' + (g * 37) % 15000, 'YYYY-MM-DD'),
           '', 'sender'
    from generate_series(1, ${sql.lit(OTHER_SENDERS)}) g`.execute(db);

  // Every pickup/delivery pair of places with the route the app's own estimate router draws.
  const router = haversineRouter();
  const routes: (string | number)[][] = [];
  for (const [pi, p] of PLACES.entries()) {
    for (const [di, d] of PLACES.entries()) {
      if (pi === di) continue;
      const r = await router.route({ lat: p.lat, lng: p.lng }, { lat: d.lat, lng: d.lng });
      routes.push([pi, di, r.points, r.distance, r.duration]);
    }
  }
  const n = PLACES.length;
  const every = Math.floor(SHIPMENTS / MINE); // every `every`-th shipment is the measured sender's
  if (every < 2) throw new Error(`BENCH_SHIPMENTS must be at least ${2 * MINE}`);
  const side = (p: 'pickup' | 'delivery') =>
    ['date_from', 'date_till', 'timezone', 'lat', 'lng', 'street', 'number', 'box', 'zip', 'city', 'country', 'notes', 'name'].map((c) => `${p}_${c}`).join(', ');
  await sql`
    with places (i, city, zip, street, lat, lng) as (values ${values(PLACES.map((p, i) => [i, p.city, p.zip, p.street, p.lat, p.lng]))}),
         routes (pi, di, points, distance, duration) as (values ${values(routes)}),
         others as (select id, (row_number() over (order by id) - 1)::int as k from users where id <> ${senderId}),
         s as (
           select g, g % ${sql.lit(n)} as pi, (g % ${sql.lit(n)} + 1 + (g / ${sql.lit(n)}) % ${sql.lit(n - 1)}) % ${sql.lit(n)} as di,
                  case when g % ${sql.lit(every)} = 0 and g / ${sql.lit(every)} <= ${sql.lit(MINE)} then null
                       else (g - least(g / ${sql.lit(every)}, ${sql.lit(MINE)}) - 1) % ${sql.lit(OTHER_SENDERS)} end as k,
                  date_trunc('day', now()) + (2 + g % 30) * interval '1 day' + interval '8 hours' as pickup_at
           from generate_series(1, ${sql.lit(SHIPMENTS)}) g
         )
    insert into shipments (reference_id, sender_id, state, insurance, ${sql.raw(side('pickup'))}, ${sql.raw(side('delivery'))},
                           route_points, route_distance, route_duration, route_estimated, created_at, updated_at)
    select 'VM' || lpad(s.g::text, 8, '0'),
           coalesce(o.id, ${senderId}),
           'new',
           (array['cmr', 'free', 'all_1250', 'all_2500', 'all_5000'])[1 + s.g % 5],
           s.pickup_at, s.pickup_at + interval '4 hours', 'Europe/Brussels',
           p.lat, p.lng, p.street, (1 + s.g % 180)::text, '', p.zip, p.city, 'BE', 'Bellen bij aankomst', 'Magazijn ' || p.city,
           s.pickup_at + interval '1 day', s.pickup_at + interval '1 day 6 hours', 'Europe/Brussels',
           d.lat, d.lng, d.street, (1 + s.g % 97)::text, case when s.g % 7 = 0 then 'B' else '' end, d.zip, d.city, 'BE', '', 'Winkel ' || d.city,
           r.points, r.distance, r.duration, true,
           now() - s.g * interval '1 minute', now() - s.g * interval '1 minute'
    from s
    join routes r on r.pi = s.pi and r.di = s.di
    join places p on p.i = s.pi
    join places d on d.i = s.di
    left join others o on o.k = s.k`.execute(db);

  await sql`insert into shipment_states (shipment_id, state, created_at) select id, 'new', created_at from shipments`.execute(db);
  await sql`
    insert into packages (shipment_id, position, type, description, notes, width, height, length, weight, tags, pallet_type, must_be_traded)
    select id, 0,
           (array['small', 'medium', 'pallet', 'boxed'])[1 + id % 4],
           (array['Dozen met boeken', 'Wasmachine', 'Pallet tegels', 'Verhuisdozen'])[1 + id % 4],
           '',
           (array[50, 100, 80, 60])[1 + id % 4], (array[50, 100, 150, 40])[1 + id % 4],
           (array[100, 200, 120, 40])[1 + id % 4], (array[50, 500, 400, 25])[1 + id % 4],
           (array['[]', '[]', '["pallet_exchange"]', '["breakable"]'])[1 + id % 4]::jsonb,
           case when id % 4 = 2 then 'euro_pallet' end,
           id % 8 = 2
    from shipments`.execute(db);
  await sql`analyze`.execute(db);

  const { rows } = await sql<{ n: number }>`select count(*)::int as n from shipments where sender_id = ${senderId}`.execute(db);
  if (rows[0]?.n !== MINE) throw new Error(`seed: the measured sender has ${rows[0]?.n} shipments, expected ${MINE}`);
  return senderId;
}

// ---------------------------------------------------------------------------------------------
// Load

type CannonResult = {
  duration: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  statusCodeStats: Record<string, { count: number }>;
  latency: { p50: number; p99: number };
  requests: { total: number };
};

const require = createRequire(import.meta.url);
const cannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<CannonResult>;

async function hit(url: string, headers: Record<string, string>, seconds: number, expectBody?: string) {
  // The load generator runs in a worker thread so it does not compete with the server's event loop.
  // A short timeout turns a stalled connection into counted timeouts within the run.
  const timeout = Math.min(5, Math.max(1, Math.floor(seconds / 2)));
  return cannon({ url, headers, connections: CONNECTIONS, duration: seconds, timeout, workers: 1, ...(expectBody ? { expectBody } : {}) });
}

function fromCannon(db: Kind, what: 'api_200' | 'api_304' | 'api_304_db', r: CannonResult): Measurement {
  const requests = r.requests.total;
  const expected = r.statusCodeStats[what === 'api_200' ? '200' : '304']?.count ?? 0;
  // autocannon compares the body of every answer whatever its status, so with expectBody a wrong
  // status is a mismatch too (an error body is never the list): the larger count is the bad answers.
  const wrong = Math.max(requests - expected, what === 'api_200' ? r.mismatches : 0);
  const codes = Object.entries(r.statusCodeStats).map(([code, s]) => `${code}x${s.count}`).join(' ');
  return {
    db,
    what,
    rps: requests / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests,
    // autocannon counts a timeout as an error as well.
    bad: wrong + r.errors,
    detail: `${codes}${r.mismatches ? ` mismatched_bodies=${r.mismatches}` : ''}${r.errors > r.timeouts ? ` errors=${r.errors - r.timeouts}` : ''}${r.timeouts ? ` timeouts=${r.timeouts}` : ''}`,
  };
}

/** `work` in `CONNECTIONS` concurrent loops for `seconds`, without HTTP; `work` answers false for a wrong result. */
async function direct(kind: Kind, what: DirectKind, seconds: number, work: () => Promise<boolean>, unit: string): Promise<Measurement> {
  const latencies: number[] = [];
  let bad = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const s = performance.now();
        try {
          if (!(await work())) bad++;
        } catch {
          bad++;
        }
        latencies.push(performance.now() - s);
      }
    }),
  );
  const elapsed = secondsSince(t0);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { db: kind, what, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), requests: latencies.length, bad, detail: `${latencies.length - bad} ${unit}` };
}

/**
 * The SQL of one request, run directly: the token lookup and the list's version query (what an
 * unchanged list costs: the endpoint answers 304 or its cached body), and the full list rebuild
 * (what the first request after a change costs: the rows, the wire shape and the serialised body,
 * as the endpoint builds them). A rebuild is right when it is byte for byte the API's 200 body.
 */
const listSchema = z.array(shipmentReadSchema);
function directWork(db: Db, senderId: number, accessToken: string, expectedBody: string) {
  const tokenHash = hashToken(accessToken);
  return {
    requestSql: async () => Boolean((await findAccessToken(db, tokenHash, new Date())) && (await senderListVersion(db, senderId))),
    list: async () => JSON.stringify(listSchema.parse(toShipmentReads(await listForSender(db, senderId), 'nl'))) === expectedBody,
  };
}

/**
 * Checks the checks: a short run against a wrong expectation must count every answer as bad, so a
 * figure of 0 bad means the answers were compared, not skipped (a wrong body, a 200 where a 304
 * was expected, a wrong rebuilt list).
 */
async function checkTheChecks(kind: Kind, url: string, auth: Record<string, string>, etag: string, expectBody: string | undefined, wrongWork: () => Promise<boolean>) {
  const probes: [string, Measurement][] = [
    ['200 where a 304 is expected', fromCannon(kind, 'api_304', await hit(url, auth, 1))],
    ['304 where a 200 is expected', fromCannon(kind, 'api_200', await hit(url, { ...auth, 'if-none-match': etag }, 1, expectBody))],
    ['a rebuilt list without its first shipment', await direct(kind, 'direct_list', 1, wrongWork, 'lists')],
  ];
  if (expectBody) probes.push(['a body without its first shipment', fromCannon(kind, 'api_200', await hit(url, auth, 1, withoutFirst(expectBody)))]);
  for (const [what, m] of probes) {
    if (m.requests === 0 || m.bad !== m.requests) throw new Error(`${kind}: the bench's check missed ${what}: ${m.bad} bad of ${m.requests}`);
  }
  log(`${kind}: checks catch ${probes.map(([what]) => what).join(', ')}`);
}
const withoutFirst = (body: string) => JSON.stringify((JSON.parse(body) as unknown[]).slice(1));

// ---------------------------------------------------------------------------------------------
// One database

async function benchOne(kind: Kind, handle: DbHandle, dataDir: string, databaseUrl: string | null): Promise<Run> {
  const { db } = handle;
  let t = performance.now();
  await migrateToLatest(db);
  const migrateS = secondsSince(t);
  log(`${kind}: seeding ${SHIPMENTS} shipments for ${OTHER_SENDERS + 1} senders...`);
  t = performance.now();
  const senderId = await seed(db);
  const seedS = secondsSince(t);
  log(`${kind}: migrated in ${migrateS.toFixed(1)} s, seeded in ${seedS.toFixed(1)} s`);

  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: 'silent',
    TOKEN_RATE_LIMIT_PER_IP: '100000',
    ACCESS_TOKEN_TTL: '3600',
    // Demo drivers would bid on the seeded shipments and change the measured list under the bench.
    DEMO_DRIVERS: 'false',
  });
  const app = await buildApp({ config, db, listen: handle.listen, logger: false });
  // The same app without its in-memory caches: every request looks up its token and the list version.
  const uncached = await buildApp({ config, db, listen: handle.listen, logger: false, memoryCaches: false });
  try {
    await uncached.listen({ port: 0, host: '127.0.0.1' });
    const uncachedAddress = uncached.server.address();
    if (!uncachedAddress || typeof uncachedAddress === 'string') throw new Error('no TCP address');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const base = `http://127.0.0.1:${address.port}`;

    const tokenRes = await fetch(`${base}/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: 'web', username: EMAIL, password: PASSWORD, scope: 'app' }),
    });
    if (tokenRes.status !== 200) throw new Error(`token: ${tokenRes.status} ${await tokenRes.text()}`);
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${access_token}` };

    // Check what will be measured: a 200 with the sender's 50 shipments and an ETag, then a 304.
    const first = await fetch(`${base}${ENDPOINT}`, { headers: auth });
    const body = await first.text();
    const etag = first.headers.get('etag');
    const items = first.status === 200 ? (JSON.parse(body) as unknown[]).length : -1;
    if (first.status !== 200 || items !== MINE || !etag) throw new Error(`GET ${ENDPOINT}: ${first.status}, ${items} items, etag ${etag}: ${body.slice(0, 200)}`);
    const again = await fetch(`${base}${ENDPOINT}`, { headers: { ...auth, 'if-none-match': etag } });
    if (again.status !== 304) throw new Error(`GET ${ENDPOINT} with If-None-Match: ${again.status}, expected 304`);
    log(`${kind}: 200 with ${items} shipments (${(Buffer.byteLength(body) / 1024).toFixed(0)} KB), 304 with If-None-Match`);
    // autocannon joins body chunks as strings, which only round-trips ASCII; the seed keeps it so.
    // eslint-disable-next-line no-control-regex
    const expectBody = /^[\x00-\x7f]*$/.test(body) ? body : undefined;
    if (!expectBody) log(`${kind}: body is not ASCII, checking status codes only`);

    const url = `${base}${ENDPOINT}`;
    log(`${kind}: warming up ${WARMUP} s`);
    await hit(url, auth, WARMUP);
    const work = directWork(db, senderId, access_token, body);
    const warm = await direct(kind, 'direct_list', 1, work.list, 'lists');
    if (warm.bad) throw new Error(`${kind}: the list rebuilt directly differs from the API's 200 body`);
    await checkTheChecks(kind, url, auth, etag, expectBody, directWork(db, senderId, access_token, withoutFirst(body)).list);

    const measurements: Measurement[] = [];
    log(`${kind}: API 200 path, ${CONNECTIONS} connections, ${DURATION} s`);
    measurements.push(fromCannon(kind, 'api_200', await hit(url, auth, DURATION, expectBody)));
    log(`${kind}: API 304 path, ${CONNECTIONS} connections, ${DURATION} s`);
    measurements.push(fromCannon(kind, 'api_304', await hit(url, { ...auth, 'if-none-match': etag }, DURATION)));
    log(`${kind}: API 304 path without the in-memory caches (as before), ${CONNECTIONS} connections, ${DURATION} s`);
    measurements.push(fromCannon(kind, 'api_304_db', await hit(`http://127.0.0.1:${uncachedAddress.port}${ENDPOINT}`, { ...auth, 'if-none-match': etag }, DURATION)));
    log(`${kind}: the request's SQL directly (token lookup + list version), concurrency ${CONNECTIONS}, ${DURATION} s`);
    measurements.push(await direct(kind, 'direct_request_sql', DURATION, work.requestSql, 'token lookups + version queries'));
    log(`${kind}: listForSender directly (the rebuild after a change), concurrency ${CONNECTIONS}, ${DURATION} s`);
    measurements.push(await direct(kind, 'direct_list', DURATION, work.list, `lists of ${MINE}`));
    return { db: kind, seed: { migrateS, seedS, shipments: SHIPMENTS }, measurements };
  } finally {
    await app.close();
    await uncached.close();
  }
}

async function benchPglite(): Promise<Run> {
  const dataDir = tempDir();
  try {
    const handle = await openDatabase({ databaseUrl: null, dataDir });
    try {
      return await benchOne('pglite', handle, dataDir, null);
    } finally {
      await handle.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    tempDirs.delete(dataDir);
  }
}

async function benchPostgres(): Promise<Run> {
  const admin = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    const reason = `PostgreSQL unreachable at ${redact(PG_BASE)} (${(err as Error).message || String(err)})`;
    log(`${reason}: skipping PostgreSQL`);
    await admin.end().catch(() => {});
    return { db: 'postgres', skipped: reason };
  }
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const dataDir = tempDir();
  try {
    await admin.query(`create database ${name}`);
    benchDatabase = name;
    const url = new URL(PG_BASE);
    url.pathname = `/${name}`;
    log(`postgres: created database ${name}`);
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      return await benchOne('postgres', handle, dataDir, url.toString());
    } catch (err) {
      log(`postgres: failed: ${(err as Error).stack ?? String(err)}`);
      throw err;
    } finally {
      await handle.close();
    }
  } finally {
    // pg's pool.end() resolves before its sockets are closed: let them go before forcing the drop.
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await admin
      .query(`drop database if exists ${name} with (force)`)
      .then(() => log(`postgres: dropped database ${name}`))
      .catch((err) => log(`could not drop ${name}: ${err}`));
    benchDatabase = null;
    await admin.end();
  }
}

const redact = (u: string) => u.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

// ---------------------------------------------------------------------------------------------
// Report

function report(runs: Run[]) {
  const label = {
    api_200: `API 200 (${MINE} items)`,
    api_304: 'API 304 (If-None-Match)',
    api_304_db: 'API 304, no memory caches',
    direct_request_sql: 'direct: request SQL',
    direct_list: 'direct: list rebuild',
  };
  const rows: string[][] = [['database', 'measurement', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'bad', 'target']];
  const json: Record<string, unknown>[] = [];
  const common = { bench: 'api', endpoint: `GET ${ENDPOINT}`, connections: CONNECTIONS, duration_s: DURATION, shipments: SHIPMENTS, sender_shipments: MINE };
  const yes = (ok: boolean) => (ok ? 'met' : 'NOT met');

  for (const run of runs) {
    if ('skipped' in run) {
      rows.push([run.db, `skipped: ${run.skipped}`]);
      json.push({ ...common, db: run.db, skipped: run.skipped });
      continue;
    }
    rows.push([run.db, `seeded ${run.seed.shipments} shipments in ${run.seed.seedS.toFixed(1)} s (migrations ${run.seed.migrateS.toFixed(1)} s)`]);
    json.push({ ...common, db: run.db, measurement: 'seed', migrate_s: round(run.seed.migrateS, 2), seed_s: round(run.seed.seedS, 2) });
    for (const m of run.measurements) {
      let target = '';
      let meets: boolean | undefined;
      if (m.what === 'api_304') {
        // The 304 path answers from memory (versions kept current by the event stream), on either database.
        meets = m.rps >= TARGET.memory304Rps;
        target = `>= ${TARGET.memory304Rps} req/s: ${yes(meets)}`;
      } else if (run.db === 'postgres' && (m.what === 'api_200' || m.what === 'api_304_db')) {
        meets = m.rps >= TARGET.pgRps && m.p99 < TARGET.pgP99Ms;
        target = `>= ${TARGET.pgRps} req/s, p99 < ${TARGET.pgP99Ms} ms: ${yes(meets)}`;
      }
      rows.push([run.db, label[m.what], m.rps.toFixed(0), m.p50.toFixed(1), m.p99.toFixed(1), String(m.requests), String(m.bad), target]);
      json.push({
        ...common,
        db: run.db,
        measurement: m.what,
        requests_per_s: round(m.rps, 1),
        p50_ms: round(m.p50, 2),
        p99_ms: round(m.p99, 2),
        requests: m.requests,
        bad_responses: m.bad,
        statuses: m.detail,
        ...(meets === undefined ? {} : { target_rps: TARGET.pgRps, target_p99_ms: TARGET.pgP99Ms, meets_target: meets }),
      });
    }
    // The limit of the API is the SQL each request runs; the ratio says what HTTP, auth and JSON cost on top.
    const lim = run.measurements.find((m) => m.what === 'direct_request_sql')!;
    for (const what of ['api_200', 'api_304', 'api_304_db'] as const) {
      const api = run.measurements.find((m) => m.what === what)!;
      const ratio = api.rps / lim.rps;
      rows.push([run.db, `ratio ${label[what].split(' (')[0]} / direct SQL`, ratio.toFixed(2), '', '', '', '', `>= ${TARGET.ratio}: ${yes(ratio >= TARGET.ratio)}`]);
      json.push({ ...common, db: run.db, measurement: `ratio_${what}_to_direct_sql`, ratio: round(ratio, 3), target_ratio: TARGET.ratio, meets_target: ratio >= TARGET.ratio });
    }
  }

  // Rows of two cells (seed time, skipped) are free text after the database name.
  const table = rows.filter((r) => r.length > 2);
  const widths = rows[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const numeric = new Set([2, 3, 4, 5, 6]);
  const line = (r: string[]) =>
    r.length === 2 ? `${r[0]!.padEnd(widths[0]!)}  ${r[1]}` : r.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  console.log(`GET ${ENDPOINT}: sender with ${MINE} of ${SHIPMENTS} shipments, ${CONNECTIONS} connections, ${DURATION} s each (node ${process.version}, ${os.cpus().length} CPUs)`);
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows.slice(1)) console.log(line(r));
  console.log('bad = answers other than 200 with the checked 50-item body (resp. 304), errors and timeouts; for a direct');
  console.log('rebuild, a list that is not byte for byte the API body. Before measuring, short runs against a wrong');
  console.log('expectation checked that each check counts a wrong status or body as bad.');
  for (const j of json) console.log(JSON.stringify(j));
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

const t0 = performance.now();
const runs: Run[] = [];
runs.push(await benchPglite());
runs.push(await benchPostgres());
report(runs);
log(`done in ${secondsSince(t0).toFixed(0)} s`);
