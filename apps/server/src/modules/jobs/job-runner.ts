import { inProcessJobs } from './in-process-jobs.ts';
import type { Jobs } from './jobs.ts';
import { pgBossJobs } from './pg-boss-jobs.ts';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * pg-boss when the server runs on PostgreSQL (DATABASE_URL), jobs in process on the embedded
 * PGlite (one process; pg-boss on PGlite would share its one connection, see decision 0016).
 */
export function jobRunner({ databaseUrl, log }: { databaseUrl: string | null; log: Log }): Jobs {
  return databaseUrl ? pgBossJobs({ connectionString: databaseUrl, log }) : inProcessJobs({ log });
}
