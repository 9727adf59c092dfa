// npm run bench:events: open Server-Sent Event streams held by one server process on PostgreSQL,
// cause events, and print memory per stream and the time from commit to receipt (p50, p99).
// The server is the real `server.ts` in a child process (its memory is read from /proc); the
// streams are plain sockets in this process, so they do not weigh on the server's figures.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { toEventRow } from '../apps/server/src/modules/events/events.mapper.ts';
import * as eventsRepository from '../apps/server/src/modules/events/events.repository.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SIZES = (process.env.BENCH_STREAMS ?? '1000,5000,10000').split(',').map(Number);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 300);
const TARGET = { kbPerStream: 20, p99Ms: 200 };

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dbUrl = (name: string) => Object.assign(new URL(BASE_URL), { pathname: `/${name}` }).toString();
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Resident memory of a process in KB, as the kernel counts it. */
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DRIVERS: 'false', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vm-bench-events-')) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 150; i++) {
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) return { child, port };
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** A stream on a bare socket: reports each event id as it arrives. */
function openStream(port: number, token: string, onId: (id: number) => void): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => s.write(`GET /api/events?token=${token} HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n`));
    let buffer = '';
    let open = false;
    s.setEncoding('utf8');
    s.on('data', (chunk: string) => {
      buffer += chunk;
      if (!open) {
        if (!buffer.includes('\r\n\r\n')) return;
        if (!buffer.startsWith('HTTP/1.1 200')) return reject(new Error(buffer.split('\r\n')[0]));
        open = true;
        buffer = buffer.slice(buffer.indexOf('\r\n\r\n') + 4);
        resolve(s);
      }
      for (let m = /(?:^|\n)id: (\d+)\n/.exec(buffer); m; m = /(?:^|\n)id: (\d+)\n/.exec(buffer)) {
        onId(Number(m[1]));
        buffer = buffer.slice(m.index + m[0].length);
      }
      if (buffer.length > 65536) buffer = buffer.slice(-1024);
    });
    s.on('error', reject);
  });
}

type Row = { streams: number; kbPerStream: number; p50: number; p99: number; events: number; received: number };

async function measure(n: number): Promise<Row> {
  const name = `bench_events_${process.pid}_${n}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const handle = await openDatabase({ databaseUrl: dbUrl(name) });
  const { db } = handle;
  let server: { child: ChildProcess; port: number } | null = null;
  const sockets: net.Socket[] = [];
  try {
    await migrateToLatest(db);
    // One user per stream; each gets a stream token as POST /api/firebase_token would make it.
    const users = Array.from({ length: n }, (_, i) => i);
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1000) {
      const rows = await db
        .insertInto('users')
        .values(
          users.slice(i, i + 1000).map((k) => ({
            email: `bench.${k}@example.be`,
            passwordHash: 'x',
            firstName: 'Bench',
            lastName: String(k),
            cellphone: `+3247${String(k).padStart(7, '0')}`,
            birthday: '1990-01-01',
            country: 'BE',
            addressFormatted: '',
            role: 'sender' as const,
            updatedAt: new Date(),
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
    const tokens = ids.map(() => randomBytes(24).toString('base64url'));
    const expiresAt = new Date(Date.now() + 3600_000);
    for (let i = 0; i < n; i += 1000) {
      await db
        .insertInto('streamTokens')
        .values(ids.slice(i, i + 1000).map((userId, k) => ({ userId, tokenHash: createHash('sha256').update(tokens[i + k]!).digest('hex'), expiresAt })))
        .execute();
    }

    server = await startServer(dbUrl(name));
    await sleep(1000);
    const before = rssKb(server.child.pid!);
    const received = new Map<number, number>();
    for (let i = 0; i < n; i += 200) {
      const batch = await Promise.all(tokens.slice(i, i + 200).map((t) => openStream(server!.port, t, (id) => received.set(id, performance.now()))));
      sockets.push(...batch);
    }
    await sleep(2000);
    const after = rssKb(server.child.pid!);

    // Events for random users, one transaction each, a few milliseconds apart.
    const committed = new Map<number, number>();
    for (let k = 0; k < EVENTS; k++) {
      const userId = ids[Math.floor(Math.random() * ids.length)]!;
      // Timed from the start of the transaction that commits it: an upper bound of commit-to-receipt.
      const start = performance.now();
      const [id] = await db.transaction().execute((trx) => eventsRepository.insert(trx, [toEventRow({ userId, type: 'company.invoice.status', shipmentId: null, payload: { status: 'approved' } }, new Date())]));
      committed.set(id!, start);
      await sleep(5);
    }
    for (let i = 0; i < 50 && received.size < committed.size; i++) await sleep(100);
    const latencies = [...committed].filter(([id]) => received.has(id)).map(([id, t]) => received.get(id)! - t);
    return { streams: n, kbPerStream: (after - before) / n, p50: percentile(latencies, 50), p99: percentile(latencies, 99), events: committed.size, received: latencies.length };
  } finally {
    for (const s of sockets) s.destroy();
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server!.child.once('exit', r));
    }
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const rows: Row[] = [];
for (const n of SIZES) {
  log(`${n} streams...`);
  rows.push(await measure(n));
}
const pad = (v: string | number, w: number) => String(v).padStart(w);
console.log(`${'streams'.padEnd(8)} ${pad('KB/stream', 10)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('received', 10)}  target (< ${TARGET.kbPerStream} KB, p99 < ${TARGET.p99Ms} ms)`);
for (const r of rows) {
  const met = r.kbPerStream < TARGET.kbPerStream && r.p99 < TARGET.p99Ms && r.received === r.events;
  console.log(`${String(r.streams).padEnd(8)} ${pad(r.kbPerStream.toFixed(1), 10)} ${pad(r.p50.toFixed(1), 8)} ${pad(r.p99.toFixed(1), 8)} ${pad(`${r.received}/${r.events}`, 10)}  ${met ? 'met' : 'NOT met'}`);
}
console.log(JSON.stringify({ bench: 'events', database: 'postgres', rows }));
