import { defineConfig } from '@playwright/test';

/**
 * Files whose tests run on a server of their own (a worker each: its own fixture) and run long. The
 * workers take a project's files in name order, all files of one kind of server together, and a
 * file that needs another kind of server than the worker has makes it start a new worker. Started
 * last, these left one worker running them alone at the end of the run; started first, the many
 * short files of the shared servers fill in at the end.
 */
const LONG_FIRST = ['cluster', 'paying', 'chat', 'tracking'].map((name) => `${name}.spec.ts`);

// Against the built app served by the real server on a fresh embedded database (support/server.ts).
export default defineConfig({
  testDir: './tests',
  // One migrated database that every test server copies (support/global-setup.ts).
  globalSetup: './support/global-setup.ts',
  // Two spec files at a time, each worker with its own servers (support/server.ts); the tests of a
  // file stay in order. A third worker gained under a minute of 9 on 2 cores and made the long
  // lifecycle specs half again as slow (axe and the browser are CPU-bound), too near their bounds.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // The HTML report keeps the screenshots tests attach (testInfo.attach); it is never opened by a run.
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // A lifecycle spec takes 35 s alone; with two workers on 2 cores it may take twice that.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  projects: [
    { name: 'long-first', testMatch: LONG_FIRST },
    { name: 'main', testIgnore: LONG_FIRST },
  ],
  use: {
    locale: 'nl-BE',
    timezoneId: 'Europe/Brussels',
    // The trace of a failed test keeps every action with the page's DOM before and after it, its
    // console and network; not the film strip of screenshots, which took about a quarter of a spec's CPU
    // time on a busy 2-core machine (wizard.spec: 46 CPU-s with it, 35-37 without, 31-35 with no trace).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
