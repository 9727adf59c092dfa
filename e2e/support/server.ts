import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type TestServer = {
  url: string;
  dataDir: string;
  /** The newest SMS code the embedded provider logged for this number (E.164). */
  smsCode: (e164: string) => Promise<string>;
  /** Mails written to DATA_DIR/outbox, oldest first. */
  outbox: () => Promise<{ to: string; subject: string; text: string }[]>;
  stop: () => Promise<void>;
};

/** What a hook or fixture that starts a server may take: the start itself may take up to 2 minutes (startServer). */
export const SERVER_START_TIMEOUT = 180_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Where global-setup.ts left a migrated embedded database for every server of the run to copy. */
export const TEMPLATE_ENV = 'E2E_TEMPLATE_DATA_DIR';

/**
 * The real server as production runs it (the compiled `apps/server/dist/server.js`), with the built
 * web app and a fresh data folder: a copy of the run's migrated template database (a copy starts in
 * a third of the time of a new database), or the folder `keepDataDir` names, left in place on stop.
 */
export async function startServer(env: Record<string, string> = {}, keepDataDir?: string): Promise<TestServer> {
  const dataDir = keepDataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'vm-e2e-')));
  const template = process.env[TEMPLATE_ENV];
  if (!keepDataDir && template && !env.DATABASE_URL) await fs.cp(path.join(template, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  const port = await freePort();
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: ROOT,
    // Every test browser comes from 127.0.0.1: per-IP limits would count the whole suite as one visitor.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SMS_RATE_LIMIT_PER_IP: '1000',
      TOKEN_RATE_LIMIT_PER_IP: '1000',
      // Deterministic by default; the marketplace tests start a server with fast demo drivers.
      DEMO_DRIVERS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
  /** Resolves with what `check` finds in the log as soon as a new line brings it, or undefined after `ms`. */
  const logLine = (check: () => string | undefined, ms: number) =>
    new Promise<string | undefined>((resolve) => {
      const done = (v: string | undefined) => {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stderr!.off('data', onData);
        resolve(v);
      };
      const onData = () => {
        const v = check();
        if (v) done(v);
      };
      const timer = setTimeout(() => done(undefined), ms);
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
    });
  const url = `http://127.0.0.1:${port}`;
  // Up to 2 minutes: a busy machine needs a minute to build the embedded database. A server that
  // did not come up is killed, so a failed start leaves no process behind.
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 600 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    async smsCode(e164) {
      // The code is in the log once the request that sent it has been answered; else the next log line brings it.
      const found = () => [...logs.join('').matchAll(new RegExp(`SMS verification code for \\${e164}: (\\d{6})`, 'g'))].at(-1)?.[1];
      const code = found() ?? (await logLine(found, 5000));
      if (!code) throw new Error(`no SMS code logged for ${e164}`);
      return code;
    },
    async outbox() {
      const dir = path.join(dataDir, 'outbox');
      const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
      return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8'))));
    },
    async stop() {
      // A server that already exited sends no 'exit' again: no 5 s wait for it.
      const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      child.kill('SIGKILL');
      if (!keepDataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
