import PgBoss from 'pg-boss';
import { checkSchedule, type JobHandler, type Jobs, runLogged } from './jobs.ts';

type Log = { warn: (obj: object, msg: string) => void };

type Entry = { everySeconds: number; handler: JobHandler; offers: NodeJS.Timeout | null; workerId: string | null };

/** Its own few connections: a job holds one only per statement, requests keep the app's pool. */
const POOL_SIZE = 2;
/** A run left `active` by a process that died is failed after this; the next period runs anyway. */
const MIN_EXPIRE_SECONDS = 300;
/** Each process offers a period's run this often (cheap: the first insert wins, the rest conflict). */
const MAX_OFFER_GAP_SECONDS = 30;
/** A worker looks for runs another process inserted at most this long after; its own it is told of. */
const MAX_POLL_SECONDS = 10;

/**
 * Processes that start together create the same queues at once; pg-boss's createQueue runs DDL (a
 * partition per queue), so PostgreSQL may pick one of them as a deadlock victim (40P01). The
 * statement is idempotent: the victim tries again.
 */
async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 8) throw err;
      await new Promise((r) => setTimeout(r, attempt * 50 + Math.random() * 100));
    }
  }
}

/** pg-boss keeps singleton_on as a timestamp without time zone, in UTC; pg reads it as local time. */
const utc = (d: Date) => new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds()));

/**
 * Scheduled jobs on PostgreSQL through pg-boss (its own schema `pgboss`, created on first start).
 * Once per period across all processes: every process offers the run of the current period with
 * `singletonKey` = the job's name and `singletonSeconds` = its period, so pg-boss's unique index
 * on (name, singleton_on, singleton_key) keeps one row per period whoever inserts it, and one
 * worker fetches it (FOR UPDATE SKIP LOCKED). pg-boss's own cron is minute-grained and adds a
 * second path; this one serves every period from one second to hours.
 */
export function pgBossJobs({ connectionString, log }: { connectionString: string; log: Log }): Jobs {
  const entries = new Map<string, Entry>();
  let boss: PgBoss | null = null;
  let stopping = false;

  async function offer(b: PgBoss, name: string, entry: Entry): Promise<void> {
    if (stopping) return;
    const id = await b.send(name, {}, { singletonKey: name, singletonSeconds: entry.everySeconds });
    if (id && entry.workerId && !stopping) b.notifyWorker(entry.workerId);
  }

  return {
    schedule(name, everySeconds, handler) {
      checkSchedule(entries, name, everySeconds, boss !== null);
      entries.set(name, { everySeconds, handler, offers: null, workerId: null });
    },

    async start() {
      if (boss) return;
      stopping = false;
      const longest = Math.max(3600, ...[...entries.values()].map((e) => e.everySeconds));
      const b = new PgBoss({
        connectionString,
        max: POOL_SIZE,
        application_name: 'vrachtmarkt-jobs',
        // No cron (periods come from the offers below), so no clock-skew and cron timers.
        schedule: false,
        // A period's row must outlive the period (its unique key is what makes the run once);
        // then rows go: a one-second job would otherwise keep 43,200 rows per default 12 hours.
        archiveCompletedAfterSeconds: 2 * longest,
        deleteAfterHours: 1,
      });
      b.on('error', (err) => {
        if (!stopping) log.warn({ err }, 'job runner error');
      });
      await b.start();
      boss = b;
      for (const [name, entry] of entries) {
        const queue = { name, retryLimit: 0, expireInSeconds: Math.max(MIN_EXPIRE_SECONDS, entry.everySeconds) };
        await retryOnDeadlock(() => b.createQueue(name, queue));
        await retryOnDeadlock(() => b.updateQueue(name, queue));
        entry.workerId = await b.work<object>(
          name,
          { includeMetadata: true, pollingIntervalSeconds: Math.max(0.5, Math.min(entry.everySeconds, MAX_POLL_SECONDS)) },
          async ([job]) => {
            // A fetch that returned while stopping: leave the run (it expires), touch nothing.
            if (stopping || !job) throw new Error('job runner stopping');
            await runLogged(log, name, entry.handler, { slot: job.singletonOn ? utc(job.singletonOn) : job.createdOn });
          },
        );
        // Twice per period (at most every 30 s), so a late timer never skips a period.
        const gap = Math.min(entry.everySeconds / 2, MAX_OFFER_GAP_SECONDS) * 1000;
        const tryOffer = () => void offer(b, name, entry).catch((err) => !stopping && log.warn({ err, job: name }, 'could not offer a job run'));
        entry.offers = setInterval(tryOffer, gap);
        entry.offers.unref();
        tryOffer();
      }
    },

    async stop() {
      if (!boss) return;
      stopping = true;
      for (const entry of entries.values()) {
        if (entry.offers) clearInterval(entry.offers);
        entry.offers = null;
        entry.workerId = null;
      }
      const b = boss;
      boss = null;
      // Waits for runs in progress, then closes pg-boss's pool.
      await b.stop({ graceful: true, wait: true, close: true, timeout: 30_000 });
    },

    async queueDepth() {
      const b = boss;
      if (!b) return 0;
      const sizes = await Promise.all([...entries.keys()].map((name) => b.getQueueSize(name)));
      return sizes.reduce((sum, n) => sum + n, 0);
    },
  };
}
