// Throughput and p99 of a sender mix (list, detail, create, accept) through the round-robin proxy
// in front of 1, 2 and 3 production server processes (compiled build) on one PostgreSQL database,
// with Redis for the shared limits when reachable. Prints figures, the scaling ratio against one
// process and the CPU each part used; never fails on a target.
//
// On a machine with few cores the load generator, the proxy, PostgreSQL and the server processes
// share them, so the ratio is capped by the machine, not by the design: the CPU columns show where
// the time went.
//
// Env: BENCH_DURATION (s per process count, default 10), BENCH_CONNECTIONS (concurrent virtual
// senders, default 16), BENCH_DATABASE_URL (PostgreSQL server, default
// postgres://postgres@127.0.0.1:5432/test), BENCH_REDIS_URL (default redis://127.0.0.1:6379; skipped
// when unreachable), BENCH_PROCESSES (default 1,2,3).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { type Cluster, startCluster } from '../apps/server/test/helpers/cluster.ts';
import { fakeHttp } from '../apps/server/test/helpers/fake-http.ts';
import { type Auth, accept, addCard, call, createDriver, createShipment, makeOffer, postShipment, register } from '../apps/server/test/helpers/http-flows.ts';

const positiveInt = (name: string, def: number) => {
  const v = Number(process.env[name] ?? def);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`${name} must be a positive integer`);
  return v;
};
const DURATION = positiveInt('BENCH_DURATION', 10);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 16);
const PG = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
const COUNTS = (process.env.BENCH_PROCESSES ?? '1,2,3').split(',').map(Number);
const SENDERS = 16;
/** The mix, in shares of requests: mostly the polled reads, some writes. */
const MIX = { list: 0.5, detail: 0.3, create: 0.15, accept: 0.05 };

const log = (msg: string) => console.error(`[bench:cluster] ${msg}`);
type Kind = keyof typeof MIX;
type Sender = { auth: Auth; shipments: number[]; offers: { shipmentId: number; offerId: number }[] };

