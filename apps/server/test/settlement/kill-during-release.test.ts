import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { payoutWeek } from '@vm/domain';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { type Cluster, type ClusterNode, startCluster } from '../helpers/cluster.ts';
import { acceptedShipment, delivered } from '../helpers/held-money.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { addCard, createDriver } from '../helpers/marketplace.ts';
import { connectAdmin, databaseUrl } from '../helpers/postgres.ts';
import { createTestApp } from '../helpers/test-app.ts';

// Issue 22 part 6: kill -9 in the middle of releases and payouts, with two processes: no double
// payout, no lost release, and the ledger's invariants hold after the run.
//
// PostgreSQL only (vitest.config.ts leaves this file out of server-pglite): two real server
// processes, from the compiled build, share one database, and the embedded PGlite belongs to a
// single process.
//
// The jobs are set up first by an app in this process on its fake clock (Sunday 22/11/2026): half
// of them delivered with proof at 10:00 UTC (due Monday 10:00), half at 14:00 (due Monday 14:00).
// Then two processes run on that database with a clock of their own (the test-only TEST_CLOCK,
// ten times real speed so a sandbox payout settles in seconds) and the release and payout jobs
// every 2 s (TEST_MONEY_JOB_SECONDS). Three Mondays:
//   1. 23/11 09:58 UTC (the first half due 12 s of real time later, once both processes are up): it
//      is payout day, so releases and payouts run together; processes are killed with SIGKILL at
//      random points of the work and restarted.
//   2. 30/11: the second half is due, payouts again, killed again.
//   3. 07/12: no kills; whatever a week left owed is paid.
// Then: every job released exactly once, at most one payout per driver per week, each sent to the
// sandbox bank once under its own key with its own amount, everything released paid out, and the
// admin's `ledger check` holds.

const DRIVERS = 4;
const JOBS_PER_DRIVER = 8;
const JOBS = DRIVERS * JOBS_PER_DRIVER;
const RATE = 10;

const postgresUrl = process.env.TEST_DATABASE_URL!;
let cluster: Cluster | null = null;
let client: pg.Client | null = null;

afterAll(async () => {
  await client?.end();
  await cluster?.stop();
}, 120_000);

