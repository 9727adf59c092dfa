import { defineConfig } from 'vitest/config';

// The domain tests alone, for Stryker (see README): the root config also runs the server suites,
// which are slow and do not test this package's rules.
export default defineConfig({
  test: { name: 'domain', root: import.meta.dirname, include: ['src/**/*.test.ts'] },
});
