// A tiny Playwright Test project using ariaref/test, run by test/browser/fixture.test.ts.
// No executablePath anywhere: the fixture must find a browser by itself.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  reporter: 'line',
  workers: 1,
  timeout: 60_000,
  outputDir: '../../test-results/fixture-project',
  // A config value the fixture must keep while adding its own switches.
  use: { launchOptions: { args: ['--lang=en-US'] } },
});