const redisUp = () =>
  new Promise<boolean>((resolve) => {
    const u = new URL(REDIS);
    const s = net.connect(Number(u.port || 6379), u.hostname, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

/** CPU seconds (user + system) of a process, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}
/** Busy and total CPU seconds of the whole machine, from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  const [, ...v] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = v.map(Number);
  const idle = n[3]! + n[4]!;
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

async function seed(cluster: Cluster): Promise<Sender[]> {
  const driver = await createDriver(cluster.url, cluster.adminToken);
  return Promise.all(
    Array.from({ length: SENDERS }, async () => {
      const s = await register(cluster.url, async () => SMS_CODE);
      await addCard(cluster.url, s.auth);
      const shipments: number[] = [];
      const offers: Sender['offers'] = [];
      for (let i = 0; i < 12; i++) {
        const id = await createShipment(cluster.url, s.auth);
        shipments.push(id);
        // Two thirds get an offer that the run may accept.
        if (i % 3) offers.push({ shipmentId: id, offerId: await makeOffer(cluster.url, driver, id, 100 + i) });
      }
      return { auth: s.auth, shipments, offers };
    }),
  );
}

async function measure(cluster: Cluster, senders: Sender[], seconds: number) {
  const latencies: Record<Kind, number[]> = { list: [], detail: [], create: [], accept: [] };
  let bad = 0;
  const pick = (): Kind => {
    let r = Math.random();
    for (const k of Object.keys(MIX) as Kind[]) if ((r -= MIX[k]) < 0) return k;
    return 'list';
  };
  const one = async (s: Sender) => {
    let kind = pick();
    if (kind === 'accept' && !s.offers.length) kind = 'detail';
    const t0 = performance.now();
    let status: number;
    if (kind === 'list') status = (await call(cluster.url, 'GET', '/api/shipment/sender', { headers: s.auth })).status;
    else if (kind === 'detail') status = (await call(cluster.url, 'GET', `/api/shipment/${s.shipments[Math.floor(Math.random() * s.shipments.length)]}`, { headers: s.auth })).status;
    else if (kind === 'create') status = (await postShipment(cluster.url, s.auth)).status;
    else {
      const o = s.offers.pop()!;
      status = (await accept(cluster.url, s.auth, o.shipmentId, o.offerId)).status;
    }
    latencies[kind].push(performance.now() - t0);
    if (status >= 300) bad += 1;
  };
  const pids = cluster.nodes.map((n) => n.pid()!);
  const before = { nodes: pids.map(cpuSeconds), self: process.cpuUsage(), machine: machineCpu() };
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      const s = senders[i % senders.length]!;
      while (performance.now() < until) await one(s);
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const self = process.cpuUsage(before.self);
  const machine = machineCpu();
  const all = Object.values(latencies).flat().sort((a, b) => a - b);
  const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN);
  return {
    rps: all.length / elapsed,
    p50: pct(all, 50),
    p99: pct(all, 99),
    requests: all.length,
    bad,
    byKind: Object.fromEntries((Object.keys(latencies) as Kind[]).map((k) => [k, { n: latencies[k].length, p99: pct(latencies[k], 99) }])),
    // Cores busy on average: each server process, this process (load generator + proxy), the machine.
    serverCores: pids.map((pid, i) => (cpuSeconds(pid) - before.nodes[i]!) / elapsed),
    benchCores: (self.user + self.system) / 1e6 / elapsed,
    machineCores: (machine.busy - before.machine.busy) / elapsed,
  };
}

// SMS codes through a local fake of Twilio Verify: the servers can log at 'warn' (no per-request
// lines to slow them down) and the bench still knows every code.
const SMS_CODE = '246810';
const twilio = await fakeHttp((req) =>
  req.url.pathname.endsWith('/VerificationCheck')
    ? { json: { status: new URLSearchParams(req.body).get('Code') === SMS_CODE ? 'approved' : 'pending' } }
    : { status: 201, json: { sid: 'VEbench', status: 'pending' } },
);
const twilioEnv = { TWILIO_ACCOUNT_SID: 'ACbench', TWILIO_AUTH_TOKEN: 'bench', TWILIO_VERIFY_SERVICE_SID: 'VAbench', TWILIO_BASE_URL: twilio.url };

const useRedis = await redisUp();
log(`${os.cpus().length} cores; PostgreSQL ${PG}; Redis ${useRedis ? REDIS : 'not reachable: limits in PostgreSQL'}; ${DURATION} s per run, ${CONNECTIONS} connections`);
const results: { processes: number; m: Awaited<ReturnType<typeof measure>> }[] = [];
for (const processes of COUNTS) {
  const cluster = await startCluster({ processes, postgresUrl: PG, env: { LOG_LEVEL: 'warn', ...twilioEnv, ...(useRedis ? { REDIS_URL: REDIS } : {}) } });
  try {
    log(`${processes} process(es): seeding`);
    const senders = await seed(cluster);
    await measure(cluster, senders.map((s) => ({ ...s, offers: [] })), Math.min(3, DURATION)); // warm-up: reads and creates only
    log(`${processes} process(es): measuring`);
    results.push({ processes, m: await measure(cluster, senders, DURATION) });
  } finally {
    await cluster.stop();
  }
}

await twilio.close();

const base = results[0]!.m.rps;
const rows = [['processes', 'req/s', 'scaling', 'p50 ms', 'p99 ms', 'requests', 'bad', 'cores: servers', 'cores: bench+proxy', 'cores: machine']];
for (const { processes, m } of results) {
  rows.push([
    String(processes),
    m.rps.toFixed(0),
    `${(m.rps / base).toFixed(2)}x`,
    m.p50.toFixed(1),
    m.p99.toFixed(1),
    String(m.requests),
    String(m.bad),
    m.serverCores.map((c) => c.toFixed(2)).join(' + '),
    m.benchCores.toFixed(2),
    `${m.machineCores.toFixed(2)} of ${os.cpus().length}`,
  ]);
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
console.log(JSON.stringify({ bench: 'cluster', cores: os.cpus().length, duration: DURATION, connections: CONNECTIONS, mix: MIX, results }));
