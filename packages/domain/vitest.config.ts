import { defineConfig } from 'vitest/config';

// The domain tests alone, for Stryker (see README): the root config also runs the server suites,
// which are slow and do not test this package's rules. Under Stryker's instrumentation the test
// that reads every line of the postcode file takes several times its usual second: 5 s was too
// short a bound for it on a busy machine.
export default defineConfig({
  test: { name: 'domain', root: import.meta.dirname, include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