/** The database with its jobs, made from the migrated template by an app in this process. */
async function setUpJobs(): Promise<{ name: string; drivers: number[]; firstHalf: number[]; secondHalf: number[] }> {
  const name = `${inject('postgresTemplate')}_kill_${randomUUID().slice(0, 8)}`;
  const admin = await connectAdmin(postgresUrl);
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: databaseUrl(postgresUrl, name) });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vm-kill-'));
  // Tokens outlive the four hours the clock moves between the halves.
  const t = await createTestApp({ ADMIN_TOKEN: 'admin-kill-token-123', ACCESS_TOKEN_TTL: '86400' }, { handle, dataDir });
  try {
    const drivers = [];
    for (let i = 0; i < DRIVERS; i++) drivers.push(await createDriver(t));
    const senders = [];
    for (let i = 0; i < 2; i++) {
      const s = await registerAndLogin(t);
      expect((await addCard(t, s.auth)).statusCode).toBe(200);
      senders.push(s);
    }
    const jobs: { id: number; driver: (typeof drivers)[number] }[] = [];
    for (let i = 0; i < JOBS; i++) {
      const driver = drivers[i % DRIVERS]!;
      // Prices differ per job, so a payout of the wrong jobs shows in the sums.
      jobs.push({ id: await acceptedShipment(t, senders[i % 2]!, driver, 80 + i * 7), driver });
    }
    const half = JOBS / 2;
    for (const j of jobs.slice(0, half)) await delivered(t, j.driver, j.id);
    t.clock.advance(4 * 3600);
    for (const j of jobs.slice(half)) await delivered(t, j.driver, j.id);
    // Nothing is due on this Sunday: the processes below do all of the work.
    expect(await t.app.settlement.releaseDue()).toBe(0);
    return { name, drivers: drivers.map((d) => d.id), firstHalf: jobs.slice(0, half).map((j) => j.id), secondHalf: jobs.slice(half).map((j) => j.id) };
  } finally {
    await t.app.close();
    await handle.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const count = async (q: string, params: unknown[] = []) => Number((await client!.query<{ n: string }>(q, params)).rows[0]!.n);
const releases = () => count(`select count(*) as n from ledger_transactions where kind = 'release'`);
const openPayouts = () => count(`select count(*) as n from payouts where status in ('claimed', 'pending')`);
/** Drivers still owed money who had no payout this (fake) week: the payout job has work left. */
const unpaidThisWeek = (weekStart: Date) =>
  count(
    `select count(*) as n from (
       select a.user_id from ledger_accounts a join ledger_entries e on e.account_id = a.id
       where a.kind = 'driver_payable' group by a.user_id having -sum(e.amount_cents) > 0) p
     where not exists (select 1 from payouts o where o.driver_id = p.user_id and o.created_at >= $1)`,
    [weekStart],
  );

/** Polls the database's state often: the kills must land inside work that takes a second or two. */
const waitFor = async (what: string, done: () => Promise<boolean>, timeoutMs = 180_000) => {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** What the kills hit: how far the work was at each one. */
type Kill = { node: number; releases: number; duringReleases: boolean; openPayouts: number };

/**
 * One Monday: both processes (re)started on the clock `at`; while the work runs, a random process
 * is killed with SIGKILL whenever the releases pass a random mark or a payout is open (claimed or
 * sent, not yet settled), then started again. Returns when `due` releases are done, no payout is
 * open and every driver still owed money had this week's payout.
 */
async function monday(env: Record<string, string>, at: Date, due: number, kills: number): Promise<Kill[]> {
  const c = cluster!;
  // Every process, restarted or new, reads the env at its start: the whole cluster moves to this Monday.
  env.TEST_CLOCK = `${at.toISOString()}|${Date.now()}|${RATE}`;
  await Promise.all(c.nodes.map((n) => n.kill('SIGKILL')));
  const before = await releases();
  const marks = Array.from({ length: kills }, () => before + 1 + Math.floor(Math.random() * Math.max(1, due - 2))).sort((a, b) => a - b);
  let payoutKills = kills > 0 ? 2 : 0;
  const done: Kill[] = [];
  const restarting = new Map<number, Promise<void>>();
  /** Kills a random process that is up (not one being started again); false when none is. */
  const killOne = async (r: number, open: number) => {
    const up = c.nodes.flatMap((n, i) => (n.pid() !== null && !restarting.has(i) ? [i] : []));
    if (!up.length) return false;
    const i = up[Math.floor(Math.random() * up.length)]!;
    const node: ClusterNode = c.nodes[i]!;
    await node.kill('SIGKILL');
    done.push({ node: i, releases: r, duringReleases: r > before && r < before + due, openPayouts: open });
    restarting.set(i, node.start().finally(() => restarting.delete(i)));
    return true;
  };
  await Promise.all(c.nodes.map((n) => n.start()));
  const { weekStart } = payoutWeek(at);
  await waitFor('the Monday’s releases and payouts', async () => {
    const [r, open] = [await releases(), await openPayouts()];
    if (marks.length && r >= marks[0]! && r < before + due) {
      // Every mark passed since the last look goes at once: one kill for them.
      while (marks.length && r >= marks[0]!) marks.shift();
      await killOne(r, open);
    } else if (open > 0 && payoutKills > 0) {
      // The process holding the open payout may be the only one up while the other starts again
      // (a start takes seconds on a busy machine): it is the one to kill then.
      if (await killOne(r, open)) payoutKills--;
    }
    return r === before + due && open === 0 && restarting.size === 0 && (await unpaidThisWeek(weekStart)) === 0;
  });
  return done;
}

describe('kill -9 during releases and payouts, two processes on one PostgreSQL', () => {
  it('releases every due job once, pays each driver once a week exactly what was released, and the ledger holds', { timeout: 600_000 }, async () => {
    const { name, drivers, firstHalf, secondHalf } = await setUpJobs();
    // The cluster spreads this object into each process's env at every start, so a restart takes the clock set here.
    const env: Record<string, string> = { NODE_ENV: 'test', TEST_MONEY_JOB_SECONDS: '2', TEST_CLOCK: `2026-11-22T20:00:00.000Z|${Date.now()}|1` };
    cluster = await startCluster({ processes: 2, postgresUrl, database: name, env });
    client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    // Sunday evening on the processes' clock: nothing due, no payout day.
    expect(await releases()).toBe(0);

    const kills1 = await monday(env, new Date('2026-11-23T09:58:00Z'), firstHalf.length, 3);
    const kills2 = await monday(env, new Date('2026-11-30T12:00:00Z'), secondHalf.length, 3);
    const kills3 = await monday(env, new Date('2026-12-07T12:00:00Z'), 0, 0);
    expect(kills3).toEqual([]);
    // The kills fell inside the work: some with releases under way, some with a payout open.
    const kills = [...kills1, ...kills2];
    expect(kills.filter((k) => k.duringReleases).length).toBeGreaterThanOrEqual(2);
    expect(kills.some((k) => k.openPayouts > 0)).toBe(true);

    // Every due job released exactly once.
    const released = await client.query<{ shipment_id: number; n: string }>(`select shipment_id, count(*) as n from ledger_transactions where kind = 'release' group by shipment_id order by shipment_id`);
    expect(released.rows.map((r) => [r.shipment_id, Number(r.n)])).toEqual([...firstHalf, ...secondHalf].sort((a, b) => a - b).map((id) => [id, 1]));

    // At most one payout per driver per payout week, all paid.
    const payouts = await client.query<{ id: number; driver_id: number; amount_cents: number; status: string; created_at: Date }>(
      `select id, driver_id, amount_cents, status, created_at from payouts order by id`,
    );
    expect(payouts.rows.every((p) => p.status === 'paid')).toBe(true);
    const perWeek = new Map<string, number>();
    for (const p of payouts.rows) {
      const key = `${p.driver_id}/${payoutWeek(p.created_at).weekStart.toISOString()}`;
      perWeek.set(key, (perWeek.get(key) ?? 0) + 1);
    }
    expect([...perWeek.values()].every((n) => n === 1)).toBe(true);
    expect(perWeek.size).toBe(payouts.rows.length);

    // The sandbox bank got each payout once, under the payout's own key, for the payout's amount; nothing else.
    const bank = await client.query<{ idempotency_key: string; amount_cents: number }>(`select idempotency_key, amount_cents from sandbox_payouts order by idempotency_key`);
    expect(bank.rows.map((b) => [b.idempotency_key, b.amount_cents]).sort()).toEqual(payouts.rows.map((p) => [`payout-${p.id}`, p.amount_cents]).sort());

    // Each driver was paid exactly what was released to them, and is owed nothing more.
    for (const driverId of drivers) {
      const releasedCents = await count(
        `select coalesce(-sum(e.amount_cents), 0) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
         where a.kind = 'driver_payable' and a.user_id = $1 and t.kind = 'release'`,
        [driverId],
      );
      expect(releasedCents).toBeGreaterThan(0);
      const paid = payouts.rows.filter((p) => p.driver_id === driverId).reduce((s, p) => s + p.amount_cents, 0);
      expect(paid).toBe(releasedCents);
      expect(await count(`select coalesce(sum(e.amount_cents), 0) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'driver_payable' and a.user_id = $1`, [driverId])).toBe(0);
    }
    expect(await count(`select coalesce(sum(e.amount_cents), 0) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'payouts_in_transit'`)).toBe(0);

    // The ledger's own check, as an operator runs it, on one of the processes.
    const check = await fetch(`${cluster.nodes[0]!.url}/api/admin/command`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cluster.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ args: ['ledger', 'check'] }),
    });
    expect(await check.json()).toEqual({ ok: true, message: expect.stringMatching(/^The ledger holds/) });
  });
});
