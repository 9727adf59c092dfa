import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { SERVER_BUNDLE } from '../../scripts/bundle-server.ts';
import { restoreEmbedded } from '../../src/modules/admin/database-backup.ts';

// The compiled server (dist/server.js, built by the global setup when missing or stale) as
// production runs it: plain `node`, started from another folder so every path it reads must
// resolve from the bundle's own location. On the embedded database; one run of it is enough.

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

type Proc = { child: ChildProcess; base: string; port: number; stdout: () => string; stderr: () => string; exited: Promise<number | null> };
const started: { proc: Proc; dataDir: string }[] = [];

afterEach(async () => {
  for (const { proc, dataDir } of started.splice(0)) {
    proc.child.kill('SIGKILL');
    await proc.exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

/**
 * Starts dist/server.js on a data folder holding the migrated template (its start-up migration then
 * has nothing to do); a variable given as undefined is removed from the inherited environment.
 */
async function spawnServer(overrides: Record<string, string | undefined> = {}, seed = true): Promise<Proc> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-proc-'));
  const template = inject('pgliteTemplate');
  if (seed && template) {
    const seeded = await restoreEmbedded(dataDir, template, false);
    if (!seeded.ok) throw new Error(seeded.message);
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', DATABASE_URL: '', ...overrides };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: dataDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const proc = { child, base: `http://127.0.0.1:${port}`, port, stdout: () => out, stderr: () => err, exited };
  started.push({ proc, dataDir });
  return proc;
}

/** Polls /healthz until the server has migrated and listens (or has died). */
async function healthy(proc: Proc): Promise<Response> {
  let exitCode: number | null | undefined;
  void proc.exited.then((c) => (exitCode = c));
  // Bounded by the test's time limit.
  for (;;) {
    const res = await fetch(`${proc.base}/healthz`).catch(() => null);
    if (res) return res;
    if (exitCode !== undefined) throw new Error(`server exited ${exitCode}: ${proc.stderr()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Resolves once the server logged that it received the signal. */
async function loggedShutdown(proc: Proc): Promise<void> {
  while (!proc.stdout().includes('"msg":"shutting down"')) await new Promise((r) => setTimeout(r, 20));
}

/**
 * A POST whose headers the server has read (it answered `100 Continue`) and whose body is still
 * to come: a request in flight for as long as the test wants.
 */
async function requestInFlight(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', () => undefined);
  socket.write(
    `POST /oauth/access_token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  while (!received.includes('100 Continue')) await new Promise((r) => setTimeout(r, 10));
  return {
    finish: () => socket.write(body),
    /** Everything the server sent once it closed the connection. */
    response: closed.then(() => received),
  };
}

// Starting a process and its embedded database takes seconds on a busy machine; a hung start
// still fails, at this limit.
const PROCESS_TEST_MS = 120_000;

describe('compiled server process', () => {
  it(
    'answers /healthz; on SIGTERM ends open event streams cleanly, answers the request in flight and exits 0',
    async () => {
      const proc = await spawnServer({ DEMO_DRIVERS: 'true', DEMO_DRIVER_PASSWORD: 'demo-secret-1' });
      const health = await healthy(proc);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });

      const login = await fetch(`${proc.base}/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', username: 'jan.maes@demo.vrachtmarkt.be', password: 'demo-secret-1', client_id: 'web', scope: 'app' }),
      });
      expect(login.status).toBe(200);
      const auth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
      const streamToken = ((await (await fetch(`${proc.base}/api/firebase_token`, { method: 'POST', headers: auth })).json()) as { token: string }).token;
      const stream = await fetch(`${proc.base}/api/events?token=${streamToken}`, { headers: { accept: 'text/event-stream' } });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      await reader.read(); // the retry hint: the stream is open
      const request = await requestInFlight(proc.port, JSON.stringify({ grant_type: 'password', username: 'nobody@example.be', password: 'wrong-one', client_id: 'web', scope: 'app' }));

      proc.child.kill('SIGTERM');
      // A clean end of the body (a killed process would make read() throw "terminated").
      let chunk = await reader.read();
      while (!chunk.done) chunk = await reader.read();
      expect(chunk.done).toBe(true);
      // The request's body arrives after the server began shutting down, and is still answered.
      await loggedShutdown(proc);
      request.finish();
      const response = await request.response;
      expect(response).toMatch(/HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 4\d\d /);
      expect(response).toContain('invalid_grant');
      expect(await proc.exited).toBe(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    'a request that never finishes does not hold the process past SHUTDOWN_TIMEOUT_SECONDS: it logs and exits 1',
    async () => {
      const proc = await spawnServer({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
      await healthy(proc);
      await requestInFlight(proc.port, '{"grant_type":"password"}');
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(1);
      expect(proc.stdout()).toContain('after the shutdown timeout');
    },
    PROCESS_TEST_MS,
  );

  it(
    'NODE_ENV=production without its settings exits non-zero naming every missing variable, without a stack trace',
    async () => {
      const proc = await spawnServer({ NODE_ENV: 'production', DATABASE_URL: undefined, ADMIN_TOKEN: undefined, PAYMENT_PROVIDER: undefined, PUBLIC_URL: undefined }, false);
      expect(await proc.exited).not.toBe(0);
      for (const name of ['DATABASE_URL', 'ADMIN_TOKEN', 'PAYMENT_PROVIDER', 'PUBLIC_URL']) expect(proc.stderr()).toContain(name);
      expect(proc.stderr()).not.toMatch(/^\s+at /m);
    },
    PROCESS_TEST_MS,
  );
});
