import { defineConfig } from '@playwright/test';

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
  use: {
    locale: 'nl-BE',
    timezoneId: 'Europe/Brussels',
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
