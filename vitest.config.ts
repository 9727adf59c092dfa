import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that open no database (documents, file formats, adapters against local fakes):
 * they run in the PGlite project only, since the second database would test nothing new.
 */
const DATABASE_FREE = [
  'test/access-point/billit-access-point.test.ts',
  'test/access-point/outbox-access-point.test.ts',
  'test/adapters/file-store-contract.test.ts',
  'test/adapters/twilio-phone-verifier.test.ts',
  'test/e-invoice/pdf.test.ts',
  'test/e-invoice/peppol.property.test.ts',
  'test/events/sse-streams.test.ts',
  'test/geo/embedded-geo.test.ts',
  'test/geo/provider-contracts.test.ts',
  'test/lib/camt053.test.ts',
  'test/lib/concurrency-limit.test.ts',
  'test/payments/stripe-payment-provider.test.ts',
  'test/payouts/stripe-payout-provider.test.ts',
  'test/social-login/social-picture-fetch.test.ts',
];

// One run for every unit and integration suite. The server suite runs on the embedded PGlite
// always, and once more on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const serverProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${kind}`,
    root: './apps/server',
    include: ['test/**/*.test.ts'],
    // The real server process is started on the embedded database, and the backup command copies the
    // embedded database whatever the project: one run of each is enough. Two
    // processes on one database need PostgreSQL (the embedded one belongs to a single process), and
    // the cluster of real processes needs Redis too (TEST_REDIS_URL).
    exclude: kind === 'postgres' ? ['test/app/server-process.test.ts', 'test/admin/backup.test.ts', ...DATABASE_FREE] : ['test/app/two-processes.test.ts', 'test/app/cluster.test.ts', 'test/settlement/kill-during-release.test.ts', 'test/races/race-matrix.test.ts'],
    env: { TEST_DB_KIND: kind },
    globalSetup: ['./test/helpers/global-setup.ts'],
    // The files share a worker's loaded modules instead of loading the server and its libraries once
    // per file (import time 247 s to 45 s, the run 7.2 to 5.3 minutes). Each test builds its own
    // app on its own database; the server keeps no state at module level but caches of read-only data.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on a 2-core CI machine.
    // The server files mostly wait on timers, sockets and child processes and each has its own
    // database, so three at once there took the run from 12.1 to 7.4 minutes.
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'lint-rules', root: './eslint-rules', include: ['*.test.js'] } },
      './packages/client',
      './packages/ui',
      './apps/sender',
      './apps/driver',
      './apps/ops',
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
