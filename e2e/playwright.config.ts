import { defineConfig } from '@playwright/test';

// Against the built app served by the real server on a fresh embedded database (support/server.ts).
export default defineConfig({
  testDir: './tests',
  // One migrated database that every test server copies (support/global-setup.ts).
  globalSetup: './support/global-setup.ts',
  // Three spec files at a time, each worker with its own servers (support/server.ts); the tests of a
  // file stay in order. Most of a spec's time is waiting on the server and the demo drivers' timers
  // (the run keeps 2 cores half busy), so on 2 cores three workers take 77 tests from 9.7 to 8.7
  // minutes.
  fullyParallel: false,
  workers: 3,
  retries: 0,
  // The HTML report keeps the screenshots tests attach (testInfo.attach); it is never opened by a run.
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // A lifecycle spec takes 35 s alone; with two workers on 2 cores it may take twice that.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    locale: 'nl-BE',
    timezoneId: 'Europe/Brussels',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
