import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connectAdmin, databaseUrl } from './postgres.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.ts';

// Several real server processes, run from the compiled build as production runs them, on one fresh
// PostgreSQL database (and Redis and object storage when given), behind the round-robin proxy.
// Used by the multi-process tests, the cluster Playwright spec and bench:cluster.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');

export type ClusterNode = {
  /** The process's own address (the tests also talk to one process directly). */
  url: string;
  pid: () => number | null;
  /** Everything the process printed, for SMS codes and failure reports. */
  logs: string[];
  start: () => Promise<void>;
  /** Sends the signal and waits for the exit. */
  kill: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export type Cluster = {
  /** The proxy: what a browser or client uses. */
  url: string;
  proxy: RoundRobinProxy;
  nodes: ClusterNode[];
  databaseUrl: string;
  adminToken: string;
  dataDir: string;
  /** The newest SMS code any process logged for this number (the embedded SMS provider). */
  smsCode: (e164: string) => Promise<string>;
  stop: () => Promise<void>;
};

export type ClusterOptions = {
  processes: number;
  /** A PostgreSQL server URL; the cluster makes its own database there and drops it at stop. */
  postgresUrl: string;
  /** A database already made on that server (a test's data set up beforehand): used instead of a new one, and dropped at stop. */
  database?: string;
  /** More environment for every process (REDIS_URL, S3_*, limits). */
  env?: Record<string, string>;
};

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build -w apps/server first`);
  const dbName = opts.database ?? `vm_cluster_${randomBytes(4).toString('hex')}`;
  if (!opts.database) {
    const admin = await connectAdmin(opts.postgresUrl);
    await admin.query(`create database ${dbName}`);
    await admin.end();
  }
  const dbUrl = databaseUrl(opts.postgresUrl, dbName);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vm-cluster-'));
  const adminToken = randomBytes(24).toString('base64url');
  const ports = await Promise.all(Array.from({ length: opts.processes }, () => freePort()));
  const proxy = await startRoundRobinProxy(ports.map((p) => `http://127.0.0.1:${p}`));

  const env = (port: number, i: number): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: proxy.url,
    DATABASE_URL: dbUrl,
    ADMIN_TOKEN: adminToken,
    PAYMENT_PROVIDER: 'sandbox',
    // One webhook secret for all processes, as a deployment's STRIPE_WEBHOOK_SECRET would be.
    STRIPE_WEBHOOK_SECRET: 'whsec_cluster',
    // A folder per process, as on separate machines: nothing may be shared through the local disk.
    DATA_DIR: path.join(dataDir, `node-${i}`),
    LOG_LEVEL: 'info',
    DEMO_DRIVERS: 'false',
    // Every client of a test comes from 127.0.0.1 through one proxy.
    TOKEN_RATE_LIMIT_PER_IP: '100000',
    SMS_RATE_LIMIT_PER_IP: '100000',
    RESET_RATE_LIMIT_PER_IP: '100000',
    GEO_RATE_LIMIT_PER_IP: '100000',
    // Each cluster its own keys, so runs sharing the machine's Redis never see each other's counts.
    REDIS_KEY_PREFIX: `${dbName}:`,
    ...opts.env,
  });

  const nodes: ClusterNode[] = ports.map((port, i) => {
    let child: ChildProcess | null = null;
    let exited: Promise<number | null> = Promise.resolve(null);
    const logs: string[] = [];
    const url = `http://127.0.0.1:${port}`;
    const node: ClusterNode = {
      url,
      logs,
      pid: () => child?.pid ?? null,
      async start() {
        const c = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env: env(port, i), stdio: ['ignore', 'pipe', 'pipe'] });
        child = c;
        exited = new Promise((resolve) => c.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
        c.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
        c.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
        // Ready means migrated, listening for events and connected to its stores.
        for (let i = 0; ; i++) {
          const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
          if (ok) return;
          if (i > 600 || c.exitCode !== null) {
            c.kill('SIGKILL');
            throw new Error(`server process on ${port} did not start:\n${logs.join('')}`);
          }
          await sleep(200);
        }
      },
      async kill(signal = 'SIGTERM') {
        if (!child || child.exitCode !== null) return child?.exitCode ?? null;
        child.kill(signal);
        return exited;
      },
    };
    return node;
  });
  try {
    await Promise.all(nodes.map((n) => n.start()));
  } catch (err) {
    await Promise.all(nodes.map((n) => n.kill('SIGKILL')));
    await proxy.close();
    throw err;
  }

  return {
    url: proxy.url,
    proxy,
    nodes,
    databaseUrl: dbUrl,
    adminToken,
    dataDir,
    async smsCode(e164) {
      const wanted = `SMS verification code for ${e164}: `;
      for (let i = 0; i < 100; i++) {
        // JSON log lines of every process, newest last by their own time stamps.
        const sent = nodes
          .flatMap((n) => n.logs.join('').split('\n'))
          .filter((line) => line.includes(wanted))
          .map((line) => JSON.parse(line) as { time: number; msg: string })
          .sort((a, b) => a.time - b.time);
        if (sent.length) return sent.at(-1)!.msg.slice(wanted.length, wanted.length + 6);
        await sleep(100);
      }
      throw new Error(`no SMS code logged for ${e164}`);
    },
    async stop() {
      await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
      await proxy.close();
      const a = await connectAdmin(opts.postgresUrl);
      await a.query(`drop database if exists ${dbName} with (force)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
