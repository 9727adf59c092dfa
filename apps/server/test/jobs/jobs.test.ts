import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleJobs } from '../../src/jobs.ts';
import { inProcessJobs } from '../../src/modules/jobs/in-process-jobs.ts';
import type { JobHandler, Jobs } from '../../src/modules/jobs/jobs.ts';
import { pgBossJobs } from '../../src/modules/jobs/pg-boss-jobs.ts';
import type { Services } from '../../src/services.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { createShipment } from '../helpers/marketplace.ts';
import { createTestApp, freshDatabase, type TestApp } from '../helpers/test-app.ts';

const quiet = { warn: () => undefined };
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/** A promise the test settles by hand: a job run that lasts until the test lets it end. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('the list of jobs', () => {
  it('schedules the sweeps, the expiry check, the mail wake, the support mails, the demo drivers, the stale-payment settlement, the orphan-file sweep, the drivers’ document notices, the job board’s new-job notices, the pushes, the release of held money, the ledger check, the payouts and the invoices, each calling its service', async () => {
    const scheduled = new Map<string, { every: number; handler: JobHandler }>();
    const recorder: Jobs = {
      schedule: (name, every, handler) => void scheduled.set(name, { every, handler }),
      start: async () => undefined,
      stop: async () => undefined,
      queueDepth: async () => 0,
    };
    const calls: string[] = [];
    const call = (what: string) => async () => void calls.push(what);
    const services = {
      auth: { deleteExpired: call('tokens') },
      events: { sweep: call('events') },
      shipments: { reportExpired: call('expiry') },
      mails: { run: call('mails') },
      support: { run: call('support') },
      files: { sweepOrphans: call('files') },
      payments: { settleStalePayments: call('payments') },
      driverAccounts: { announceExpiries: call('documents') },
      jobBoard: { run: call('board') },
      push: { run: call('push'), sweep: call('push-sweep') },
      settlement: { releaseDue: call('release') },
      ledger: { checkAndLog: call('ledger') },
      reconciliation: { reconcileAndLog: call('reconciliation') },
      payouts: { run: call('payouts') },
      invoices: { issueDue: call('invoices'), sendPending: call('peppol') },
      invoicePayments: { remind: call('reminders') },
      refunds: { settlePending: call('refunds') },
      problems: { settleDecided: call('problems') },
      restrictions: { propose: call('proposals') },
      privacy: { sweepRetention: call('retention') },
    } as unknown as Services;
    scheduleJobs(recorder, { services, now: () => new Date(), demoDrivers: { tick: call('demo') } });

    expect(Object.fromEntries([...scheduled].map(([name, s]) => [name, s.every]))).toEqual({
      'token-sweep': 3600,
      'event-sweep': 3600,
      'expiry-check': 60,
      'mail-wake': 5,
      'support-mail': 5,
      'demo-drivers-tick': 1,
      'settle-stale-payments': 60,
      'sweep-orphan-files': 3600,
      'document-expiry-notices': 3600,
      'job-board-wake': 5,
      'push-wake': 5,
      'push-sweep': 3600,
      'release-due': 60,
      'ledger-check': 3600,
      payouts: 300,
      invoices: 60,
      'peppol-send': 300,
      'invoice-reminders': 3600,
      refunds: 60,
      'problem-decisions': 60,
      'restriction-proposals': 3600,
      retention: 3600,
    });
    for (const s of scheduled.values()) await s.handler({ slot: new Date() });
    expect(calls).toEqual(['tokens', 'events', 'expiry', 'mails', 'support', 'demo', 'payments', 'board', 'files', 'documents', 'push', 'push-sweep', 'release', 'ledger', 'reconciliation', 'payouts', 'invoices', 'peppol', 'reminders', 'refunds', 'problems', 'proposals', 'retention']);
  });
});

describe('the in-process runner (embedded database)', () => {
  afterEach(() => void vi.useRealTimers());

  it('runs each job once per period, queues one period that comes during a run, and leaves no timer after stop()', async () => {
    vi.useFakeTimers();
    const jobs = inProcessJobs({ log: quiet });
    let quick = 0;
    const slow: Date[] = [];
    let hold = gate();
    jobs.schedule('quick', 1, async () => void quick++);
    jobs.schedule('slow', 2, async (run) => {
      slow.push(run.slot);
      await hold.opened;
    });
    await jobs.start();

    await vi.advanceTimersByTimeAsync(3000);
    expect(quick).toBe(3);
    expect(slow).toHaveLength(1);
    // The next period of 'slow' comes while its first run holds: it waits, and is counted.
    await vi.advanceTimersByTimeAsync(1000);
    expect(await jobs.queueDepth()).toBe(1);
    hold.open();
    hold = gate();
    await vi.advanceTimersByTimeAsync(0);
    expect(slow).toHaveLength(2);
    expect(await jobs.queueDepth()).toBe(0);

    const stopped = jobs.stop();
    hold.open();
    await stopped;
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(quick).toBe(4);
  });

  it('refuses a second job of the same name and a period that is not whole seconds', () => {
    const jobs = inProcessJobs({ log: quiet });
    jobs.schedule('a', 1, async () => undefined);
    expect(() => jobs.schedule('a', 1, async () => undefined)).toThrow(/twice/);
    expect(() => jobs.schedule('b', 0.5, async () => undefined)).toThrow(/whole number/);
  });
});

describe('the app runs its jobs by itself', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  const offersWithoutAHand = async (app: TestApp) => {
    const sender = await registerAndLogin(app);
    const id = await createShipment(app, sender.auth);
    app.clock.advance(10);
    // Nobody calls demoDrivers.tick() here: the scheduled tick makes the offers.
    await vi.waitFor(
      async () => {
        const s = (await app.app.inject({ method: 'GET', url: `/api/shipment/${id}`, headers: sender.auth })).json();
        expect(s.offers.length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 15_000, interval: 200 },
    );
  };

  it('on the embedded runner: the demo drivers offer on a new shipment', async () => {
    t = await createTestApp({ DEMO_DRIVERS: 'true', DEMO_OFFER_DELAY_SECONDS: '2', DEMO_STEP_SECONDS: '5' });
    await offersWithoutAHand(t);
  });

  if (onPostgres) {
    it('on pg-boss (DATABASE_URL): the demo drivers offer on a new shipment, and close stops the runner before the database', async () => {
      const handle = await freshDatabase();
      t = await createTestApp({ DATABASE_URL: handle.url!, DEMO_DRIVERS: 'true', DEMO_OFFER_DELAY_SECONDS: '2', DEMO_STEP_SECONDS: '5' }, { handle, dataDir: await tmpDir() });
      await offersWithoutAHand(t);
    });
  }
});

async function tmpDir(): Promise<string> {
  const [fs, os, path] = await Promise.all([import('node:fs/promises'), import('node:os'), import('node:path')]);
  return fs.mkdtemp(path.join(os.tmpdir(), 'vm-jobs-'));
}

if (onPostgres) {
  describe('pg-boss on PostgreSQL: two processes, one database', () => {
    it('runs a job scheduled every second once per second, whichever process inserts or fetches it', async () => {
      const db = await freshDatabase();
      const runs: { runner: string; slot: number }[] = [];
      const runner = (label: string) => {
        const jobs = pgBossJobs({ connectionString: db.url!, log: quiet });
        jobs.schedule('every-second', 1, async (run) => void runs.push({ runner: label, slot: run.slot.getTime() }));
        // As many queues as the app has: processes starting together create them at the same time.
        for (const name of ['hourly-a', 'hourly-b', 'hourly-c', 'hourly-d', 'hourly-e', 'hourly-f']) jobs.schedule(name, 3600, async () => undefined);
        return jobs;
      };
      // Two runners, each with its own pg-boss and its own pool, as two processes would have.
      const a = runner('a');
      const b = runner('b');
      try {
        await Promise.all([a.start(), b.start()]);
        await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(6), { timeout: 20_000, interval: 100 });
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
      const slots = runs.map((r) => r.slot);
      // Once per period: no second between the first and last run is run twice ...
      expect(new Set(slots).size).toBe(slots.length);
      // ... every run belongs to a whole second ...
      expect(slots.every((s) => s % 1000 === 0)).toBe(true);
      // ... and pg-boss holds one row per period, not one per process.
      const client = new pg.Client({ connectionString: db.url! });
      await client.connect();
      const stored = await client.query(`select count(*)::int as n, count(distinct singleton_on)::int as periods from pgboss.job where name = 'every-second'`);
      await client.end();
      expect(stored.rows[0].n).toBe(stored.rows[0].periods);
      await db.close();
    });

    it('reports the runs waiting for a worker in queueDepth()', async () => {
      const db = await freshDatabase();
      const jobs = pgBossJobs({ connectionString: db.url!, log: quiet });
      const hold = gate();
      jobs.schedule('held', 1, () => hold.opened);
      try {
        await jobs.start();
        // The first run holds the only worker; the next seconds' runs wait in the queue.
        await vi.waitFor(async () => expect(await jobs.queueDepth()).toBeGreaterThanOrEqual(1), { timeout: 15_000, interval: 200 });
      } finally {
        hold.open();
        await jobs.stop();
        await db.close();
      }
    });
  });
}
