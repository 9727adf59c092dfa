// Scheduled work (sweeps, the expiry check, the mail worker's periodic run, the demo drivers'
// tick) runs through one small interface, so the list of jobs (src/jobs.ts) is the same on every
// runner: pg-boss on PostgreSQL, where each period runs once across all processes, and a runner
// in process for the embedded PGlite, which belongs to one process anyway.

/** One run of a scheduled job: the start of the period it belongs to. */
export type JobRun = { slot: Date };

export type JobHandler = (run: JobRun) => Promise<unknown>;

export type Jobs = {
  /**
   * Runs `handler` once every `everySeconds` (a whole number ≥ 1). Periods are aligned to the
   * epoch on PostgreSQL (3600 runs at the top of each hour, 60 at each minute). Call before start().
   */
  schedule: (name: string, everySeconds: number, handler: JobHandler) => void;
  start: () => Promise<void>;
  /** No new runs; waits for the runs in progress. Call before the database closes. */
  stop: () => Promise<void>;
  /** Runs due but not started yet (for /metrics). */
  queueDepth: () => Promise<number>;
};

type Log = { warn: (obj: object, msg: string) => void };

/** What both runners check when a job is scheduled. */
export function checkSchedule(scheduled: Map<string, unknown>, name: string, everySeconds: number, started: boolean): void {
  if (started) throw new Error(`job ${name} scheduled after start()`);
  if (scheduled.has(name)) throw new Error(`job ${name} scheduled twice`);
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`job name ${name}: lower case, digits and hyphens`);
  if (!Number.isInteger(everySeconds) || everySeconds < 1) throw new Error(`job ${name}: every must be a whole number of seconds ≥ 1`);
}

/** A failing run is logged and left to the next period (jobs here are periodic sweeps, not one-offs). */
export async function runLogged(log: Log, name: string, handler: JobHandler, run: JobRun): Promise<void> {
  try {
    await handler(run);
  } catch (err) {
    log.warn({ err, job: name }, 'scheduled job failed');
    throw err;
  }
}
