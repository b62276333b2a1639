import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One temp folder per run, removed at its end (see test/support/temp-root.ts).
    globalSetup: ['test/support/temp-root.ts'],
    // Real-Chromium suites start browsers: keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
