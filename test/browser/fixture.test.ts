// Runs the Playwright Test project that uses 'ariaref/test' (vitest cannot host Playwright
// Test specs) and checks that it passed.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

it('the ariaref/test fixture works in a Playwright Test project with no browser configured, refs failing fast with the cause', () => {
  const env = { ...process.env };
  delete env.ARIAREF_BROWSER; // the fixture must find the browser by itself
  const run = spawnSync(process.execPath, [join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'test/fixture-project'], {
    cwd: root, env, encoding: 'utf8', timeout: 170_000,
  });
  const output = `${run.stdout}\n${run.stderr}`;
  expect(output).toMatch(/3 passed/);
  expect(run.status, output).toBe(0);
}, 180_000);
